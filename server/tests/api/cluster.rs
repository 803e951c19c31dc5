//! The product as it runs in production: two instances of the real server (the built binary) on
//! one PostgreSQL database and moto's S3, with mail through a real SMTP server, behind HAProxy from
//! Debian's packages running deploy/haproxy.cfg, the example docs/operations.md#haproxy gives.
//! Requests through the balancer alternate between the instances (each answer names its instance in
//! X-Served-By), and people connect from addresses of their own (127.0.0.x), which the balancer
//! forwards.

use std::collections::{BTreeMap, BTreeSet};
use std::net::IpAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use jobportal::config::DatabaseUrl;
use jobportal::db::Db;
use jobportal::dispatch;
use secrecy::ExposeSecret;
use serde_json::{Value, json};

use crate::helpers::{EmptyPostgres, S3Sink, SmtpSink, code_in, free_port, new_job, scratch_dir, status_and_json};

const PASSWORD: &str = "correct horse battery";
const HEALTH_CHECK: &str = "200ms";
/// Longer than the balancer needs to see /readyz fail (two checks) and take the instance out.
const DRAIN_SECS: &str = "2";

/// One instance: the built server binary, with settings from the environment only.
pub(crate) struct Instance {
    name: &'static str,
    port: u16,
    settings: Vec<(String, String)>,
    process: Option<Child>,
}

impl Instance {
    /// Started with `settings`, on a free port, and (unless they name one) a new `DATA_DIR`.
    pub(crate) fn start(name: &'static str, settings: &[(String, String)]) -> Self {
        let port = free_port();
        let mut settings = settings.to_vec();
        settings.push(("LISTEN_ADDR".into(), format!("127.0.0.1:{port}")));
        if !settings.iter().any(|(name, _)| name == "DATA_DIR") {
            settings.push(("DATA_DIR".into(), scratch_dir().display().to_string()));
        }
        let mut instance = Self { name, port, settings, process: None };
        instance.spawn();
        instance
    }

    fn spawn(&mut self) {
        let process = Command::new(env!("CARGO_BIN_EXE_jobportal"))
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("RUST_LOG", if std::env::var_os("TEST_LOG").is_some() { "info" } else { "warn" })
            .envs(self.settings.iter().map(|(name, value)| (name, value)))
            .stdout(Stdio::null())
            .spawn()
            .expect("the server binary starts");
        self.process = Some(process);
    }

    pub(crate) fn address(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Waits (at most 60 s) until the instance says it is ready.
    pub(crate) async fn ready(&mut self) {
        let client = reqwest::Client::new();
        for _ in 0..600 {
            if let Some(exited) = self.process.as_mut().and_then(|process| process.try_wait().unwrap()) {
                panic!("instance {} exited at start: {exited}", self.name);
            }
            let answer = client.get(format!("{}/readyz", self.address())).send().await;
            if answer.is_ok_and(|answer| answer.status() == 200) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("instance {} was not ready within 60 s", self.name);
    }

    /// SIGKILL: the process ends at once, whatever it was doing.
    pub(crate) fn kill(&mut self) {
        let mut process = self.process.take().expect("running");
        process.kill().unwrap();
        process.wait().unwrap();
    }

    /// SIGTERM, then waits for the process to exit by itself; returns its exit status.
    async fn terminate(&mut self) -> std::process::ExitStatus {
        let mut process = self.process.take().expect("running");
        // SAFETY: kill(2) only sends a signal to the process the test started.
        assert_eq!(unsafe { libc::kill(process.id() as i32, libc::SIGTERM) }, 0);
        tokio::task::spawn_blocking(move || process.wait().unwrap()).await.unwrap()
    }
}

impl Drop for Instance {
    fn drop(&mut self) {
        if let Some(mut process) = self.process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }
}

/// HAProxy, from Debian's packages, with deploy/haproxy.cfg.
struct Balancer {
    process: Child,
    port: u16,
}

impl Balancer {
    async fn start(port: u16, a: &Instance, b: &Instance) -> Self {
        let config = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy/haproxy.cfg");
        let process = Command::new("haproxy")
            .arg("-db")
            .arg("-f")
            .arg(&config)
            .env("JOBPORTAL_LISTEN", format!("127.0.0.1:{port}"))
            .env("JOBPORTAL_A", format!("127.0.0.1:{}", a.port))
            .env("JOBPORTAL_B", format!("127.0.0.1:{}", b.port))
            .env("JOBPORTAL_CHECK", HEALTH_CHECK)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("haproxy is installed (Debian's package; .ci/run and make test install it)");
        let balancer = Self { process, port };
        // Up once both instances have answered through it.
        let client = reqwest::Client::new();
        let mut seen = BTreeSet::new();
        for _ in 0..300 {
            if let Ok(answer) = client.get(format!("{}/healthz", balancer.address())).send().await {
                seen.insert(served_by(&answer));
            }
            if seen.contains("a") && seen.contains("b") {
                return balancer;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the balancer did not reach both instances: {seen:?}");
    }

    fn address(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }
}

impl Drop for Balancer {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

fn served_by(response: &reqwest::Response) -> String {
    response.headers().get("x-served-by").and_then(|value| value.to_str().ok()).unwrap_or_default().to_string()
}

/// Someone connecting from 127.0.0.`last`, through the balancer.
struct Person {
    client: reqwest::Client,
    base: String,
    token: Option<String>,
}

#[derive(Debug)]
struct Reply {
    status: u16,
    body: Value,
    served_by: String,
}

impl Person {
    fn at(last: u8, base: &str) -> Self {
        let client = reqwest::Client::builder().local_address(IpAddr::from([127, 0, 0, last])).build().unwrap();
        Self { client, base: base.to_string(), token: None }
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let url = if path.starts_with("http") { path.to_string() } else { format!("{}{path}", self.base) };
        let request = self.client.request(method, url);
        match &self.token {
            Some(token) => request.bearer_auth(token),
            None => request,
        }
    }

    async fn send(&self, request: reqwest::RequestBuilder) -> Reply {
        let response = request.send().await.expect("the balancer answers");
        let served_by = served_by(&response);
        let (status, body) = status_and_json(response).await;
        Reply { status, body, served_by }
    }

    async fn get(&self, path: &str) -> Reply {
        self.send(self.request(reqwest::Method::GET, path)).await
    }

    async fn post(&self, path: &str, body: Value) -> Reply {
        self.send(self.request(reqwest::Method::POST, path).json(&body)).await
    }

    async fn put(&self, path: &str, body: Value) -> Reply {
        self.send(self.request(reqwest::Method::PUT, path).json(&body)).await
    }
}

struct Cluster {
    a: Instance,
    b: Instance,
    balancer: Balancer,
    smtp: SmtpSink,
    _s3: S3Sink,
    db: Db,
    database: EmptyPostgres,
}

impl Cluster {
    async fn start() -> Self {
        let (config, database) = EmptyPostgres::make().await;
        let DatabaseUrl::Postgres(database_url) = &config.database else { unreachable!("a PostgreSQL database") };
        let smtp_port = free_port();
        let smtp = SmtpSink::start(smtp_port).await;
        let s3 = S3Sink::start("cluster-resumes").await;
        // The balancer's address is the site's; it is known before the balancer starts.
        let balancer_port = free_port();
        let mut settings: Vec<(String, String)> = [
            ("DATABASE_URL", database_url.as_str()),
            ("STORAGE_URL", "s3://cluster-resumes"),
            ("SMTP_URL", &format!("smtp://127.0.0.1:{smtp_port}")),
            ("PUBLIC_URL", &format!("http://127.0.0.1:{balancer_port}")),
            ("TRUSTED_PROXIES", "127.0.0.1"),
            ("SHUTDOWN_DRAIN_SECS", DRAIN_SECS),
            ("ALERT_INTERVAL_SECS", "1"),
            ("ALERT_SETTLE_SECS", "1"),
            ("OTP_CLIENT_LIMIT", "1000"),
        ]
        .into_iter()
        .map(|(name, value)| (name.to_string(), value.to_string()))
        .collect();
        settings.extend(s3.settings().into_iter().map(|(name, value)| (name, value.expose_secret().to_string())));
        // Both at the same instant on the empty database.
        let (mut a, mut b) = (Instance::start("a", &settings), Instance::start("b", &settings));
        tokio::join!(a.ready(), b.ready());
        let balancer = Balancer::start(balancer_port, &a, &b).await;
        let db = Db::connect(&config.database).await.expect("the database answers");
        Self { a, b, balancer, smtp, _s3: s3, db, database }
    }

    fn person(&self, last: u8) -> Person {
        Person::at(last, &self.balancer.address())
    }

    /// The same person, talking to one instance straight (no balancer).
    fn straight(&self, person: &Person, instance: &Instance) -> Person {
        Person { client: reqwest::Client::new(), base: instance.address(), token: person.token.clone() }
    }

    async fn sign_up(&self, person: &mut Person, kind: &str, email: &str) -> String {
        let sent = person.post("/api/v1/auth/sendotp", json!({ "email": email, "checkUserPresent": true })).await;
        assert_eq!(sent.status, 200, "{sent:?}");
        let code =
            code_in(&crate::helpers::wait_for_message(|| self.smtp.messages(), email, "verification code").await);
        let form = json!({
            "accountType": kind, "firstName": "Ada", "lastName": "Lovelace", "email": email,
            "password": PASSWORD, "confirmPassword": PASSWORD, "otp": code,
        });
        let signed_up = person.post("/api/v1/auth/signup", form).await;
        assert_eq!(signed_up.status, 200, "{signed_up:?}");
        let logged_in = person.post("/api/v1/auth/login", json!({ "email": email, "password": PASSWORD })).await;
        assert_eq!(logged_in.status, 200, "{logged_in:?}");
        person.token = Some(logged_in.body["token"].as_str().unwrap().to_string());
        signed_up.body["user"]["_id"].as_str().unwrap().to_string()
    }

    async fn stop(self) {
        drop(self.balancer);
        drop((self.a, self.b));
        self.db.close().await;
        self.database.drop_database().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn two_instances_behind_haproxy_serve_the_whole_product_and_lose_nothing_when_stopped() {
    let cluster = Cluster::start().await;
    let people = the_whole_product_works_through_the_balancer(&cluster).await;
    the_login_limit_holds_across_both_instances(&cluster).await;
    each_message_is_delivered_exactly_once(&cluster).await;
    stopping_instances_under_load_fails_no_read_and_loses_no_application(cluster, people).await;
}

const SOP: &str = "I have five years of platform experience and would love to help run your systems.";

fn pdf() -> Vec<u8> {
    let mut bytes = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    bytes.resize(2_000, b' ');
    bytes
}

fn job_form(title: &str, category: &str) -> Value {
    json!({
        "title": title, "company": "Acme Cloud", "description": "Run the platform our customers build on.",
        "maxApplicants": 50, "maxPositions": 2, "dateOfPosting": crate::helpers::day(-1),
        "deadline": crate::helpers::day(30), "skillsets": ["kubernetes"], "jobType": "Full-time", "salary": 90000,
        "categoryName": category, "location": "Pune",
    })
}

fn titles(reply: &Reply) -> Vec<String> {
    reply.body["data"].as_array().unwrap().iter().map(|job| job["title"].as_str().unwrap().to_string()).collect()
}

fn both() -> BTreeSet<String> {
    ["a", "b"].map(String::from).into()
}

fn message(reply: &Reply) -> (u16, &str) {
    (reply.status, reply.body["message"].as_str().unwrap_or_default())
}

struct People {
    recruiter_id: String,
    category: String,
}

async fn upload_resume(person: &Person) -> Reply {
    let part = reqwest::multipart::Part::bytes(pdf()).file_name("cv.pdf").mime_str("application/pdf").unwrap();
    let form = reqwest::multipart::Form::new().part("resume", part);
    person.send(person.request(reqwest::Method::POST, "/api/v1/upload/uploadResume").multipart(form)).await
}

async fn the_whole_product_works_through_the_balancer(c: &Cluster) -> People {
    // Signing up with the e-mailed code and logging in; the session works on both instances.
    let mut recruiter = c.person(10);
    let recruiter_id = c.sign_up(&mut recruiter, "Recruiter", "rita@example.com").await;
    let mut applicant = c.person(11);
    c.sign_up(&mut applicant, "Applicant", "asha@example.com").await;
    let mut served = BTreeSet::new();
    for _ in 0..4 {
        let me = applicant.get("/api/v1/auth/userDetails").await;
        assert_eq!(me.status, 200, "{me:?}");
        served.insert(me.served_by);
    }
    assert_eq!(served, both(), "requests alternate between the instances");

    // A saved search, then a job that matches it, posted through one instance and found in
    // search on the other within a second.
    let saved =
        applicant.post("/api/v1/jobs/savedSearches", json!({ "name": "Kubernetes", "query": "q=kubernetes" })).await;
    assert_eq!(message(&saved), (201, "Search saved"));
    let categories = applicant.get("/api/v1/jobs/showAllCategories").await;
    let category = categories.body["categories"][0]["_id"].as_str().unwrap().to_string();
    let posted = recruiter.post("/api/v1/jobs/createJob", job_form("Kubernetes Platform Engineer", &category)).await;
    assert_eq!(posted.status, 201, "{posted:?}");
    let job = posted.body["data"]["_id"].as_str().unwrap().to_string();
    let other = if posted.served_by == "a" { &c.b } else { &c.a };
    let searching = c.straight(&applicant, other);
    let started = Instant::now();
    loop {
        let found = searching.get("/api/v1/jobs/alljobs?q=kubernetes").await;
        if titles(&found) == ["Kubernetes Platform Engineer"] {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(1), "not in search on {} after a second", other.name);
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    println!(
        "cluster: a job posted through {} was found in search on {} after {} ms",
        posted.served_by,
        other.name,
        started.elapsed().as_millis()
    );
    // Its alert arrives (both instances look for due alerts every second).
    crate::helpers::wait_for_message(|| c.smtp.messages(), "asha@example.com", "1 new job for your saved searches")
        .await;

    // A resume uploaded through one instance is downloaded through either.
    let uploaded = upload_resume(&applicant).await;
    assert_eq!(uploaded.status, 200, "{uploaded:?}");
    let link = uploaded.body["updatedApplicant"]["resume"].as_str().unwrap().to_string();
    assert!(link.starts_with(&c.balancer.address()), "links name the site: {link}");
    for instance in [&c.a, &c.b] {
        let straight = link.replacen(&c.balancer.address(), &instance.address(), 1);
        let download = reqwest::get(&straight).await.unwrap();
        assert_eq!(download.status(), 200, "{straight}");
        assert_eq!(download.bytes().await.unwrap().to_vec(), pdf(), "the same bytes from instance {}", instance.name);
    }

    // Applying, deciding and withdrawing.
    let applied = applicant.post(&format!("/api/v1/jobs/apply/{job}"), json!({ "sop": SOP })).await;
    assert_eq!(applied.status, 201, "{applied:?}");
    let application = applied.body["application"]["_id"].as_str().unwrap().to_string();
    let received = recruiter.get(&format!("/api/v1/auth/jobs/applications/{job}")).await;
    assert_eq!(received.body["applications"][0]["_id"], application.as_str());
    let decided = recruiter
        .put(&format!("/api/v1/auth/updateapplicationstatus/{application}"), json!({ "status": "shortlisted" }))
        .await;
    assert_eq!(decided.status, 200, "{decided:?}");
    for instance in [&c.a, &c.b] {
        let mine = c.straight(&applicant, instance).get("/api/v1/auth/applications").await;
        assert_eq!(mine.body["applications"][0]["status"], "shortlisted", "on {}", instance.name);
    }
    let second = recruiter.post("/api/v1/jobs/createJob", job_form("Site Reliability Engineer", &category)).await;
    let second = second.body["data"]["_id"].as_str().unwrap().to_string();
    let applied = applicant.post(&format!("/api/v1/jobs/apply/{second}"), json!({ "sop": SOP })).await;
    let withdrawn = applied.body["application"]["_id"].as_str().unwrap().to_string();
    let withdrew = applicant.put(&format!("/api/v1/auth/withdrawapplication/{withdrawn}"), json!({})).await;
    assert_eq!(withdrew.status, 200, "{withdrew:?}");

    // An admin's word through one instance is in effect on both at once: a category renamed, a
    // job hidden, an account suspended.
    jobportal::accounts::create_admin(&c.db, "root@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let mut admin = c.person(12);
    let login = admin.post("/api/v1/auth/login", json!({ "email": "root@example.com", "password": PASSWORD })).await;
    admin.token = Some(login.body["token"].as_str().unwrap().to_string());
    let mut spammer = c.person(13);
    let spammer_id = c.sign_up(&mut spammer, "Applicant", "spam@example.com").await;

    let renamed = admin
        .put(
            &format!("/api/v1/admin/categories/{category}"),
            json!({ "name": "Platform Engineering", "description": "Run the platforms." }),
        )
        .await;
    assert_eq!(renamed.status, 200, "{renamed:?}");
    let hidden =
        admin.put(&format!("/api/v1/admin/jobs/{second}/hide"), json!({ "reason": "Duplicate posting" })).await;
    assert_eq!(hidden.status, 200, "{hidden:?}");
    let suspended =
        admin.put(&format!("/api/v1/admin/accounts/{spammer_id}/suspend"), json!({ "reason": "Fake profile" })).await;
    assert_eq!(suspended.status, 200, "{suspended:?}");
    for instance in [&c.a, &c.b] {
        let on = |person: &Person| c.straight(person, instance);
        let categories = on(&applicant).get("/api/v1/jobs/showAllCategories").await;
        assert_eq!(categories.body["categories"][0]["name"], "Platform Engineering", "on {}", instance.name);
        let gone = on(&applicant).get(&format!("/api/v1/jobs/getJob/{second}")).await;
        assert_eq!(message(&gone), (404, "Job not found"), "on {}", instance.name);
        let refused = on(&spammer).get("/api/v1/auth/userDetails").await;
        assert_eq!(message(&refused), (401, "This account has been suspended"), "on {}", instance.name);
    }
    People { recruiter_id, category }
}

async fn the_login_limit_holds_across_both_instances(c: &Cluster) {
    let wrong = json!({ "email": "rita@example.com", "password": "not the password" });
    let attacker = c.person(66);
    let mut served = BTreeSet::new();
    for _ in 0..10 {
        let refused = attacker.post("/api/v1/auth/login", wrong.clone()).await;
        assert_eq!(message(&refused), (401, "Incorrect email or password"));
        served.insert(refused.served_by);
    }
    assert_eq!(served, both(), "the ten failures were spread over both instances");
    let mut served = BTreeSet::new();
    for _ in 0..2 {
        let limited = attacker.post("/api/v1/auth/login", wrong.clone()).await;
        assert_eq!(message(&limited), (429, "Too many failed login attempts. Please try again later"));
        served.insert(limited.served_by);
    }
    assert_eq!(served, both(), "both instances refuse the eleventh and twelfth");
    // The attacker's own X-Forwarded-For stays in front of the address the balancer appends, which
    // is the one the server believes.
    let forged = attacker
        .send(
            attacker
                .request(reqwest::Method::POST, "/api/v1/auth/login")
                .header("x-forwarded-for", "198.51.100.7")
                .json(&wrong),
        )
        .await;
    assert_eq!(message(&forged), (429, "Too many failed login attempts. Please try again later"));
    // The recruiter, from an address of their own, still logs in.
    let right = json!({ "email": "rita@example.com", "password": PASSWORD });
    assert_eq!(c.person(10).post("/api/v1/auth/login", right).await.status, 200);
}

/// The Message-ID of each message the SMTP server received.
fn message_ids(messages: &[String]) -> Vec<String> {
    messages
        .iter()
        .map(|message| {
            let line = message
                .lines()
                .find(|line| line.to_ascii_lowercase().starts_with("message-id:"))
                .expect("a Message-ID");
            let id = line.split_once(':').unwrap().1.trim();
            id.trim_start_matches('<').split('@').next().unwrap().to_string()
        })
        .collect()
}

async fn each_message_is_delivered_exactly_once(c: &Cluster) {
    const UNSENT: &str = "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL";
    const ALL: &str = "SELECT id FROM outbox ORDER BY id";
    for _ in 0..300 {
        let (unsent,): (i64,) = dispatch!(&c.db, |pool| sqlx::query_as(UNSENT).fetch_one(pool).await).unwrap();
        if unsent == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let stored: Vec<(String,)> = dispatch!(&c.db, |pool| sqlx::query_as(ALL).fetch_all(pool).await).unwrap();
    let stored: Vec<String> = stored.into_iter().map(|(id,)| id).collect();
    let mut delivered = message_ids(&c.smtp.messages());
    delivered.sort();
    assert_eq!(delivered, stored, "every message in the outbox was delivered once, by one of the two instances");
    let alerts = c.smtp.messages().iter().filter(|message| message.contains("new job for your saved searches")).count();
    assert_eq!(alerts, 1, "one alert, though both instances look for due alerts every second");
    println!("cluster: {} messages stored, each delivered exactly once", stored.len());
}

/// What the load saw, counted as it went.
#[derive(Default)]
struct Tally {
    reads: AtomicUsize,
    by_a: AtomicUsize,
    by_b: AtomicUsize,
    failed_reads: std::sync::Mutex<Vec<String>>,
}

impl Tally {
    fn served(&self, instance: &str) -> usize {
        if instance == "a" { self.by_a.load(Ordering::Acquire) } else { self.by_b.load(Ordering::Acquire) }
    }

    /// Waits (at most 60 s) until `instance` has answered `more` reads beyond what it had.
    async fn until_served(&self, instance: &str, more: usize) {
        let target = self.served(instance) + more;
        for _ in 0..6_000 {
            if self.served(instance) >= target {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("instance {instance} served no reads through the balancer within 60 s");
    }
}

async fn read(person: &Person, path: &str, tally: &Tally) {
    let answer = person.request(reqwest::Method::GET, path).send().await;
    tally.reads.fetch_add(1, Ordering::AcqRel);
    match answer {
        Ok(response) if response.status() == 200 => {
            let by = served_by(&response);
            let counter = if by == "a" { &tally.by_a } else { &tally.by_b };
            counter.fetch_add(1, Ordering::AcqRel);
            let _ = response.bytes().await;
        }
        Ok(response) => {
            let status = response.status();
            let body = response.text().await.unwrap_or_default();
            tally.failed_reads.lock().unwrap().push(format!("{path}: {status} {body}"));
        }
        Err(error) => tally.failed_reads.lock().unwrap().push(format!("{path}: {error}")),
    }
}

async fn stopping_instances_under_load_fails_no_read_and_loses_no_application(mut c: Cluster, people: People) {
    // Open jobs to apply to, and applicants, each from an address of their own with a resume.
    let mut jobs = Vec::new();
    for n in 0..150 {
        let mut job = new_job(&people.recruiter_id, &people.category, &format!("Load Role {n}"));
        job.max_applicants = 100;
        let jobportal::jobs::repo::Posted::Listed(job) = jobportal::jobs::repo::insert(&c.db, &job).await.unwrap()
        else {
            panic!("the job is listed");
        };
        jobs.push(job.id);
    }
    let mut applicants = Vec::new();
    for n in 0..8u8 {
        let mut applicant = c.person(20 + n);
        let id = c.sign_up(&mut applicant, "Applicant", &format!("load{n}@example.com")).await;
        assert_eq!(upload_resume(&applicant).await.status, 200);
        applicants.push((id, applicant));
    }
    let jobs = Arc::new(jobs);
    let tally = Arc::new(Tally::default());
    let stop = Arc::new(AtomicBool::new(false));

    let mut readers = Vec::new();
    for n in 0..4u8 {
        let (reader, jobs, tally, stop) = (c.person(40 + n), jobs.clone(), tally.clone(), stop.clone());
        readers.push(tokio::spawn(async move {
            let mut turn = usize::from(n);
            while !stop.load(Ordering::Acquire) {
                read(&reader, &format!("/api/v1/jobs/alljobs?q=load+role&page={}", turn % 5 + 1), &tally).await;
                read(&reader, &format!("/api/v1/jobs/getJob/{}", jobs[turn % jobs.len()]), &tally).await;
                turn += 7;
            }
        }));
    }
    let mut appliers = Vec::new();
    for (n, (id, applicant)) in applicants.into_iter().enumerate() {
        let (jobs, stop) = (jobs.clone(), stop.clone());
        appliers.push(tokio::spawn(async move {
            // Every job once, from a different starting point for each applicant, paced so the
            // applications go on through every stop and start below.
            let mut answers = Vec::new();
            let mut pace = tokio::time::interval(Duration::from_millis(40));
            for turn in 0..jobs.len() {
                if stop.load(Ordering::Acquire) {
                    break;
                }
                pace.tick().await;
                let job = &jobs[(n * 19 + turn) % jobs.len()];
                let request = applicant
                    .request(reqwest::Method::POST, &format!("/api/v1/jobs/apply/{job}"))
                    .json(&json!({ "sop": SOP }));
                let answer = match request.send().await {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        (status, response.text().await.unwrap_or_default())
                    }
                    Err(_) => (0, "no answer: the connection closed".to_string()),
                };
                answers.push((job.clone(), answer));
            }
            (id, answers)
        }));
    }

    // Both serving; then one is killed outright, and comes back; then the other is stopped
    // with SIGTERM, and comes back. Each step waits for the load to have gone on through it.
    tally.until_served("a", 20).await;
    tally.until_served("b", 20).await;
    c.a.kill();
    tally.until_served("b", 100).await;
    c.a.spawn();
    c.a.ready().await;
    tally.until_served("a", 50).await;
    let exit = c.b.terminate().await;
    assert!(exit.success(), "a stopped instance exits cleanly: {exit}");
    tally.until_served("a", 100).await;
    c.b.spawn();
    c.b.ready().await;
    tally.until_served("b", 50).await;
    stop.store(true, Ordering::Release);
    for reader in readers {
        reader.await.unwrap();
    }

    let failed_reads = tally.failed_reads.lock().unwrap().clone();
    assert_eq!(failed_reads, Vec::<String>::new(), "no read failed while instances stopped and started");
    const STORED: &str = "SELECT job_id, COUNT(*) FROM applications WHERE applicant_id = $1 GROUP BY job_id";
    let (mut acknowledged, mut failed) = (0, BTreeMap::<String, usize>::new());
    for applier in appliers {
        let (id, answers) = applier.await.unwrap();
        let rows: Vec<(String, i64)> =
            dispatch!(&c.db, |pool| sqlx::query_as(STORED).bind(&id).fetch_all(pool).await).unwrap();
        let stored: BTreeMap<String, i64> = rows.into_iter().collect();
        assert!(stored.values().all(|count| *count == 1), "no application is stored twice: {stored:?}");
        for (job, (status, body)) in answers {
            if status == 201 {
                acknowledged += 1;
                assert_eq!(stored.get(&job), Some(&1), "an acknowledged application is stored");
            } else {
                let kind = if status == 0 { body } else { format!("{status}") };
                *failed.entry(kind).or_default() += 1;
            }
        }
    }
    println!(
        "cluster under load: {} reads, none failed; {acknowledged} applications acknowledged, each stored once; \
         writes that failed while an instance died or stopped: {failed:?}",
        tally.reads.load(Ordering::Acquire)
    );
    c.stop().await;
}
