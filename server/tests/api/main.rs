//! The one integration-test binary: the real server over HTTP, on SQLite and on PostgreSQL.

mod helpers;
mod hiring_access;
mod interviews;

mod abuse;
mod accounts;
mod admin;
mod alerts;
mod api_tokens;
mod applicant_search;
mod applications;
mod architecture;
mod backup;
mod categories;
mod cli;
mod cluster;
mod collaboration;
mod companies;
mod company_access;
mod contract;
mod feeds;
mod job_cache;
mod jobs;
mod kept;
mod mail;
mod messages;
mod metrics;
mod notifications;
mod operation;
mod pipeline;
mod privacy;
mod profiles;
mod push;
mod recommendations;
mod resume_text;
mod retention;
mod saved;
mod schema;
mod screening;
mod search;
mod site;
mod storage;
mod teams;
mod webhooks;

/// CI runs every database test on both engines: tests built there without `TEST_DATABASE_URL`
/// would report the PostgreSQL half as skipped, so this one fails instead.
#[test]
fn under_ci_the_postgresql_tests_are_built_to_run() {
    let built_with_postgresql = cfg!(test_database);
    let under_ci = std::env::var("CI").is_ok_and(|ci| ci == "true");
    assert!(built_with_postgresql || !under_ci, "CI=true, but TEST_DATABASE_URL was not set when the tests were built");
}
