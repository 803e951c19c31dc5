//! The resume's words: read from PDFs of several producers in a bounded child process (a file
//! with no text, a malformed or a hanging one never harms the server), kept with the profile,
//! replaced by a new upload, and offered as skills (docs/rules.md#resume-text).

use std::path::{Path, PathBuf};
use std::time::Duration;

use bytes::Bytes;
use jobportal::profiles::resume_text::{Reading, TextState, read, read_within};
use serde_json::{Value, json};

use crate::helpers::{TestApp, day};
use crate::on_both_engines;

on_both_engines!(
    an_uploaded_resume_is_read_off_the_request_and_its_skills_offered,
    a_resume_without_text_is_marked_so_and_a_new_upload_is_read_afresh,
);

fn fixture(name: &str) -> Vec<u8> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resumes").join(name);
    std::fs::read(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn reader() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_jobportal"))
}

async fn read_fixture(name: &str) -> Reading {
    read(&reader(), Bytes::from(fixture(name))).await
}

#[tokio::test]
async fn the_pdfs_of_several_producers_are_read_with_their_words() {
    let reportlab = read_fixture("reportlab.pdf").await;
    assert_eq!(reportlab.state, TextState::Found);
    assert!(reportlab.text.contains("Grace Hopper"), "{}", reportlab.text);
    assert!(reportlab.text.contains("payroll batch jobs to Kubernetes"), "{}", reportlab.text);
    // The second page too.
    assert!(reportlab.text.contains("orienteering and zymurgy"), "{}", reportlab.text);

    let fpdf = read_fixture("fpdf.pdf").await;
    assert_eq!(fpdf.state, TextState::Found);
    assert!(fpdf.text.contains("morphogenesis"), "{}", fpdf.text);

    let chromium = read_fixture("chromium.pdf").await;
    assert_eq!(chromium.state, TextState::Found);
    assert!(chromium.text.contains("trajectory analysis"), "{}", chromium.text);
}

#[tokio::test]
async fn a_pdf_without_text_is_no_text_and_a_broken_one_unreadable() {
    assert_eq!(read_fixture("scanned.pdf").await, Reading { state: TextState::NoText, text: String::new() });
    assert_eq!(read_fixture("malformed.pdf").await, Reading { state: TextState::Unreadable, text: String::new() });
    assert_eq!(read_fixture("truncated.pdf").await, Reading { state: TextState::Unreadable, text: String::new() });
    assert_eq!(
        read(&reader(), Bytes::from_static(b"%PDF-1.4\n")).await,
        Reading { state: TextState::Unreadable, text: String::new() }
    );
}

#[tokio::test]
async fn a_reader_that_hangs_is_killed_at_its_time_limit() {
    let dir = crate::helpers::scratch_dir();
    let hanging = dir.join("hanging-reader");
    std::fs::write(&hanging, "#!/bin/sh\nexec sleep 600\n").unwrap();
    let mut permissions = std::fs::metadata(&hanging).unwrap().permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut permissions, 0o755);
    std::fs::set_permissions(&hanging, permissions).unwrap();
    let reading = read_within(&hanging, Bytes::from(fixture("reportlab.pdf")), Duration::from_millis(500)).await;
    assert_eq!(reading, Reading { state: TextState::Unreadable, text: String::new() });
    // A reader that cannot be started is the same: nothing read, nothing broken.
    let missing = read(&dir.join("no-such-reader"), Bytes::from(fixture("reportlab.pdf"))).await;
    assert_eq!(missing.state, TextState::Unreadable);
}

/// The profile once its resume has been read (awaiting each reading this instance finishes).
async fn read_profile(app: &TestApp, token: &str) -> Value {
    let mut readings = app.state.resumes_read.subscribe();
    for _ in 0..20 {
        let (status, body) = app.get_as("/api/v1/auth/applicantDetails", token).await;
        assert_eq!(status, 200, "{body}");
        let profile = body["data"].clone();
        if profile["resumeText"] != "pending" {
            return profile;
        }
        let next = tokio::time::timeout(Duration::from_secs(30), readings.changed()).await;
        assert!(next.is_ok(), "no resume was read within 30 s");
    }
    panic!("the resume was not read");
}

async fn an_uploaded_resume_is_read_off_the_request_and_its_skills_offered(app: &TestApp) {
    // The words the skills are found by are those of the listed jobs.
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let form = json!({
        "title": "Platform Engineer", "company": "Acme", "description": "Run it.", "maxApplicants": 50,
        "maxPositions": 1, "dateOfPosting": day(-1), "deadline": day(30),
        "skillsets": ["Kubernetes", "Machine Learning", "PostgreSQL", "Haskell"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", &recruiter, &form).await;
    assert_eq!(status, 201, "{body}");

    let applicant = app.account("Applicant", "grace@example.com").await;
    let (status, body) = app
        .post_as(
            "/api/v1/auth/updateUserDetails",
            &applicant,
            &json!({ "firstName": "Grace", "lastName": "Hopper", "skills": ["postgresql"] }),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app.upload_resume(&applicant, fixture("reportlab.pdf"), "grace.pdf", "application/pdf").await;
    assert_eq!(status, 200, "{body}");
    // The answer does not wait for the reading.
    assert!(["pending", "found"].contains(&body["updatedApplicant"]["resumeText"].as_str().unwrap()), "{body}");

    let profile = read_profile(app, &applicant).await;
    assert_eq!(profile["resumeText"], "found");
    // Named in the resume and not yet in the profile (PostgreSQL is, whatever its case).
    assert_eq!(profile["suggestedSkills"], json!(["Kubernetes", "Machine Learning"]));
    let (words,): (String,) = jobportal::dispatch!(&app.db, |pool| {
        sqlx::query_as("SELECT resume_text FROM applicant_profiles WHERE resume_text_state = 'found'")
            .fetch_one(pool)
            .await
    })
    .unwrap();
    assert!(words.contains("Compiler engineer"), "{words}");

    // Added, a skill is no longer offered.
    let skills = json!({ "firstName": "Grace", "lastName": "Hopper", "skills": ["postgresql", "Kubernetes"] });
    let (status, body) = app.post_as("/api/v1/auth/updateUserDetails", &applicant, &skills).await;
    assert_eq!(status, 200, "{body}");
    let (_, details) = app.get_as("/api/v1/auth/applicantDetails", &applicant).await;
    assert_eq!(details["data"]["suggestedSkills"], json!(["Machine Learning"]));
}

async fn a_resume_without_text_is_marked_so_and_a_new_upload_is_read_afresh(app: &TestApp) {
    let applicant = app.account("Applicant", "alan@example.com").await;
    let (status, _) = app.upload_resume(&applicant, fixture("fpdf.pdf"), "alan.pdf", "application/pdf").await;
    assert_eq!(status, 200);
    assert_eq!(read_profile(app, &applicant).await["resumeText"], "found");

    let (status, _) = app.upload_resume(&applicant, fixture("scanned.pdf"), "scan.pdf", "application/pdf").await;
    assert_eq!(status, 200);
    let profile = read_profile(app, &applicant).await;
    assert_eq!(profile["resumeText"], "none");
    assert_eq!(profile["suggestedSkills"], json!([]));
    // The earlier resume's words went with it.
    let (text,): (String,) = jobportal::dispatch!(&app.db, |pool| {
        sqlx::query_as("SELECT resume_text FROM applicant_profiles WHERE resume_text_state = 'none'")
            .fetch_one(pool)
            .await
    })
    .unwrap();
    assert_eq!(text, "");

    let (status, _) = app.upload_resume(&applicant, fixture("malformed.pdf"), "broken.pdf", "application/pdf").await;
    assert_eq!(status, 200);
    assert_eq!(read_profile(app, &applicant).await["resumeText"], "unreadable");
    // The server still answers.
    let (status, _) = app.get("/api/v1/jobs/alljobs").await;
    assert_eq!(status, 200);
}
