use std::process::Command;

use serde_json::{Value, json};

use crate::helpers::{TestApp, status_and_json};
use crate::on_both_engines;

on_both_engines!(
    configured |config| {
        config.limits.shutdown_drain = std::time::Duration::from_secs(1);
    };
    a_stopping_instance_says_so_to_the_balancer_while_it_still_serves,
);

on_both_engines!(
    health_and_readiness_answer_while_the_database_does,
    readiness_and_calls_answer_503_once_the_database_is_gone,
    readiness_answers_503_while_the_schema_is_not_this_versions,
    unknown_api_paths_and_methods_answer_in_the_error_envelope,
    the_openapi_document_describes_every_call_and_its_errors,
    the_openapi_document_is_the_snapshot_in_the_repository,
);

/// Two instances started at the same instant on an empty PostgreSQL database: the migrations run
/// once (sqlx holds an advisory lock while it migrates), the landing categories are seeded once,
/// and both take the one signing key.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn two_instances_starting_at_once_on_an_empty_postgresql_database_both_start() {
    let (config, database) = crate::helpers::EmptyPostgres::make().await;
    let other = crate::helpers::beside(&config);
    let (first, second) = tokio::join!(jobportal::prepare(config), jobportal::prepare(other));
    let (first, second) = (first.expect("the first starts"), second.expect("the second starts"));
    const COUNTS: &str = "SELECT (SELECT CAST(COUNT(*) AS BIGINT) FROM categories), \
                          (SELECT CAST(COUNT(*) AS BIGINT) FROM _sqlx_migrations WHERE success)";
    let (categories, migrations): (i64, i64) =
        jobportal::dispatch!(&first.state.db, |pool| sqlx::query_as(COUNTS).fetch_one(pool).await).unwrap();
    let migration_files =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations/postgres")).unwrap().count();
    assert_eq!((categories, migrations), (11, migration_files as i64));
    let token = first.state.keys.sign(&jobportal::accounts::session::Claims {
        id: "someone".into(),
        email: "someone@example.com".into(),
        account_type: "Applicant".into(),
        iat: 0,
        exp: i64::MAX / 2,
        jti: "j".into(),
    });
    assert!(
        second.state.keys.verify::<jobportal::accounts::session::Claims>(&token).is_some(),
        "one signing key for both"
    );
    first.state.db.close().await;
    second.state.db.close().await;
    database.drop_database().await;
}

async fn a_stopping_instance_says_so_to_the_balancer_while_it_still_serves(app: &TestApp) {
    // A connection opened before the stop, as a balancer's pooled one would be.
    assert_eq!(app.get("/readyz").await.0, 200);
    app.begin_stop().await;
    assert_eq!(app.get("/readyz").await, (503, json!({ "success": false, "message": "This instance is stopping" })));
    let (status, body) = app.get("/api/v1/jobs/alljobs?limit=1").await;
    assert_eq!(status, 200, "requests are still answered while the balancer takes the instance out: {body}");
}

async fn readiness_answers_503_while_the_schema_is_not_this_versions(app: &TestApp) {
    const NEWEST: &str = "SELECT version, description, checksum FROM _sqlx_migrations ORDER BY version DESC LIMIT 1";
    let (version, description, checksum): (i64, String, Vec<u8>) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(NEWEST).fetch_one(pool).await).unwrap();
    // As if the newest migration had not been applied (a database restored from before it).
    const FORGET: &str = "DELETE FROM _sqlx_migrations WHERE version = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(FORGET).bind(version).execute(pool).await.map(|_| ())).unwrap();
    assert_eq!(
        app.get("/readyz").await,
        (503, json!({ "success": false, "message": "The database's schema is not this version's" }))
    );
    assert_eq!(app.get("/healthz").await.0, 200, "alive all the same");
    const RESTORE: &str = "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
                           VALUES ($1, $2, TRUE, $3, 0)";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(RESTORE)
        .bind(version)
        .bind(&description)
        .bind(&checksum)
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    assert_eq!(app.get("/readyz").await.0, 200);
}

async fn health_and_readiness_answer_while_the_database_does(app: &TestApp) {
    assert_eq!(app.get("/healthz").await, (200, json!({ "success": true, "message": "ok" })));
    assert_eq!(app.get("/readyz").await, (200, json!({ "success": true, "message": "ready", "searchIndex": "ready" })));
}

async fn readiness_and_calls_answer_503_once_the_database_is_gone(app: &TestApp) {
    app.db.close().await;
    let unavailable = json!({ "success": false, "message": "Database unavailable" });
    assert_eq!(app.get("/readyz").await, (503, unavailable.clone()));
    assert_eq!(app.get("/api/v1/jobs/showAllCategories").await, (503, unavailable.clone()));
    assert_eq!(app.get("/api/v1/jobs/getJob/0000").await, (503, unavailable));
    assert_eq!(app.get("/healthz").await.0, 200, "the process itself is still alive");
}

async fn unknown_api_paths_and_methods_answer_in_the_error_envelope(app: &TestApp) {
    let not_found = json!({ "success": false, "message": "Not found" });
    for path in ["/api/v1/nothing", "/api/v2/jobs/alljobs", "/api", "/api/"] {
        assert_eq!(app.get(path).await, (404, not_found.clone()), "{path}");
    }
    let response = app.client.delete(app.url("/api/v1/jobs/alljobs")).send().await.unwrap();
    assert_eq!(status_and_json(response).await, (405, json!({ "success": false, "message": "Method not allowed" })));
}

async fn the_openapi_document_describes_every_call_and_its_errors(app: &TestApp) {
    let (status, document) = app.get("/api/v1/openapi.json").await;
    assert_eq!(status, 200);
    assert!(document["openapi"].as_str().unwrap().starts_with("3."));
    let paths = document["paths"].as_object().unwrap();
    // Every documented call is served with its method (the routes and the document come from one
    // registration, so a served call cannot be missing from the document either).
    for (path, operations) in paths {
        let concrete = path.replace("{jobId}", "0").replace("{applicationId}", "0").replace("{applicantId}", "0");
        let concrete = concrete.replace("{categoryId}", "0").replace("{file}", "0.svg").replace("{userId}", "0");
        // The path is served: another method is told 405, not 404.
        let response = app.client.patch(app.url(&concrete)).send().await.unwrap();
        assert_eq!(response.status(), 405, "PATCH {path}");
        for method in operations.as_object().unwrap().keys() {
            let method = reqwest::Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let response = app.client.request(method.clone(), app.url(&concrete)).send().await.unwrap();
            assert_ne!(response.status(), 405, "{method} {path}");
        }
    }
    let responses = |path: &str, method: &str| -> Vec<String> {
        let responses: &Value = &paths[path][method]["responses"];
        responses.as_object().unwrap().keys().cloned().collect()
    };
    assert_eq!(responses("/api/v1/jobs/getJob/{jobId}", "get"), ["200", "400", "404", "503"]);
    assert_eq!(responses("/api/v1/jobs/alljobs", "get"), ["200", "400", "503"]);
    assert_eq!(
        responses("/api/v1/jobs/updateJob/{jobId}", "put"),
        ["200", "400", "401", "403", "404", "413", "429", "503"]
    );
    // The answers of every protected call come from its declared requirement, written once.
    let described =
        |path: &str, method: &str, status: &str| paths[path][method]["responses"][status]["description"].clone();
    assert_eq!(
        [401, 403, 503].map(|status| described("/api/v1/jobs/updateJob/{jobId}", "put", &status.to_string())),
        [
            json!("No valid token"),
            json!("The account is not a Recruiter; or an API token without the jobs:write scope"),
            json!("The database is unreachable")
        ]
    );
    assert_eq!(
        described("/api/v1/admin/overview", "get", "403"),
        "The account is not an Admin; or an API token, which cannot make this call"
    );
    assert_eq!(described("/api/v1/auth/logout", "post", "403"), "An API token, which cannot make this call");
    assert_eq!(responses("/api/v1/auth/applications", "get"), ["200", "400", "401", "403", "429", "503"]);
    assert_eq!(responses("/api/v1/jobs/categoryPageDetails", "post"), ["200", "400", "404", "413", "503"]);
    assert_eq!(responses("/readyz", "get"), ["200", "503"]);
    assert_eq!(responses("/api/v1/auth/login", "post"), ["200", "400", "401", "403", "413", "429", "503"]);
    // Every call has an operationId of its own: the web app's generated types are named by them.
    let mut ids: Vec<&str> = paths
        .values()
        .flat_map(|operations| operations.as_object().unwrap().values())
        .map(|operation| operation["operationId"].as_str().unwrap())
        .collect();
    let count = ids.len();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!(ids.len(), count, "an operationId is used twice");
    // Every JSON request body is described field by field, never an untyped object.
    for (path, operations) in paths {
        for (method, operation) in operations.as_object().unwrap() {
            let Some(content) = operation["requestBody"]["content"].as_object() else { continue };
            for (media, body) in content {
                let schema = &body["schema"];
                let typed = schema.get("$ref").is_some() || schema.get("properties").is_some();
                assert!(typed || media == "multipart/form-data", "{method} {path} {media}: {schema}");
            }
        }
    }
    let page = &paths["/api/v1/jobs/alljobs"]["get"]["parameters"];
    let limit = page.as_array().unwrap().iter().find(|parameter| parameter["name"] == "limit").unwrap();
    assert_eq!(
        (&limit["schema"]["minimum"], &limit["schema"]["maximum"], &limit["required"]),
        (&json!(1), &json!(100), &json!(false))
    );
    assert_eq!(document["components"]["securitySchemes"]["bearer"]["scheme"], "bearer");
    assert_eq!(document["components"]["securitySchemes"]["apiToken"]["scheme"], "bearer");
    assert_eq!(
        paths["/api/v1/jobs/updateJob/{jobId}"]["put"]["security"],
        json!([{ "bearer": ["Recruiter"] }, { "apiToken": ["jobs:write"] }]),
        "a login's JWT or an API token with the scope"
    );
}

/// `server/openapi.json` is the document as served, byte for byte; the web app's API types are
/// generated from it. After a deliberate change of the contract, `UPDATE_SNAPSHOTS=1 cargo test
/// openapi` rewrites it (and `npm run api-types` in web/ regenerates the types).
async fn the_openapi_document_is_the_snapshot_in_the_repository(app: &TestApp) {
    let response = app.client.get(app.url("/api/v1/openapi.json")).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let served = response.text().await.unwrap();
    let snapshot = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("openapi.json");
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&snapshot, &served).unwrap();
    }
    let kept = std::fs::read_to_string(&snapshot).unwrap_or_default();
    assert!(
        served == kept,
        "the served OpenAPI document differs from server/openapi.json; if the change is meant, run \
         `UPDATE_SNAPSHOTS=1 cargo test openapi` and commit the snapshot with the regenerated web types"
    );
}

/// SQLite is built without STAT4 (`.cargo/config.toml`): with it, an analyzed database has every
/// statement that compares a bound value with an indexed column compiled again whenever its values
/// change, as the applications' group insert was on every run.
#[tokio::test]
async fn sqlite_is_built_without_stat4_so_statements_stay_compiled_whatever_their_values() {
    let app = TestApp::sqlite(|_| {}).await;
    let jobportal::db::Db::Sqlite(pool) = &app.db else { unreachable!("a SQLite server") };
    let options: Vec<String> = sqlx::query_scalar("PRAGMA compile_options").fetch_all(pool).await.unwrap();
    assert!(options.iter().any(|option| option == "THREADSAFE=1"), "{options:?}");
    assert!(!options.iter().any(|option| option.starts_with("ENABLE_STAT")), "{options:?}");
}

/// On SQLite no commit copies the log back into the database file, which its writer (and every
/// writer after it) would wait for: each of the server's connections has SQLite's automatic
/// checkpoint off, and the server's own task copies a log larger than SQLite's threshold (1,000
/// pages) back into the file, with nobody else checkpointing.
#[tokio::test]
async fn sqlite_commits_never_checkpoint_and_the_servers_own_task_copies_the_log_back() {
    use jobportal::db::Db;
    let app = TestApp::sqlite(|_| {}).await;
    let (Db::Sqlite(main), Db::Sqlite(books), Db::Sqlite(writer)) =
        (&app.db, app.state.outbox.books(), &app.db.one_connection())
    else {
        unreachable!("a SQLite server's connections are all to SQLite")
    };
    for pool in [main, books, writer] {
        let (pages,): (i64,) = sqlx::query_as("PRAGMA wal_autocheckpoint").fetch_one(pool).await.unwrap();
        assert_eq!(pages, 0, "commits never checkpoint");
    }

    let file = main.connect_options().get_filename().to_path_buf();
    let before = std::fs::metadata(&file).unwrap().len();
    sqlx::query("CREATE TABLE checkpoint_filler (b BLOB)").execute(main).await.unwrap();
    sqlx::query(
        "WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) \
         INSERT INTO checkpoint_filler SELECT zeroblob(4000) FROM n",
    )
    .execute(main)
    .await
    .unwrap();
    // The task looks every 100 ms; nothing of it can be awaited but the file it writes.
    let mut size = before;
    for _ in 0..500 {
        size = std::fs::metadata(&file).unwrap().len();
        if size >= before + 2_000 * 4_000 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(size >= before + 2_000 * 4_000, "the database file holds the 2,000 rows: {before} then {size} bytes");
    app.stop().await;
}

/// On SQLite the applications' writer keeps the journal of each statement in memory: a statement
/// of a batch of applications changes a few hundred pages, past the 64 kB SQLite keeps in memory
/// by default, and each page it changed was otherwise written to a temporary file first. The
/// other connections keep SQLite's default (a reader's sort may be large; the writer's statements
/// are bounded by its batch).
#[tokio::test]
async fn sqlite_the_applications_writer_keeps_its_statement_journals_in_memory() {
    use jobportal::db::Db;
    let app = TestApp::sqlite(|_| {}).await;
    let (Db::Sqlite(main), Db::Sqlite(writer)) = (&app.db, &app.db.one_connection()) else {
        unreachable!("a SQLite server's connections are all to SQLite")
    };
    let temp_store = |pool| async move {
        let (store,): (i64,) = sqlx::query_as("PRAGMA temp_store").fetch_one(pool).await.unwrap();
        store
    };
    // 2 is MEMORY, 0 the default (a file).
    assert_eq!(temp_store(writer).await, 2);
    assert_eq!(temp_store(main).await, 0);
    app.stop().await;
}

#[tokio::test]
async fn every_answer_names_its_request_id_keeping_a_plausible_one_from_the_load_balancer() {
    let app = TestApp::sqlite(|_| {}).await;
    let id_of = |response: &reqwest::Response| response.headers()["x-request-id"].to_str().unwrap().to_owned();

    let first = app.client.get(app.url("/api/v1/jobs/showAllCategories")).send().await.unwrap();
    let second = app.client.get(app.url("/api/v1/jobs/getJob/nope")).send().await.unwrap();
    assert_eq!(second.status(), 404, "errors carry one too");
    let (first, second) = (id_of(&first), id_of(&second));
    assert!(uuid_like(&first), "a new id is a UUID: {first}");
    assert_ne!(first, second, "each request has its own");

    let kept = app.client.get(app.url("/healthz")).header("x-request-id", "nginx-7f3a_01").send().await.unwrap();
    assert_eq!(id_of(&kept), "nginx-7f3a_01");
    let replaced = app.client.get(app.url("/healthz")).header("x-request-id", "a b").send().await.unwrap();
    assert!(uuid_like(&id_of(&replaced)), "an implausible id is replaced");
}

fn uuid_like(id: &str) -> bool {
    id.len() == 36
        && id.split('-').map(str::len).eq([8, 4, 4, 4, 12])
        && id.chars().all(|c| c == '-' || c.is_ascii_hexdigit())
}

#[tokio::test]
async fn the_web_app_is_served_with_caching_compression_and_a_fallback_page() {
    // The page is read when the server starts, as a build leaves it.
    let web = crate::helpers::scratch_dir();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><title>jobportal</title><div id=root></div>").unwrap();
    let script = "export const greeting = 'Connecting Talent with Opportunity';\n".repeat(100);
    std::fs::write(web.join("assets/index-3f9a1c.js"), &script).unwrap();
    let app = TestApp::sqlite(|config| config.web_dir = web.clone()).await;

    for (path, status) in [
        ("/", 200),
        ("/about", 200),
        ("/category/finance", 200),
        ("/dashboard/my-profile", 200),
        ("/no/such/page", 404),
    ] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(response.text().await.unwrap().contains("<div id=root>"), "{path} gets the app");
    }

    let response =
        app.client.get(app.url("/assets/index-3f9a1c.js")).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(response.headers()["content-encoding"], "br");
    let response =
        app.client.get(app.url("/assets/index-3f9a1c.js")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
    assert!(response.bytes().await.unwrap().len() < script.len() / 4, "gzip shrinks a repetitive script");

    let response = app.client.get(app.url("/assets/missing-123.js")).send().await.unwrap();
    assert_eq!(response.status(), 404, "a missing asset is not answered with the page");
    assert_eq!(response.headers().get("cache-control"), None, "and is not cached");
    app.stop().await;
    let _ = std::fs::remove_dir_all(web);
}

#[tokio::test]
async fn the_page_for_a_public_screen_preloads_that_screens_code() {
    let web = crate::helpers::scratch_dir();
    std::fs::create_dir_all(web.join(".vite")).unwrap();
    std::fs::write(web.join("index.html"), "<!doctype html><head><title>jobportal</title></head><div id=root></div>")
        .unwrap();
    let manifest = json!({
        "index.html": { "file": "assets/index-1.js", "imports": ["_react-2.js"] },
        "_react-2.js": { "file": "assets/react-2.js" },
        "_forms-3.js": { "file": "assets/forms-3.js" },
        "src/app/routes/login.tsx": { "file": "assets/login-4.js", "imports": ["_forms-3.js", "_react-2.js"] },
        "src/app/routes/job.tsx": { "file": "assets/job-5.js" },
    });
    std::fs::write(web.join(".vite/manifest.json"), manifest.to_string()).unwrap();
    let app = TestApp::sqlite(|config| config.web_dir = web.clone()).await;

    let page = |path: &'static str, status: u16| {
        let app = &app;
        async move {
            let response = app.client.get(app.url(path)).send().await.unwrap();
            assert_eq!(
                (response.status().as_u16(), &response.headers()["cache-control"]),
                (status, &"no-cache".parse().unwrap()),
                "{path}"
            );
            assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8", "{path}");
            response.text().await.unwrap()
        }
    };
    let login = page("/login", 200).await;
    assert!(login.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/login-4.js\">"), "{login}");
    assert!(login.contains("href=\"/assets/forms-3.js\""), "{login}");
    assert!(!login.contains("react-2.js"), "the entry's own chunks are left to the entry: {login}");
    assert!(page("/job/abc", 404).await.contains("/assets/job-5.js"), "a missing job's page is the app's too");
    let other = page("/dashboard/my-jobs", 200).await;
    assert!(other.contains("<div id=root>") && !other.contains("modulepreload"), "{other}");
    app.stop().await;
    let _ = std::fs::remove_dir_all(web);
}

#[test]
fn a_bad_setting_stops_the_program_with_one_line_naming_it() {
    let data_dir = crate::helpers::scratch_dir();
    for (variable, value) in [("LISTEN_ADDR", "nowhere"), ("MAX_RESUME_BYTES", "-1"), ("DATABASE_URL", "mysql://db")] {
        let output = Command::new(env!("CARGO_BIN_EXE_jobportal"))
            .env(variable, value)
            .env("DATA_DIR", &data_dir)
            .output()
            .expect("the binary runs");
        assert_eq!(output.status.code(), Some(2), "{variable}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(&format!("jobportal: invalid {variable}: ")), "{stderr}");
    }
    let _ = std::fs::remove_dir_all(data_dir);
}

#[tokio::test]
async fn only_configured_origins_are_allowed_cross_origin() {
    let app = TestApp::sqlite(|config| {
        config.cors_origins = vec![axum::http::HeaderValue::from_static("http://localhost:5173")];
    })
    .await;
    let preflight = |origin: &'static str| {
        app.client
            .request(reqwest::Method::OPTIONS, app.url("/api/v1/jobs/updateJob/some-id"))
            .header("origin", origin)
            .header("access-control-request-method", "PUT")
            .header("access-control-request-headers", "authorization,content-type")
            .send()
    };
    let allowed = preflight("http://localhost:5173").await.unwrap();
    assert_eq!(allowed.status(), 200);
    assert_eq!(allowed.headers()["access-control-allow-origin"], "http://localhost:5173");
    let methods = allowed.headers()["access-control-allow-methods"].to_str().unwrap().to_string();
    for method in ["GET", "POST", "PUT", "DELETE"] {
        assert!(methods.contains(method), "{methods}");
    }
    let headers = allowed.headers()["access-control-allow-headers"].to_str().unwrap().to_lowercase();
    assert!(headers.contains("authorization") && headers.contains("content-type"), "{headers}");

    let refused = preflight("https://evil.example").await.unwrap();
    assert!(refused.headers().get("access-control-allow-origin").is_none());
    app.stop().await;
}

#[tokio::test]
async fn without_cors_origins_no_cross_origin_header_is_sent() {
    let app = TestApp::sqlite(|_| {}).await;
    let response = app
        .client
        .get(app.url("/api/v1/jobs/showAllCategories"))
        .header("origin", "http://localhost:5173")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers().get("access-control-allow-origin").is_none());
    app.stop().await;
}

/// A SQLite database that cannot be read for longer than a request waits for a connection (3 s)
/// when the server starts: the server waits for it, up to SQLite's busy timeout (5 s), rather than
/// failing to start. After a crash SQLite reads its whole log back first, which at a million jobs
/// took longer than the pool waits; here another connection holds the database for 3.5 s.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_a_starting_server_waits_for_a_database_held_longer_than_a_request_waits() {
    use std::str::FromStr;

    use jobportal::config::DatabaseUrl;
    use jobportal::db::Db;
    use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqliteLockingMode};
    use sqlx::{ConnectOptions, Connection};

    let dir = crate::helpers::scratch_dir();
    let url = format!("sqlite://{}", dir.join("jobportal.db").display());
    let mut holder = SqliteConnectOptions::from_str(&url)
        .unwrap()
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .locking_mode(SqliteLockingMode::Exclusive)
        .connect()
        .await
        .unwrap();
    // In exclusive locking mode its first write takes the lock, and keeps it until it closes.
    sqlx::query("CREATE TABLE held (id INTEGER)").execute(&mut holder).await.unwrap();

    let opening = tokio::spawn(async move { Db::connect(&DatabaseUrl::Sqlite(url)).await });
    tokio::time::sleep(std::time::Duration::from_millis(3_500)).await;
    assert!(!opening.is_finished(), "the server waits while the database is held");
    holder.close().await.unwrap();
    let db = opening.await.unwrap().expect("the server opens the database once it is free");
    let Db::Sqlite(pool) = &db else { unreachable!("a sqlite: URL opens SQLite") };
    let (held,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM sqlite_schema WHERE name = 'held'").fetch_one(pool).await.unwrap();
    assert_eq!(held, 1, "the database opened is the one that was held");
    db.close().await;
    let _ = std::fs::remove_dir_all(&dir);
}
