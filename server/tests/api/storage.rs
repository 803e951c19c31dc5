//! Resumes in an S3-compatible bucket (`STORAGE_URL=s3://bucket/prefix`) against a real S3 server.

use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{S3Sink, TestApp, free_port, status_and_json};

const PASSWORD: &str = "correct horse battery";

fn pdf(text: &str) -> Vec<u8> {
    format!("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n% {text}\n").into_bytes()
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>) -> (u16, Value) {
    let form = Form::new().part("resume", Part::bytes(bytes).file_name("cv.pdf").mime_str("application/pdf").unwrap());
    let request = app.client.post(app.url("/api/v1/upload/uploadResume")).bearer_auth(token).multipart(form);
    status_and_json(request.send().await.unwrap()).await
}

async fn download(app: &TestApp, link: &str) -> Vec<u8> {
    let response = app.client.get(app.url(link)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    response.bytes().await.unwrap().to_vec()
}

async fn resumes_are_stored_replaced_and_served_from_the_bucket(postgres: bool) {
    let sink = S3Sink::start("resumes").await;
    let configure = |config: &mut jobportal::config::Config| {
        config.storage_url = Some("s3://resumes/jobportal".into());
        config.s3_settings = sink.settings();
    };
    let app = if postgres { TestApp::postgres(configure).await } else { TestApp::sqlite(configure).await };
    assert_eq!(sink.objects().await, [], "the start-up probe leaves nothing behind");

    app.sign_up("Applicant", "s3@example.com", PASSWORD).await;
    let token = app.log_in("s3@example.com", PASSWORD).await;
    let first = pdf("first");
    let (status, body) = upload(&app, &token, first.clone()).await;
    assert_eq!(status, 200, "{body}");
    let objects = sink.objects().await;
    assert_eq!(objects.len(), 1, "{objects:?}");
    let (first_key, size) = &objects[0];
    assert!(first_key.starts_with("jobportal/resumes/") && first_key.ends_with(".pdf"), "{first_key}");
    assert_eq!(*size, first.len() as u64);
    assert!(!app.config.data_dir.join("resumes").exists(), "nothing is written to the local directory");
    assert_eq!(download(&app, body["updatedApplicant"]["resume"].as_str().unwrap()).await, first);

    let second = pdf("second, longer than the first");
    let (status, body) = upload(&app, &token, second.clone()).await;
    assert_eq!(status, 200, "{body}");
    let objects = sink.objects().await;
    assert_eq!(objects.len(), 1, "the replaced resume is removed: {objects:?}");
    assert_ne!(&objects[0].0, first_key);
    assert_eq!(download(&app, body["updatedApplicant"]["resume"].as_str().unwrap()).await, second);

    assert_eq!(
        upload(&app, &token, b"plain text".to_vec()).await,
        (415, json!({ "success": false, "message": "Only PDF files are allowed" }))
    );
    assert_eq!(sink.objects().await.len(), 1, "a refused upload stores nothing");
    app.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resumes_live_in_an_s3_bucket_on_sqlite() {
    resumes_are_stored_replaced_and_served_from_the_bucket(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn resumes_live_in_an_s3_bucket_on_postgres() {
    resumes_are_stored_replaced_and_served_from_the_bucket(true).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bucket_that_cannot_be_written_stops_the_start_with_storage_url_named() {
    let sink = S3Sink::start("resumes").await;
    let nowhere = format!("http://127.0.0.1:{}", free_port());
    for (url, endpoint) in [("s3://no-such-bucket", sink.endpoint.clone()), ("s3://resumes", nowhere)] {
        let mut config = jobportal::config::Config::from_lookup(|name| match name {
            "DATA_DIR" => Some(crate::helpers::scratch_dir().display().to_string()),
            _ => None,
        })
        .unwrap();
        config.storage_url = Some(url.into());
        config.s3_settings = sink.settings();
        config.s3_settings[0].1 = endpoint.into();
        let Err(error) = jobportal::prepare(config).await else { panic!("{url} must not start") };
        let error = error.to_string();
        assert!(error.starts_with(&format!("invalid STORAGE_URL: {url:?} cannot be written: ")), "{error}");
    }
}
