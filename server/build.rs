//! The integration tests' PostgreSQL half needs a server, named by `TEST_DATABASE_URL`. Built
//! without one, each PostgreSQL test is compiled as ignored (`cfg(test_database)` unset), so the
//! test runner reports it as skipped instead of passing it without running; CI sets the variable,
//! and a test fails under `CI=true` when it is missing.
fn main() {
    println!("cargo::rustc-check-cfg=cfg(test_database)");
    println!("cargo::rerun-if-env-changed=TEST_DATABASE_URL");
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|url| !url.is_empty()) {
        println!("cargo::rustc-cfg=test_database");
    }
}
