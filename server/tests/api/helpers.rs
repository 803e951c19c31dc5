//! Starts the real server on port 0 with a fresh database: SQLite in a new directory, or a new
//! PostgreSQL database made from `TEST_DATABASE_URL` and dropped when the test ends.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use jobportal::config::{Config, DatabaseUrl};
use jobportal::db::Db;
use jobportal::dispatch;
use jobportal::jobs::model::Job;
use jobportal::jobs::model::NewJob;
use jobportal::jobs::repo as jobs_repo;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: Db,
    pub config: Arc<Config>,
    pub search: Arc<jobportal::jobs::search::Search>,
    /// The server's own state, for what the tests run beside it (the alerts' worker, the background
    /// tasks).
    pub state: jobportal::state::AppState,
    /// With the parts that belong to features (the job listings, the applications' write group).
    pub parts: jobportal::App,
    /// Taken (and sent) once, by `begin_stop` or `stop`.
    stop: std::sync::Mutex<Option<oneshot::Sender<()>>>,
    served: tokio::task::JoinHandle<()>,
    postgres: Option<(String, String)>,
}

/// Runs each named `async fn(&TestApp)` as two tests: `<name>::sqlite`, and `<name>::postgres`,
/// which is ignored (reported as skipped) unless `TEST_DATABASE_URL` was set when the tests were
/// built (CI sets it; see build.rs).
#[macro_export]
macro_rules! on_both_engines {
    ($($name:ident),+ $(,)?) => {
        $crate::on_both_engines!(configured |_config| {}; $($name),+);
    };
    (configured |$config:ident| $customize:block; $($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let app = $crate::helpers::TestApp::sqlite(|$config| $customize).await;
                super::$name(&app).await;
                app.stop().await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            #[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
            async fn postgres() {
                let app = $crate::helpers::TestApp::postgres(|$config| $customize).await;
                super::$name(&app).await;
                app.stop().await;
            }
        }
    )+};
}

/// A new, empty database on the PostgreSQL server `TEST_DATABASE_URL` names, with a configuration
/// that points at it; dropped by `drop_database` (or handed to a `TestApp`, which drops it).
pub struct EmptyPostgres {
    admin_url: String,
    name: String,
}

impl EmptyPostgres {
    pub async fn make() -> (Config, Self) {
        let admin_url = std::env::var("TEST_DATABASE_URL")
            .ok()
            .filter(|url| !url.is_empty())
            .expect("TEST_DATABASE_URL names the PostgreSQL server the tests were built for");
        let name = format!("jobportal_test_{}", uuid::Uuid::now_v7().simple());
        let admin = Db::connect(&DatabaseUrl::Postgres(admin_url.clone())).await.expect("TEST_DATABASE_URL answers");
        dispatch!(&admin, |pool| {
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}"))).execute(pool).await.map(|_| ())
        })
        .expect("a fresh test database");
        admin.close().await;
        let mut config = base_config(&scratch_dir());
        config.database = DatabaseUrl::Postgres(with_database(&admin_url, &name));
        (config, Self { admin_url, name })
    }

    fn forget(self) -> (String, String) {
        (self.admin_url, self.name)
    }

    /// Drops the database (every connection to it closed first).
    pub async fn drop_database(self) {
        drop_database(self.admin_url, &self.name).await;
    }
}

async fn drop_database(admin_url: String, name: &str) {
    let admin = Db::connect(&DatabaseUrl::Postgres(admin_url)).await.expect("TEST_DATABASE_URL answers");
    let _ = dispatch!(&admin, |pool| {
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")))
            .execute(pool)
            .await
            .map(|_| ())
    });
    admin.close().await;
}

/// The configuration of another instance beside `config`'s: the same database, a data folder
/// (and search index) of its own.
pub fn beside(config: &Config) -> Config {
    let data_dir = scratch_dir();
    let mut config = config.clone();
    config.index_dir = data_dir.join("index");
    config.data_dir = data_dir;
    config
}

pub fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("jobportal-test-{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

fn base_config(data_dir: &Path) -> Config {
    let data_dir = data_dir.to_path_buf();
    Config::from_lookup(|name| match name {
        "DATA_DIR" => Some(data_dir.display().to_string()),
        "WEB_DIR" => Some(data_dir.join("web").display().to_string()),
        // The tests run in their own program: resumes are read by the server's.
        "PDF_READER" => Some(env!("CARGO_BIN_EXE_jobportal").to_string()),
        _ => None,
    })
    .expect("the test configuration is valid")
}

impl TestApp {
    pub async fn sqlite(customize: impl FnOnce(&mut Config)) -> Self {
        let mut config = base_config(&scratch_dir());
        customize(&mut config);
        Self::start(config, None).await
    }

    /// On a new database of the PostgreSQL server `TEST_DATABASE_URL` names. The tests that call
    /// it are built as ignored without the variable, so a developer without PostgreSQL runs the
    /// SQLite half and sees the rest reported as skipped.
    pub async fn postgres(customize: impl FnOnce(&mut Config)) -> Self {
        let (mut config, database) = EmptyPostgres::make().await;
        customize(&mut config);
        Self::start(config, Some(database.forget())).await
    }

    async fn start(mut config: Config, postgres: Option<(String, String)>) -> Self {
        show_logs_when_asked();
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a free port");
        let address = format!("http://{}", listener.local_addr().unwrap());
        // Links the server hands out (avatars, resumes, e-mails) point at this test server, unless
        // the test gave the API an address of its own.
        if config.api_public_url == config.public_url {
            config.api_public_url = address.clone();
        }
        config.public_url = address.clone();
        let parts = jobportal::prepare(config).await.expect("the server prepares");
        let (db, config, search) = (parts.state.db.clone(), parts.state.config.clone(), parts.listings.search.clone());
        let shared = parts.clone();
        let (stop, stopped) = oneshot::channel::<()>();
        let served = tokio::spawn(async move {
            jobportal::serve(parts, listener, async {
                let _ = stopped.await;
            })
            .await
            .expect("the server runs");
        });
        let app = Self {
            address,
            client: reqwest::Client::new(),
            db,
            config,
            search,
            state: shared.state.clone(),
            parts: shared,
            stop: std::sync::Mutex::new(Some(stop)),
            served,
            postgres,
        };
        if app.config.search_index {
            app.index_ready().await;
        }
        app.parts.listings.cache.following().await;
        app
    }

    /// Waits until the search index is built (a new one is built from the database at start).
    pub async fn index_ready(&self) {
        let built = tokio::time::timeout(std::time::Duration::from_secs(60), self.search.built()).await;
        assert!(built.is_ok(), "the search index was not built within 60 s");
    }

    /// Waits until every task an anonymous request left running after its answer (a reset
    /// e-mail) has ended: it takes every slot those tasks hold, then gives them back.
    pub async fn background_tasks_done(&self) {
        let slots = jobportal::state::BACKGROUND_TASKS as u32;
        drop(self.state.background.acquire_many(slots).await.expect("the semaphore is never closed"));
    }

    /// The key the server signs sessions with (kept in the database when `JWT_SECRET` is unset).
    pub async fn signing_secret(&self) -> String {
        const SQL: &str = "SELECT value FROM server_secrets WHERE name = 'jwt'";
        let (secret,): (String,) =
            dispatch!(&self.db, |pool| sqlx::query_as(SQL).fetch_one(pool).await).expect("a signing key is kept");
        secret
    }

    /// A second instance of the server on this one's database, with a data folder (and search
    /// index) of its own, as another machine behind a load balancer would run.
    pub async fn beside(&self) -> Self {
        let app = Self::start(beside(&self.config), None).await;
        if app.config.search_index {
            app.index_ready().await;
        }
        app
    }

    /// Applies the jobs written directly (not through the API) to the search index and the job
    /// cache now, as a write through the API does.
    pub async fn sync_index(&self) {
        self.parts.listings.changed(&self.db).await;
    }

    /// Stops the server gracefully and removes what the test made.
    /// Tells the server to stop, as SIGTERM does, and returns once it has taken the word (it
    /// may still be serving: see `SHUTDOWN_DRAIN_SECS`).
    pub async fn begin_stop(&self) {
        let sender = self.stop.lock().expect("never poisoned").take();
        if let Some(stop) = sender {
            let _ = stop.send(());
            let mut stopping = self.state.stopping.subscribe();
            let _ = stopping.wait_for(|stopping| *stopping).await;
        }
    }

    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.lock().expect("never poisoned").take() {
            let _ = stop.send(());
        }
        let _ = (&mut self.served).await;
        self.db.close().await;
        if let Some((admin_url, name)) = self.postgres.take() {
            drop_database(admin_url, &name).await;
        }
        let _ = std::fs::remove_dir_all(&self.config.data_dir);
    }

    /// The address of `path` on this server; an absolute link (one the server made) as it is.
    pub fn url(&self, path: &str) -> String {
        if path.starts_with("http://") {
            return path.to_string();
        }
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> (u16, Value) {
        let response = self.client.get(self.url(path)).send().await.expect("the request is sent");
        status_and_json(response).await
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> (u16, Value) {
        let response = self.client.post(self.url(path)).json(body).send().await.expect("the request is sent");
        status_and_json(response).await
    }

    pub async fn category_id(&self, name: &str) -> String {
        let (_, body) = self.get("/api/v1/jobs/showAllCategories").await;
        body["categories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|category| category["name"] == name)
            .unwrap_or_else(|| panic!("category {name} exists"))["_id"]
            .as_str()
            .unwrap()
            .to_string()
    }

    /// A recruiter account written straight into the database (no password hash, no signup code), for
    /// tests about jobs rather than accounts: quicker than signing up through the API.
    /// Owner of a company of their own, as every recruiter is from their first call.
    pub async fn recruiter(&self) -> String {
        let id = self.recruiter_without_company().await;
        jobportal::membership::repo::of_or_found(&self.db, &id).await.expect("the company is stored");
        id
    }

    /// A recruiter as a server from before companies left them: in no company.
    pub async fn recruiter_without_company(&self) -> String {
        const SQL: &str = "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, created_at) \
                           VALUES ($1, 'Rita', 'Recruiter', $2, 'not-a-hash', 'Recruiter', 0)";
        let id = jobportal::db::new_id();
        let email = format!("rita-{id}@example.com");
        dispatch!(&self.db, |pool| sqlx::query(SQL).bind(&id).bind(&email).execute(pool).await.map(|_| ()))
            .expect("the recruiter is stored");
        id
    }

    /// Sets the company named in a recruiter's profile.
    pub async fn set_profile_company(&self, recruiter: &str, company: &str) {
        const SQL: &str = "INSERT INTO recruiter_profiles (user_id, company) VALUES ($1, $2) \
                           ON CONFLICT (user_id) DO UPDATE SET company = excluded.company";
        dispatch!(&self.db, |pool| sqlx::query(SQL).bind(recruiter).bind(company).execute(pool).await.map(|_| ()))
            .expect("the profile is stored");
    }

    /// The name of the company a person belongs to, if any.
    pub async fn company_of(&self, user: &str) -> Option<String> {
        let member = jobportal::membership::repo::of(&self.db, user).await.expect("the membership is read")?;
        let company =
            jobportal::companies::repo::by_id(&self.db, &member.company_id).await.expect("the company is read");
        company.map(|company| company.name)
    }

    /// The slug of the company a person belongs to (their company's page is `/company/{slug}`).
    pub async fn company_slug_of(&self, user: &str) -> String {
        let member = jobportal::membership::repo::of(&self.db, user).await.expect("the membership is read").unwrap();
        let company =
            jobportal::companies::repo::by_id(&self.db, &member.company_id).await.expect("the company is read");
        company.unwrap().slug
    }

    pub async fn job(&self, recruiter: &str, category: &str, title: &str) -> Job {
        let jobs_repo::Posted::Listed(job) =
            jobs_repo::insert(&self.db, &new_job(recruiter, category, title)).await.expect("the job is stored")
        else {
            panic!("the recruiter and the category are there");
        };
        self.sync_index().await;
        *job
    }

    pub async fn delete_job_directly(&self, id: &str) {
        const SQL: &str = "UPDATE jobs SET deleted_at = 1 WHERE id = $1";
        dispatch!(&self.db, |pool| sqlx::query(SQL).bind(id).execute(pool).await.map(|_| ()))
            .expect("the job is marked deleted");
        self.sync_index().await;
    }
}

const DAY_MILLIS: i64 = 24 * 60 * 60 * 1000;

/// The start (midnight UTC) of the day `days` from today, in Unix milliseconds: every date a test
/// gives a job is relative to now, so no test expires as the calendar moves on.
pub fn midnight_millis(days: i64) -> i64 {
    (jobportal::db::now_millis().div_euclid(DAY_MILLIS) + days) * DAY_MILLIS
}

/// The same day as the API answers it: `YYYY-MM-DDT00:00:00Z`.
pub fn midnight(days: i64) -> String {
    jobportal::jobs::model::rfc3339_from_millis(midnight_millis(days))
}

/// The same day as a form gives it: `YYYY-MM-DD`.
pub fn day(days: i64) -> String {
    midnight(days)[..10].to_string()
}

pub fn new_job(recruiter: &str, category: &str, title: &str) -> NewJob {
    NewJob {
        user_id: recruiter.into(),
        category_id: category.into(),
        title: title.into(),
        company: "Acme Labs".into(),
        description: "Build and run the systems our customers rely on.".into(),
        location: "Pune".into(),
        salary: 85_000,
        date_of_posting: midnight_millis(-30),
        deadline: midnight_millis(30),
        max_applicants: 20,
        max_positions: 2,
        skillsets: vec!["rust".into(), "sql".into()],
        job_type: jobportal::jobs::model::JobType::FullTime,
        salary_max: None,
        work_mode: jobportal::jobs::model::WorkMode::OnSite,
        questions: Vec::new(),
    }
}

/// The status and JSON body of a response, after checking both against the OpenAPI document.
pub async fn status_and_json(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let url = response.url().to_string();
    let content_type =
        response.headers().get(reqwest::header::CONTENT_TYPE).and_then(|value| value.to_str().ok()).map(str::to_owned);
    let text = response.text().await.expect("a body");
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("a JSON body, got {status}: {text}"));
    crate::contract::check_response(&url, status, content_type.as_deref(), &body);
    (status, body)
}

fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, format!("?{query}")),
        None => (url, String::new()),
    };
    let server = match base.rfind('/') {
        Some(slash) if slash > "postgres://".len() => &base[..slash],
        _ => base,
    };
    format!("{server}/{name}{query}")
}

/// The messages written to the `.eml` outbox (no `SMTP_URL`), oldest first.
pub fn outbox_files(app: &TestApp) -> Vec<String> {
    read_messages(&app.config.data_dir.join("outbox"))
}

/// Every message file in `dir` (an outbox directory or a maildir's `new/`), oldest first.
pub fn read_messages(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .filter_map(Result::ok)
        .filter(|entry| !entry.file_name().to_string_lossy().starts_with('.'))
        .filter_map(|entry| Some((entry.metadata().ok()?.modified().ok()?, entry.path())))
        .collect();
    files.sort();
    files.into_iter().filter_map(|(_, path)| std::fs::read_to_string(path).ok()).map(|text| unfold(&text)).collect()
}

/// Undoes quoted-printable soft line breaks and `=3D`, so links and codes read whole.
fn unfold(text: &str) -> String {
    text.replace("=\r\n", "").replace("=\n", "").replace("=3D", "=")
}

/// Waits up to ten seconds for a message to `to` whose text contains `needle`.
pub async fn wait_for_message(read: impl Fn() -> Vec<String>, to: &str, needle: &str) -> String {
    for _ in 0..100 {
        if let Some(message) =
            read().into_iter().find(|m| m.contains(&format!("To: {}", to.to_lowercase())) && m.contains(needle))
        {
            return message;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no message to {to} containing {needle:?} arrived; have {:#?}", read());
}

/// The six-digit code in a signup-code message.
pub fn code_in(message: &str) -> String {
    let marker = "Your jobportal verification code: ";
    let start = message.find(marker).expect("a signup-code subject") + marker.len();
    message[start..start + 6].to_string()
}

impl TestApp {
    pub async fn mail(&self, to: &str, needle: &str) -> String {
        wait_for_message(|| outbox_files(self), to, needle).await
    }

    pub async fn send_otp(&self, email: &str) -> (u16, Value) {
        self.post_json("/api/v1/auth/sendotp", &serde_json::json!({ "email": email, "checkUserPresent": true })).await
    }

    /// Signs up through the real calls, reading the code from the outbox. Returns the user.
    pub async fn sign_up(&self, account_type: &str, email: &str, password: &str) -> Value {
        let (status, _) = self.send_otp(email).await;
        assert_eq!(status, 200);
        let code = code_in(&self.mail(email, "verification code").await);
        let (status, body) = self
            .post_json(
                "/api/v1/auth/signup",
                &serde_json::json!({
                    "accountType": account_type, "firstName": "Ada", "lastName": "Lovelace", "email": email,
                    "password": password, "confirmPassword": password, "otp": code,
                }),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        body["user"].clone()
    }

    pub async fn log_in(&self, email: &str, password: &str) -> String {
        let (status, body) =
            self.post_json("/api/v1/auth/login", &serde_json::json!({ "email": email, "password": password })).await;
        assert_eq!(status, 200, "{body}");
        body["token"].as_str().unwrap().to_string()
    }

    pub async fn get_as(&self, path: &str, token: &str) -> (u16, Value) {
        let response = self.client.get(self.url(path)).bearer_auth(token).send().await.expect("the request is sent");
        status_and_json(response).await
    }

    /// Uploads `bytes` as the caller's resume, as a browser would (one multipart file field).
    pub async fn upload_resume(&self, token: &str, bytes: Vec<u8>, name: &str, mime: &str) -> (u16, Value) {
        let part = reqwest::multipart::Part::bytes(bytes).file_name(name.to_string()).mime_str(mime).unwrap();
        let form = reqwest::multipart::Form::new().part("resume", part);
        let request = self.client.post(self.url("/api/v1/upload/uploadResume")).bearer_auth(token).multipart(form);
        status_and_json(request.send().await.expect("the request is sent")).await
    }

    pub async fn post_as(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        let response =
            self.client.post(self.url(path)).bearer_auth(token).json(body).send().await.expect("the request is sent");
        status_and_json(response).await
    }

    /// A new account signed up through the real calls (`kind` is Applicant or Recruiter, the name
    /// Ada Lovelace, the password `PASSWORD`), logged in: its token.
    pub async fn account(&self, kind: &str, email: &str) -> String {
        self.sign_up(kind, email, PASSWORD).await;
        self.log_in(email, PASSWORD).await
    }

    /// A job posted through the API by `recruiter` (a token) at Acme in Pune, posted 30 days ago,
    /// taking 50 applications until `deadline`: its id.
    pub async fn post_job_as(&self, recruiter: &str, title: &str, max_positions: i64, deadline: &str) -> String {
        let form = serde_json::json!({
            "title": title, "company": "Acme", "description": "A good job.", "maxApplicants": 50,
            "maxPositions": max_positions, "dateOfPosting": day(-30), "deadline": deadline, "skillsets": ["rust"],
            "jobType": "Full-time", "salary": 70000, "categoryName": self.category_id("Engineering").await,
            "location": "Pune",
        });
        let (status, body) = self.post_as("/api/v1/jobs/createJob", recruiter, &form).await;
        assert_eq!(status, 201, "{body}");
        body["data"]["_id"].as_str().unwrap().to_string()
    }

    /// `applicant` (a token) applies to `job` through the API: the application's id.
    pub async fn apply_as(&self, applicant: &str, job: &str) -> String {
        let sop = serde_json::json!({ "sop": "I would like to build this." });
        let (status, body) = self.post_as(&format!("/api/v1/jobs/apply/{job}"), applicant, &sop).await;
        assert_eq!(status, 201, "{body}");
        body["application"]["_id"].as_str().unwrap().to_string()
    }

    pub async fn put_as(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        let response =
            self.client.put(self.url(path)).bearer_auth(token).json(body).send().await.expect("the request is sent");
        status_and_json(response).await
    }

    pub async fn delete_as(&self, path: &str, token: &str) -> (u16, Value) {
        let response = self.client.delete(self.url(path)).bearer_auth(token).send().await.expect("the request is sent");
        status_and_json(response).await
    }
}

/// A real SMTP server (Python's aiosmtpd) that stores what it receives in a maildir.
pub struct SmtpSink {
    process: std::process::Child,
    pub maildir: PathBuf,
}

/// The password of the accounts `TestApp::account` makes.
pub const PASSWORD: &str = "correct horse battery";

/// The error envelope an API refusal answers with.
pub fn error(message: &str) -> Value {
    serde_json::json!({ "success": false, "message": message })
}

/// A loopback port nothing listens on (yet).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

impl SmtpSink {
    pub async fn start(port: u16) -> Self {
        let maildir = scratch_dir().join("maildir");
        let process = std::process::Command::new("python3")
            .args(["-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}"), "-c", "aiosmtpd.handlers.Mailbox"])
            .arg(&maildir)
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("python3 with aiosmtpd is installed (.ci/run installs it)");
        // Made first, so that a sink that never answers is killed (on drop) when this panics.
        let sink = Self { process, maildir };
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return sink;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the SMTP sink did not start on port {port}");
    }

    pub fn messages(&self) -> Vec<String> {
        read_messages(&self.maildir.join("new"))
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
        let _ = std::fs::remove_dir_all(self.maildir.parent().unwrap());
    }
}

/// A real S3-compatible server (moto's, from PyPI) on a free loopback port, with one empty bucket.
pub struct S3Sink {
    process: std::process::Child,
    pub endpoint: String,
    pub bucket: String,
}

impl S3Sink {
    /// A port found free can be taken by another test's server before moto listens on it: moto
    /// then ends, and the other server answers the bucket's creation (a CI run saw 405). So a sink
    /// that did not make its bucket is stopped, and another port tried.
    pub async fn start(bucket: &str) -> Self {
        let mut answers = Vec::new();
        for _ in 0..5 {
            match Self::start_on(free_port(), bucket).await {
                Ok(sink) => return sink,
                Err(answer) => answers.push(answer),
            }
        }
        panic!("the S3 server did not make its bucket on five ports: {answers:?}");
    }

    /// The sink on `port` with `bucket` made, or what happened instead.
    async fn start_on(port: u16, bucket: &str) -> Result<Self, String> {
        let process = std::process::Command::new("python3")
            .args(["-m", "moto.server", "-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("python3 with moto[server] is installed (.ci/run installs it)");
        // Made first, so that moto is stopped (on drop) whatever happens next.
        let mut sink = Self { process, endpoint: format!("http://127.0.0.1:{port}"), bucket: bucket.to_string() };
        let client = reqwest::Client::new();
        for _ in 0..300 {
            if let Ok(Some(status)) = sink.process.try_wait() {
                return Err(format!("port {port}: moto ended ({status})"));
            }
            if let Ok(response) = client.put(format!("{}/{bucket}", sink.endpoint)).send().await {
                return match response.status().as_u16() {
                    200 => Ok(sink),
                    status => Err(format!("port {port}: making the bucket answered {status}")),
                };
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        Err(format!("port {port}: nothing answered"))
    }

    /// The settings a server reaches this bucket with.
    pub fn settings(&self) -> Vec<(String, secrecy::SecretString)> {
        [
            ("AWS_ENDPOINT_URL", self.endpoint.as_str()),
            ("AWS_ALLOW_HTTP", "true"),
            ("AWS_REGION", "us-east-1"),
            ("AWS_ACCESS_KEY_ID", "test-key"),
            ("AWS_SECRET_ACCESS_KEY", "test-secret"),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_string(), value.to_string().into()))
        .collect()
    }

    /// Every key in the bucket with its size, as the S3 API lists them.
    pub async fn objects(&self) -> Vec<(String, u64)> {
        let url = format!("{}/{}?list-type=2", self.endpoint, self.bucket);
        let listing = reqwest::get(url).await.unwrap().text().await.unwrap();
        listing
            .split("<Contents>")
            .skip(1)
            .map(|entry| {
                let field = |name: &str| {
                    let start = entry.find(&format!("<{name}>")).unwrap() + name.len() + 2;
                    let end = entry.find(&format!("</{name}>")).unwrap();
                    entry[start..end].to_string()
                };
                (field("Key"), field("Size").parse().unwrap())
            })
            .collect()
    }
}

impl Drop for S3Sink {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// `TEST_LOG=1 cargo test` shows what the test servers log (filtered by `RUST_LOG`, `info` by
/// default), each line with its request's id and route; without it the tests run silent.
fn show_logs_when_asked() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        if std::env::var_os("TEST_LOG").is_some() {
            let filter = tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn"));
            let _ = tracing_subscriber::fmt().with_env_filter(filter).with_test_writer().try_init();
        }
    });
}

/// The secret of the last invitation mailed to `to`.
pub async fn invitation_secret(app: &TestApp, to: &str) -> String {
    let message = app.mail(to, "/invitations/").await;
    let from = message.rfind("/invitations/").unwrap() + "/invitations/".len();
    message[from..].chars().take_while(char::is_ascii_hexdigit).collect()
}

/// A new member of the owner's company with `role`, signed up from the invitation: their token
/// and user id.
pub async fn join_team(app: &TestApp, owner: &str, email: &str, role: &str) -> (String, String) {
    let (status, body) =
        app.post_as("/api/v1/company/invitations", owner, &serde_json::json!({ "email": email, "role": role })).await;
    assert_eq!(status, 201, "{body}");
    let secret = invitation_secret(app, email).await;
    let user = app.sign_up("Recruiter", email, PASSWORD).await;
    let token = app.log_in(email, PASSWORD).await;
    let (status, body) =
        app.post_as(&format!("/api/v1/invitations/{secret}/accept"), &token, &serde_json::json!({})).await;
    assert_eq!(status, 200, "{body}");
    (token, user["_id"].as_str().unwrap().to_string())
}

/// The text an XML entity reference stands for (the five XML predefines), as quick-xml reports one.
pub fn xml_entity(name: &[u8]) -> &'static str {
    match name {
        b"amp" => "&",
        b"lt" => "<",
        b"gt" => ">",
        b"quot" => "\"",
        b"apos" => "'",
        other => panic!("unknown entity {other:?}"),
    }
}
