//! Screening questions: a job asks up to ten, each checked as it is posted or edited, and an edit
//! keeps each question's id (docs/rules.md#screening).

use serde_json::{Value, json};

use crate::helpers::{TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    a_job_asks_its_questions_and_an_edit_keeps_their_ids,
    a_question_that_is_not_one_is_refused_by_name,
    an_application_answers_the_questions_and_the_team_sees_which_requirements_it_meets,
    answers_are_checked_on_the_server_and_the_original_client_is_told_to_use_the_page,
);

async fn form(app: &TestApp, questions: Value) -> Value {
    json!({
        "title": "Rust Engineer", "company": "Acme", "description": "Build it.", "maxApplicants": 50,
        "maxPositions": 1, "dateOfPosting": day(-1), "deadline": day(30), "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await,
        "location": "Pune", "questions": questions,
    })
}

async fn a_job_asks_its_questions_and_an_edit_keeps_their_ids(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let questions = json!([
        { "kind": "number", "text": "Years of Rust?", "required": true, "wanted": { "min": 3 } },
        { "kind": "yesNo", "text": "Can you work from Pune?", "wanted": { "yes": true } },
        { "kind": "text", "text": "Your best project" },
    ]);
    let (status, posted) = app.post_as("/api/v1/jobs/createJob", &recruiter, &form(app, questions).await).await;
    assert_eq!(status, 201, "{posted}");
    let id = posted["data"]["_id"].as_str().unwrap().to_string();
    let (_, found) = app.get(&format!("/api/v1/jobs/getJob/{id}")).await;
    let asked = found["data"]["questions"].as_array().unwrap().clone();
    let texts: Vec<&str> = asked.iter().map(|question| question["text"].as_str().unwrap()).collect();
    assert_eq!(texts, ["Years of Rust?", "Can you work from Pune?", "Your best project"]);
    assert_eq!(asked[0]["wanted"], json!({ "min": 3.0 }));
    assert_eq!((asked[0]["required"].as_bool(), asked[1]["required"].as_bool()), (Some(true), Some(false)));

    // An edit sends the questions it keeps with their ids: they stay; a new one gets its own.
    let first = asked[0]["_id"].as_str().unwrap().to_string();
    let edit = json!({
        "maxApplicants": 50, "maxPositions": 1, "deadline": day(30),
        "questions": [
            { "_id": first, "kind": "number", "text": "Years of Rust, at work?", "required": true, "wanted": { "min": 2 } },
            { "kind": "choice", "text": "Notice period", "choices": ["None", "30 days"] },
        ],
    });
    let (status, edited) = app.put_as(&format!("/api/v1/jobs/updateJob/{id}"), &recruiter, &edit).await;
    assert_eq!(status, 200, "{edited}");
    let now = edited["data"]["questions"].as_array().unwrap().clone();
    assert_eq!(now.len(), 2);
    assert_eq!(
        (now[0]["_id"].as_str(), now[0]["text"].as_str()),
        (Some(first.as_str()), Some("Years of Rust, at work?"))
    );
    assert_ne!(now[1]["_id"], asked[1]["_id"]);
    // An edit without questions leaves them; a job that asks none shows none.
    let plain = json!({ "maxApplicants": 40, "maxPositions": 1, "deadline": day(30) });
    let (_, kept) = app.put_as(&format!("/api/v1/jobs/updateJob/{id}"), &recruiter, &plain).await;
    assert_eq!(kept["data"]["questions"].as_array().map(Vec::len), Some(2));
    let other = app.post_job_as(&recruiter, "Plain Role", 1, &day(30)).await;
    let (_, found) = app.get(&format!("/api/v1/jobs/getJob/{other}")).await;
    assert!(found["data"].get("questions").is_none(), "{found}");
}

async fn a_question_that_is_not_one_is_refused_by_name(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let post = |questions: Value| {
        let recruiter = recruiter.clone();
        async move { app.post_as("/api/v1/jobs/createJob", &recruiter, &form(app, questions).await).await }
    };
    assert_eq!(
        post(json!([{ "kind": "number", "text": "Years?", "wanted": { "min": 5, "max": 2 } }])).await,
        (400, error("Question 1 (Years?): the wanted answer is a min and/or a max, the min not above the max"))
    );
    let eleven: Vec<Value> = (0..11).map(|n| json!({ "kind": "text", "text": format!("Question {n}") })).collect();
    assert_eq!(post(json!(eleven)).await, (400, error("A job asks at most 10 questions")));
    assert_eq!(post(json!("not a list")).await, (400, error("Questions must be a list")));
}

/// A job asking a required number question wanting 3 or more, a yes/no question wanting yes, and
/// a text question: its id and its questions' ids.
async fn screening_job(app: &TestApp, recruiter: &str) -> (String, Vec<String>) {
    let questions = json!([
        { "kind": "number", "text": "Years of Rust?", "required": true, "wanted": { "min": 3 } },
        { "kind": "yesNo", "text": "Can you work from Pune?", "wanted": { "yes": true } },
        { "kind": "text", "text": "Your best project" },
    ]);
    let (status, posted) = app.post_as("/api/v1/jobs/createJob", recruiter, &form(app, questions).await).await;
    assert_eq!(status, 201, "{posted}");
    let ids = posted["data"]["questions"].as_array().unwrap().iter().map(|q| q["_id"].as_str().unwrap().to_string());
    (posted["data"]["_id"].as_str().unwrap().to_string(), ids.collect())
}

async fn an_application_answers_the_questions_and_the_team_sees_which_requirements_it_meets(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let (job, q) = screening_job(app, &recruiter).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let answers = json!([
        { "questionId": q[0], "answer": 4 },
        { "questionId": q[1], "answer": false },
        { "questionId": q[2], "answer": "  A compiler  " },
    ]);
    let body = json!({ "sop": "I would like this job.", "answers": answers });
    let (status, applied) = app.post_as(&format!("/api/v1/jobs/apply/{job}"), &applicant, &body).await;
    assert_eq!(status, 201, "{applied}");
    let given: Vec<(Value, Value)> = applied["application"]["answers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|answer| (answer["answer"].clone(), answer["meets"].clone()))
        .collect();
    assert_eq!(given, [(json!(4), json!(true)), (json!(false), json!(false)), (json!("A compiler"), Value::Null)]);
    assert!(applied["application"].get("requirements").is_none(), "the applicant is not told: {applied}");

    // The recruiter edits the question afterwards: the answer keeps the question as it was asked.
    let edit = json!({
        "maxApplicants": 50, "maxPositions": 1, "deadline": day(30),
        "questions": [{ "_id": q[0], "kind": "number", "text": "Years of Rust at work?", "required": true }],
    });
    assert_eq!(app.put_as(&format!("/api/v1/jobs/updateJob/{job}"), &recruiter, &edit).await.0, 200);
    let (_, received) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &recruiter).await;
    let application = &received["applications"][0];
    assert_eq!(application["requirements"], json!({ "met": 1, "total": 2 }));
    assert_eq!(application["answers"][0]["question"]["text"], "Years of Rust?");
}

async fn answers_are_checked_on_the_server_and_the_original_client_is_told_to_use_the_page(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rita@acme.example").await;
    let (job, q) = screening_job(app, &recruiter).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let apply = |body: Value| {
        let applicant = applicant.clone();
        let job = job.clone();
        async move { app.post_as(&format!("/api/v1/jobs/apply/{job}"), &applicant, &body).await }
    };
    let sop = "I would like this job.";
    assert_eq!(
        apply(json!({ "sop": sop })).await,
        (400, error("This job asks questions that must be answered: apply on the job's page"))
    );
    assert_eq!(
        apply(json!({ "sop": sop, "answers": [] })).await,
        (400, error("Question 1 (Years of Rust?) must be answered"))
    );
    assert_eq!(
        apply(json!({ "sop": sop, "answers": [{ "questionId": q[0], "answer": "four" }] })).await,
        (400, error("Question 1 (Years of Rust?) is answered with a number"))
    );
    assert_eq!(
        apply(json!({ "sop": sop, "answers": [{ "questionId": q[0], "answer": 2 }, { "questionId": q[1], "answer": "yes" }] }))
            .await,
        (400, error("Question 2 (Can you work from Pune?) is answered yes (true) or no (false)"))
    );
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.1["data"]["applicationsCount"], 0, "nothing kept");
    // A job without required questions takes the original client's application as it always did.
    let plain = app.post_job_as(&recruiter, "Plain Role", 1, &day(30)).await;
    assert_eq!(app.post_as(&format!("/api/v1/jobs/apply/{plain}"), &applicant, &json!({ "sop": sop })).await.0, 201);
}
