//! Finding applicants: the hiring team searches a job's applicants (or all of theirs) by the words
//! of their statements, resumes, answers, skills and names, with a highlighted snippet, combined
//! with the stage, requirement and answer filters; what leaves the process leaves the results at
//! once (docs/rules.md#applicant-search).

use std::time::Duration;

use serde_json::{Value, json};

use crate::helpers::{TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    a_team_finds_applicants_by_the_words_of_their_resumes_and_filters_on_their_answers,
    a_withdrawn_application_or_a_deleted_account_leaves_the_results_at_once,
    a_search_out_of_its_bounds_is_refused_with_its_reason,
);

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/resumes").join(name)).unwrap()
}

/// A job of `recruiter`'s asking how many years of Rust (at least 3 wanted) and a notice period.
async fn job_with_questions(app: &TestApp, recruiter: &str) -> (String, String, String) {
    let form = json!({
        "title": "Compiler Engineer", "company": "Acme", "description": "Build compilers.", "maxApplicants": 50,
        "maxPositions": 1, "dateOfPosting": day(-1), "deadline": day(30), "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await,
        "location": "Pune",
        "questions": [
            { "kind": "number", "text": "Years of Rust?", "required": true, "wanted": { "min": 3 } },
            { "kind": "choice", "text": "Notice period", "choices": ["None", "30 days", "90 days"] },
            { "kind": "text", "text": "Your best project" },
        ],
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", recruiter, &form).await;
    assert_eq!(status, 201, "{body}");
    let questions = body["data"]["questions"].as_array().unwrap();
    (
        body["data"]["_id"].as_str().unwrap().to_string(),
        questions[0]["_id"].as_str().unwrap().to_string(),
        questions[1]["_id"].as_str().unwrap().to_string(),
    )
}

async fn apply(app: &TestApp, token: &str, job: &str, sop: &str, answers: Value) -> String {
    let (status, body) =
        app.post_as(&format!("/api/v1/jobs/apply/{job}"), token, &json!({ "sop": sop, "answers": answers })).await;
    assert_eq!(status, 201, "{body}");
    body["application"]["_id"].as_str().unwrap().to_string()
}

/// Waits for this instance to read the resume just uploaded.
async fn resume_read(app: &TestApp, token: &str) {
    let mut readings = app.state.resumes_read.subscribe();
    loop {
        let (_, body) = app.get_as("/api/v1/auth/applicantDetails", token).await;
        if body["data"]["resumeText"] != "pending" {
            assert_eq!(body["data"]["resumeText"], "found");
            return;
        }
        let next = tokio::time::timeout(Duration::from_secs(30), readings.changed()).await;
        assert!(next.is_ok(), "no resume was read within 30 s");
    }
}

async fn search(app: &TestApp, token: &str, query: &str) -> (Vec<String>, Value) {
    app.sync_index().await;
    let (status, body) = app.get_as(&format!("/api/v1/auth/applications/search?{query}"), token).await;
    assert_eq!(status, 200, "{query}: {body}");
    let names = body["applications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|found| found["userDetails"]["email"].as_str().unwrap().split('@').next().unwrap().to_string())
        .collect();
    (names, body)
}

async fn a_team_finds_applicants_by_the_words_of_their_resumes_and_filters_on_their_answers(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let (job, years, notice) = job_with_questions(app, &recruiter).await;
    let other_job = app.post_job_as(&recruiter, "Platform Engineer", 1, &day(30)).await;

    let ada = app.account("Applicant", "ada@example.com").await;
    let grace = app.account("Applicant", "grace@example.com").await;
    let linus = app.account("Applicant", "linus@example.com").await;
    let (status, _) = app.upload_resume(&grace, fixture("reportlab.pdf"), "grace.pdf", "application/pdf").await;
    assert_eq!(status, 200);
    resume_read(app, &grace).await;
    apply(
        app,
        &ada,
        &job,
        "I wrote the first published algorithms.",
        json!([{ "questionId": years, "answer": 5 }, { "questionId": notice, "answer": "30 days" }]),
    )
    .await;
    apply(app, &grace, &job, "Compilers are my life.", json!([{ "questionId": years, "answer": 2 }])).await;
    apply(app, &linus, &other_job, "Kernel hacker, also fond of zymurgy notes.", json!([])).await;

    // A word only Grace's resume holds (on its second page), stemmed and misspelt alike.
    let (names, body) = search(app, &recruiter, &format!("job={job}&q=zymurgy")).await;
    assert_eq!(names, ["grace"]);
    assert_eq!(body["total"], 1);
    let snippet = &body["applications"][0]["snippet"];
    assert_eq!(snippet["source"], "resume");
    let marked: Vec<&str> = snippet["parts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|part| part["match"] == true)
        .map(|part| part["text"].as_str().unwrap())
        .collect();
    assert_eq!(marked, ["zymurgy"]);
    assert_eq!(search(app, &recruiter, &format!("job={job}&q=zymrugy")).await.0, ["grace"]);
    assert_eq!(search(app, &recruiter, &format!("job={job}&q=migrating%20payroll")).await.0, ["grace"]);
    // Across every job of the recruiter's: Linus's statement holds it too.
    let (mut everywhere, _) = search(app, &recruiter, "q=zymurgy").await;
    everywhere.sort();
    assert_eq!(everywhere, ["grace", "linus"]);
    // The statement and the answers are searched, and the snippet says which matched.
    let (names, body) = search(app, &recruiter, &format!("job={job}&q=algorithms")).await;
    assert_eq!(
        (names, body["applications"][0]["snippet"]["source"].clone()),
        (vec!["ada".to_string()], json!("statement"))
    );
    assert_eq!(search(app, &recruiter, &format!("job={job}&q=days")).await.0, ["ada"]);

    // Filters: meeting every requirement (at least 3 years), one answer, a stage; with words too.
    assert_eq!(search(app, &recruiter, &format!("job={job}&meets=all")).await.0, ["ada"]);
    assert_eq!(search(app, &recruiter, &format!("job={job}&meets=all&q=zymurgy")).await.0, Vec::<String>::new());
    let answered = format!("job={job}&question={notice}&answer=30%20days");
    assert_eq!(search(app, &recruiter, &answered).await.0, ["ada"]);
    let (names, body) = search(app, &recruiter, &format!("job={job}")).await;
    // Without words, newest first, and no snippet.
    assert_eq!((names, body["applications"][0]["snippet"].clone()), (vec!["grace".into(), "ada".into()], Value::Null));
    assert_eq!(search(app, &recruiter, &format!("job={job}&stage=screening")).await.0, Vec::<String>::new());
    // Paged.
    let (names, body) = search(app, &recruiter, &format!("job={job}&limit=1&page=2")).await;
    assert_eq!((names, body["total"].clone(), body["page"].clone()), (vec!["ada".to_string()], json!(2), json!(2)));

    // The job's list takes the same filters.
    let list = |query: String| {
        let (recruiter, job) = (recruiter.clone(), job.clone());
        async move {
            let (status, body) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}?{query}"), &recruiter).await;
            assert_eq!(status, 200, "{body}");
            body["applications"]
                .as_array()
                .unwrap()
                .iter()
                .map(|found| found["userDetails"]["email"].as_str().unwrap().split('@').next().unwrap().to_string())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(list("meets=all".into()).await, ["ada"]);
    assert_eq!(list(format!("question={notice}&answer=30%20days")).await, ["ada"]);
    assert_eq!(list(format!("question={years}&answer=2")).await, ["grace"]);
    assert_eq!(list(String::new()).await.len(), 2);
    let (status, body) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}?meets=some"), &recruiter).await;
    assert_eq!((status, body), (400, error("meets must be all")));
}

async fn a_withdrawn_application_or_a_deleted_account_leaves_the_results_at_once(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let job = app.post_job_as(&recruiter, "Compiler Engineer", 1, &day(30)).await;
    let ada = app.account("Applicant", "ada@example.com").await;
    let grace = app.account("Applicant", "grace@example.com").await;
    let withdrawn = apply(app, &ada, &job, "Analytical engines.", json!([])).await;
    apply(app, &grace, &job, "Analytical compilers.", json!([])).await;
    let (mut names, _) = search(app, &recruiter, "q=analytical").await;
    names.sort();
    assert_eq!(names, ["ada", "grace"]);

    // Not waiting for the index: the page is read again from the database.
    let (status, body) = app.put_as(&format!("/api/v1/auth/withdrawapplication/{withdrawn}"), &ada, &json!({})).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) =
        app.post_as("/api/v1/auth/account/delete", &grace, &json!({ "password": crate::helpers::PASSWORD })).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app.get_as("/api/v1/auth/applications/search?q=analytical", &recruiter).await;
    assert_eq!(status, 200);
    assert_eq!(body["applications"], json!([]));
    // And once the index has applied the changes, they are not counted either.
    let (names, body) = search(app, &recruiter, "q=analytical").await;
    assert_eq!((names, body["total"].clone()), (Vec::<String>::new(), json!(0)));
}

async fn a_search_out_of_its_bounds_is_refused_with_its_reason(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let refused = |query: &str| {
        let recruiter = recruiter.clone();
        let query = query.to_string();
        async move { app.get_as(&format!("/api/v1/auth/applications/search?{query}"), &recruiter).await }
    };
    assert_eq!(refused("meets=any").await, (400, error("meets must be all")));
    assert_eq!(
        refused("stage=withdrawn").await,
        (400, error("stage must be applied, screening, interview, offer, hired or rejected"))
    );
    assert_eq!(refused("question=q1").await, (400, error("An answer filter needs both question and answer")));
    assert_eq!(refused("page=0").await, (400, error("page must be a whole number from 1")));
    assert_eq!(refused("limit=51").await, (400, error("limit must be a whole number from 1 to 50")));
    assert_eq!(refused("limit=50&page=21").await, (400, error("Results stop at 1000: narrow the search to see more")));
    assert_eq!(refused(&format!("q={}", "a".repeat(201))).await, (400, error("A search is at most 200 characters")));
    assert_eq!(refused("job=nope").await, (404, error("Job not found")));
    let (status, _) = app.get_as("/api/v1/auth/applications/search?q=x", &applicant).await;
    assert_eq!(status, 403);
    // A recruiter with no jobs finds nothing, and is told so plainly.
    let (status, body) = refused("q=anything").await;
    assert_eq!((status, body["applications"].clone(), body["total"].clone()), (200, json!([]), json!(0)));
}
