use jobportal::secrets::keyed_digest;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};

use crate::helpers::{TestApp, status_and_json};
use crate::on_both_engines;

const PASSWORD: &str = "correct horse battery";
/// The resume limit these tests run with, so "one byte over" is small.
const LIMIT: u64 = 4096;

on_both_engines!(
    configured |config| { config.max_resume_bytes = super::LIMIT; };
    an_applicant_profile_starts_empty_and_takes_every_field,
    a_profile_update_ignores_what_it_must_not_change,
    a_profile_update_refuses_each_bad_field_with_its_message,
    a_recruiter_edits_company_details,
    profile_calls_check_the_account_type,
    a_pdf_resume_is_stored_and_downloaded_by_its_owner,
    an_upload_that_is_not_a_pdf_too_large_or_empty_is_refused_and_nothing_is_stored,
    resume_links_work_only_for_their_viewer_signature_and_time,
);

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

fn pdf(size: usize) -> Vec<u8> {
    let mut bytes = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj << /Type /Catalog >> endobj\n".to_vec();
    bytes.resize(size, b' ');
    bytes
}

async fn applicant(app: &TestApp, email: &str) -> (String, String) {
    let user = app.sign_up("Applicant", email, PASSWORD).await;
    (user["_id"].as_str().unwrap().to_string(), app.log_in(email, PASSWORD).await)
}

async fn upload(app: &TestApp, token: &str, bytes: Vec<u8>, name: &str, mime: &str) -> (u16, Value) {
    app.upload_resume(token, bytes, name, mime).await
}

fn stored_resumes(app: &TestApp) -> usize {
    std::fs::read_dir(app.config.data_dir.join("resumes").join("resumes")).map_or(0, |entries| entries.count())
}

async fn an_applicant_profile_starts_empty_and_takes_every_field(app: &TestApp) {
    let (id, token) = applicant(app, "ada@example.com").await;
    let (status, body) = app.get_as("/api/v1/auth/applicantDetails", &token).await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!({ "_id": id, "profile": null, "education": [], "skills": [], "resume": "", "resumeName": "",
                "resumeText": "", "suggestedSkills": [],
                "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com" })
    );

    let update = json!({
        "firstName": " Augusta ", "lastName": "King",
        "profile": "I write programs for engines.",
        "education": [
            { "institutionName": "University of London", "startYear": "2010", "endYear": "2014" },
            { "institutionName": "Home tutoring", "startYear": 2005 },
        ],
        "skills": "mathematics, poetry ,, analysis",
    });
    let (status, body) = app.post_as("/api/v1/auth/updateUserDetails", &token, &update).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "User updated successfully");
    assert_eq!(body["updatedUserDetails"]["firstName"], "Augusta");
    assert_eq!(body["updatedUserDetails"]["token"], token.as_str());
    let profile = &body["updatedApplicant"];
    assert_eq!(profile["skills"], json!(["mathematics", "poetry", "analysis"]));
    let education = profile["education"].as_array().unwrap();
    assert_eq!(
        education
            .iter()
            .map(|row| (row["institutionName"].clone(), row["startYear"].clone(), row["endYear"].clone()))
            .collect::<Vec<_>>(),
        [(json!("University of London"), json!(2010), json!(2014)), (json!("Home tutoring"), json!(2005), Value::Null)]
    );
    assert!(body.get("updatedRecruiter").is_none());

    let first_row_id = education[0]["_id"].clone();
    let keep = json!({ "firstName": "Augusta", "lastName": "King", "skills": ["analysis"],
                       "education": [{ "_id": first_row_id, "institutionName": "University of London", "startYear": 2010 }] });
    let (_, body) = app.post_as("/api/v1/auth/updateUserDetails", &token, &keep).await;
    assert_eq!(body["updatedApplicant"]["education"][0]["_id"], first_row_id, "an edited row keeps its id");
    assert_eq!(
        body["updatedApplicant"]["profile"], "I write programs for engines.",
        "a field left out keeps its value"
    );
    let nulls = json!({ "firstName": "Augusta", "lastName": "King", "skills": null, "education": null });
    let (_, body) = app.post_as("/api/v1/auth/updateUserDetails", &token, &nulls).await;
    assert_eq!(
        (&body["updatedApplicant"]["skills"], body["updatedApplicant"]["education"].as_array().map(Vec::len)),
        (&json!(["analysis"]), Some(1)),
        "null keeps skills and education alike, as a field left out does"
    );
    assert_eq!(body["updatedApplicant"]["skills"], json!(["analysis"]));
}

async fn a_profile_update_ignores_what_it_must_not_change(app: &TestApp) {
    let (id, token) = applicant(app, "mass@example.com").await;
    let sneaky = json!({
        "firstName": "Ada", "lastName": "Lovelace", "email": "boss@example.com", "accountType": "Recruiter",
        "resume": "https://evil.example/cv.pdf", "_id": "someone-else", "isAdmin": true,
    });
    let (status, body) = app.post_as("/api/v1/auth/updateUserDetails", &token, &sneaky).await;
    assert_eq!(status, 200);
    assert_eq!(body["updatedUserDetails"]["email"], "mass@example.com");
    assert_eq!(body["updatedUserDetails"]["accountType"], "Applicant");
    assert_eq!(body["updatedUserDetails"]["_id"], id.as_str());
    assert_eq!(body["updatedApplicant"]["resume"], "");
    let (_, details) = app.get_as("/api/v1/auth/userDetails", &token).await;
    assert_eq!(
        (details["data"]["email"].as_str(), details["data"]["accountType"].as_str()),
        (Some("mass@example.com"), Some("Applicant"))
    );
}

async fn a_profile_update_refuses_each_bad_field_with_its_message(app: &TestApp) {
    let (_, token) = applicant(app, "checks@example.com").await;
    let next_year = time::OffsetDateTime::now_utc().year() + 1;
    let cases = [
        (json!({ "lastName": "L" }), "Please enter your first name.".to_string()),
        (json!({ "firstName": "  ", "lastName": "L" }), "Please enter your first name.".to_string()),
        (json!({ "firstName": "A" }), "Please enter your last name.".to_string()),
        (
            json!({ "firstName": "A", "lastName": "L", "education": [{ "startYear": 2001 }] }),
            "Please enter the institution name.".to_string(),
        ),
        (
            json!({ "firstName": "A", "lastName": "L", "education": [{ "institutionName": "MIT" }] }),
            "Please enter the start year.".to_string(),
        ),
        (
            json!({ "firstName": "A", "lastName": "L", "education": [{ "institutionName": "MIT", "startYear": 2010, "endYear": 2009 }] }),
            "End year cannot be before start year".to_string(),
        ),
        (
            json!({ "firstName": "A", "lastName": "L", "education": [{ "institutionName": "MIT", "startYear": next_year + 1 }] }),
            format!("Start year must be a year from 1900 to {next_year}"),
        ),
        (
            json!({ "firstName": "A", "lastName": "L", "skills": 42 }),
            "Skills must be a list or comma-separated text".to_string(),
        ),
    ];
    for (body, message) in cases {
        assert_eq!(
            app.post_as("/api/v1/auth/updateUserDetails", &token, &body).await,
            (400, error(&message)),
            "{body}"
        );
    }
}

async fn a_recruiter_edits_company_details(app: &TestApp) {
    let user = app.sign_up("Recruiter", "rita@example.com", PASSWORD).await;
    let token = app.log_in("rita@example.com", PASSWORD).await;
    let (status, body) = app.get_as("/api/v1/auth/recruiterDetails", &token).await;
    assert_eq!(
        (status, body["data"].clone()),
        (200, json!({ "_id": user["_id"], "company": null, "position": null, "contactNumber": null, "jobs": [] }))
    );

    let base = json!({ "firstName": "Rita", "lastName": "Rao", "company": "Acme Labs", "position": "Hiring Manager" });
    for (number, message) in [
        (Value::Null, "Please enter your Contact Number."),
        (json!(""), "Please enter your Contact Number."),
        (json!("12345"), "Invalid Contact Number"),
        (json!("1234567890123"), "Invalid Contact Number"),
        (json!("98765abcde"), "Invalid Contact Number"),
    ] {
        let mut body = base.clone();
        body["contactNumber"] = number;
        assert_eq!(app.post_as("/api/v1/auth/updateUserDetails", &token, &body).await, (400, error(message)));
    }
    let mut body = base.clone();
    body["contactNumber"] = json!("+91 98765 43210");
    let (status, body) = app.post_as("/api/v1/auth/updateUserDetails", &token, &body).await;
    assert_eq!(status, 200, "a number written with its country code and spaces is taken");
    assert_eq!(
        body["updatedRecruiter"],
        json!({ "_id": user["_id"], "company": "Acme Labs", "position": "Hiring Manager", "contactNumber": "+919876543210" })
    );
    let (_, body) = app.get_as("/api/v1/auth/recruiterDetails", &token).await;
    assert_eq!(
        (body["data"]["company"].as_str(), body["data"]["contactNumber"].as_str()),
        (Some("Acme Labs"), Some("+919876543210"))
    );
}

async fn profile_calls_check_the_account_type(app: &TestApp) {
    let (_, applicant_token) = applicant(app, "role-a@example.com").await;
    app.sign_up("Recruiter", "role-r@example.com", PASSWORD).await;
    let recruiter_token = app.log_in("role-r@example.com", PASSWORD).await;
    assert_eq!(
        app.get_as("/api/v1/auth/recruiterDetails", &applicant_token).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    assert_eq!(
        app.get_as("/api/v1/auth/applicantDetails", &recruiter_token).await,
        (403, error("This is a protected route for Applicants only"))
    );
    assert_eq!(
        upload(app, &recruiter_token, pdf(100), "cv.pdf", "application/pdf").await,
        (403, error("This is a protected route for Applicants only"))
    );
    assert_eq!(app.get("/api/v1/auth/applicantDetails").await, (401, error("Token is missing")));
}

async fn a_pdf_resume_is_stored_and_downloaded_by_its_owner(app: &TestApp) {
    let (_, token) = applicant(app, "cv@example.com").await;
    let first = pdf(LIMIT as usize);
    let (status, body) = upload(app, &token, first.clone(), "../../etc/passwd", "text/plain").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Resume uploaded successfully");
    let link = body["updatedApplicant"]["resume"].as_str().unwrap().to_string();
    assert!(link.starts_with(&format!("{}/api/v1/resumes/", app.address)), "an absolute link: {link}");
    assert_eq!(body["updatedApplicant"]["resumeName"], "passwd", "the uploaded name, without its folders");

    let response = app.client.get(app.url(&link)).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/pdf");
    // Inline, so the browser's PDF viewer shows it; never sniffed, cached or able to load anything.
    assert_eq!(response.headers()["content-disposition"], "inline; filename=\"Ada-Lovelace-resume.pdf\"");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff");
    assert_eq!(response.headers()["cache-control"], "private, no-store");
    assert_eq!(response.headers()["content-security-policy"], "default-src 'none'; frame-ancestors 'none'");
    assert_eq!(response.bytes().await.unwrap().to_vec(), first, "the same bytes come back");

    let second = pdf(1000);
    let (status, body) = upload(app, &token, second.clone(), "new.pdf", "application/pdf").await;
    assert_eq!(status, 200);
    assert_eq!(stored_resumes(app), 1, "the replaced file is removed");
    let (_, details) = app.get_as("/api/v1/auth/applicantDetails", &token).await;
    let link = details["data"]["resume"].as_str().unwrap();
    assert_eq!(details["data"]["resumeName"], "new.pdf", "the newest upload's name");
    assert_eq!(app.client.get(app.url(link)).send().await.unwrap().bytes().await.unwrap().to_vec(), second);
    assert_eq!(
        body["updatedApplicant"]["resume"].as_str().map(|l| l.split('?').next().unwrap().to_string()),
        Some(link.split('?').next().unwrap().to_string())
    );
}

async fn an_upload_that_is_not_a_pdf_too_large_or_empty_is_refused_and_nothing_is_stored(app: &TestApp) {
    let (_, token) = applicant(app, "bad-cv@example.com").await;
    assert_eq!(
        upload(app, &token, b"just some text, not a PDF".to_vec(), "cv.pdf", "application/pdf").await,
        (415, error("Only PDF files are allowed"))
    );
    assert_eq!(
        upload(app, &token, pdf(LIMIT as usize + 1), "cv.pdf", "application/pdf").await,
        (413, error(&format!("Resume must be at most {LIMIT} bytes")))
    );
    assert_eq!(upload(app, &token, Vec::new(), "cv.pdf", "application/pdf").await, (400, error("Resume is required")));
    let other_field = Form::new().part("file", Part::bytes(pdf(100)).file_name("cv.pdf"));
    let response = app
        .client
        .post(app.url("/api/v1/upload/uploadResume"))
        .bearer_auth(&token)
        .multipart(other_field)
        .send()
        .await
        .unwrap();
    assert_eq!(status_and_json(response).await, (400, error("Resume is required")));
    let oversized_body = Form::new().part("resume", Part::bytes(pdf(LIMIT as usize + 200 * 1024)).file_name("cv.pdf"));
    let response = app
        .client
        .post(app.url("/api/v1/upload/uploadResume"))
        .bearer_auth(&token)
        .multipart(oversized_body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 413);
    assert_eq!(response.headers()["connection"], "close", "the half-read connection is not reused");
    assert_eq!(stored_resumes(app), 0);
    let (_, details) = app.get_as("/api/v1/auth/applicantDetails", &token).await;
    assert_eq!(details["data"]["resume"], "");
}

async fn resume_links_work_only_for_their_viewer_signature_and_time(app: &TestApp) {
    let (owner, token) = applicant(app, "owner@example.com").await;
    let (other, _) = applicant(app, "other@example.com").await;
    let recruiter = app.sign_up("Recruiter", "unrelated@example.com", PASSWORD).await;
    let (_, body) = upload(app, &token, pdf(500), "cv.pdf", "application/pdf").await;
    let link = body["updatedApplicant"]["resume"].as_str().unwrap().to_string();
    let secret = app.signing_secret().await;
    // Resume links have a key of their own, derived from the server's secret.
    let link_key = keyed_digest(secret.as_bytes(), "jobportal resume links");
    let signed = |viewer: &str, expires: i64| {
        let signature = keyed_digest(link_key.as_bytes(), &format!("resume\n{owner}\n{viewer}\n{expires}"));
        format!("/api/v1/resumes/{owner}?viewer={viewer}&expires={expires}&signature={signature}")
    };
    let now = time::OffsetDateTime::now_utc().unix_timestamp();
    assert_eq!(
        app.client.get(app.url(&signed(&owner, now + 60))).send().await.unwrap().status(),
        200,
        "a well-signed link works"
    );

    let refused = error("This resume link is invalid or has expired");
    let altered = link.replace("signature=", "signature=0");
    assert_eq!(app.get(&altered).await, (403, refused.clone()));
    assert_eq!(
        app.get(&link.replace(&format!("viewer={owner}"), &format!("viewer={other}"))).await,
        (403, refused.clone())
    );
    assert_eq!(app.get(&signed(&owner, now - 1)).await, (403, refused.clone()), "expired");
    assert_eq!(app.get(&format!("/api/v1/resumes/{owner}")).await, (403, refused));

    let not_found = error("Resume not found");
    assert_eq!(app.get(&signed(&other, now + 60)).await, (404, not_found.clone()), "another applicant");
    assert_eq!(
        app.get(&signed(recruiter["_id"].as_str().unwrap(), now + 60)).await,
        (404, not_found),
        "a recruiter without an application from them"
    );
}
