use futures_util::future::join_all;
use serde_json::{Value, json};

use jobportal::applications::repo::ApplyOutcome;
use jobportal::applications::repo::Submitted;
use jobportal::notifications::model::{Kind, Notice};

use crate::helpers::{TestApp, day, midnight};
use crate::on_both_engines;

on_both_engines!(
    an_applicant_applies_and_both_sides_follow_the_application,
    applying_is_refused_with_the_reason,
    applying_refuses_a_closed_session_or_another_role_before_anything_else,
    parallel_applies_fill_exactly_the_capacity,
    one_applicant_racing_applies_once,
    applications_waiting_together_share_a_transaction_and_keep_their_own_outcomes,
    a_recruiter_decides_once_and_the_applicant_is_told,
    parallel_decisions_leave_one_decision,
    applications_stay_with_their_owners,
    a_deleted_jobs_applications_stay_with_their_applicants,
    an_applicant_withdraws_a_pending_application_and_its_place_is_freed,
    withdrawing_is_refused_once_decided_and_to_anyone_but_the_applicant,
    a_withdrawal_racing_a_decision_leaves_exactly_one_of_them,
    each_application_keeps_its_history_with_times,
    a_recruiter_sees_a_jobs_applications_counted_by_status_and_day,
    postgresql_analyzes_the_applications_when_autovacuums_rule_says_they_are_due,
);

const PASSWORD: &str = "correct horse battery";
const SOP: &str = "I have five years of Rust experience and would love to help build your platform.";

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

async fn account(app: &TestApp, kind: &str, email: &str) -> (String, String) {
    let user = app.sign_up(kind, email, PASSWORD).await;
    (user["_id"].as_str().unwrap().to_string(), app.log_in(email, PASSWORD).await)
}

async fn post_job(
    app: &TestApp,
    token: &str,
    title: &str,
    max_applicants: i64,
    posted: &str,
    deadline: &str,
) -> String {
    let form = json!({
        "title": title, "company": "Acme", "description": "A good job.", "maxApplicants": max_applicants,
        "maxPositions": 1, "dateOfPosting": posted, "deadline": deadline, "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", token, &form).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["_id"].as_str().unwrap().to_string()
}

async fn delete_job(app: &TestApp, token: &str, job: &str) {
    let response =
        app.client.delete(app.url(&format!("/api/v1/jobs/deleteJob/{job}"))).bearer_auth(token).send().await.unwrap();
    assert_eq!(response.status(), 200);
}

async fn apply(app: &TestApp, token: &str, job: &str, sop: &str) -> (u16, Value) {
    app.post_as(&format!("/api/v1/jobs/apply/{job}"), token, &json!({ "sop": sop })).await
}

async fn put_status(app: &TestApp, token: &str, application: &str, status: &str) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(&format!("/api/v1/auth/updateapplicationstatus/{application}")))
        .bearer_auth(token)
        .json(&json!({ "status": status }))
        .send()
        .await
        .unwrap();
    crate::helpers::status_and_json(response).await
}

async fn withdraw(app: &TestApp, token: &str, application: &str) -> (u16, Value) {
    let response = app
        .client
        .put(app.url(&format!("/api/v1/auth/withdrawapplication/{application}")))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    crate::helpers::status_and_json(response).await
}

async fn count_applications(app: &TestApp, job: &str) -> (i64, i64) {
    const ROWS: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM applications WHERE job_id = $1";
    const COUNTER: &str = "SELECT applications_count FROM jobs WHERE id = $1";
    let (rows,): (i64,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(ROWS).bind(job).fetch_one(pool).await).unwrap();
    let (counter,): (i64,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(COUNTER).bind(job).fetch_one(pool).await).unwrap();
    (rows, counter)
}

async fn an_applicant_applies_and_both_sides_follow_the_application(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "hiring@example.com").await;
    app.post_as(
        "/api/v1/auth/updateUserDetails",
        &recruiter,
        &json!({ "firstName": "Rita", "lastName": "Rao", "company": "Acme Labs", "contactNumber": "9876543210" }),
    )
    .await;
    let job = post_job(app, &recruiter, "Rust Engineer", 10, &day(-30), &day(60)).await;
    let (applicant_id, applicant) = account(app, "Applicant", "seeker@example.com").await;
    app.post_as("/api/v1/auth/updateUserDetails", &applicant, &json!({ "firstName": "Ada", "lastName": "Lovelace", "skills": "rust, sql", "education": [{ "institutionName": "IIT", "startYear": 2015, "endYear": 2019 }] })).await;
    let resume = b"%PDF-1.4 the resume".to_vec();
    let form = reqwest::multipart::Form::new()
        .part("resume", reqwest::multipart::Part::bytes(resume.clone()).file_name("cv.pdf"));
    let response = app
        .client
        .post(app.url("/api/v1/upload/uploadResume"))
        .bearer_auth(&applicant)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);

    let (status, body) = apply(app, &applicant, &job, SOP).await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["message"], "Job applied successfully");
    let application = &body["application"];
    let id = application["_id"].as_str().unwrap();
    assert_eq!(application["status"], "applied");
    assert_eq!(application["sop"], SOP);
    assert_eq!(application["jobId"], job.as_str());
    assert_eq!(
        application["jobDetails"],
        json!({ "title": "Rust Engineer", "salary": 70000, "salaryMax": null, "company": "Acme", "location": "Pune", "jobType": "Full-time", "deadline": midnight(60) })
    );
    assert_eq!(application["bookedInterviewAt"], Value::Null);
    assert_eq!(application["recruitersDetails"], json!({ "company": "Acme Labs" }));
    assert_eq!(
        application["userDetails"],
        json!({ "firstName": "Ada", "lastName": "Lovelace", "email": "seeker@example.com" })
    );
    assert_eq!(application["jobApplicantsDetails"]["skills"], json!(["rust", "sql"]));
    assert_eq!(application["jobApplicantsDetails"]["education"][0]["institutionName"], "IIT");
    assert!(application["dateOfApplication"].as_str().unwrap().ends_with('Z'));

    let notice = app.mail("hiring@example.com", "New application for Rust Engineer").await;
    assert!(notice.contains("Ada Lovelace applied for Rust Engineer at Acme"));

    let (status, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!((status, mine["message"].as_str()), (200, Some("Applications fetched successfully")));
    assert_eq!(mine["applications"].as_array().unwrap().len(), 1);
    assert_eq!(mine["applications"][0]["_id"], id);
    // The answer to applying is the application as a read of it gives it (the resume link aside,
    // which is signed at each read).
    let without_link = |application: &Value| {
        let mut application = application.clone();
        application["jobApplicantsDetails"]["resume"] = Value::Null;
        application
    };
    assert_eq!(without_link(&mine["applications"][0]), without_link(application));
    assert!(application["jobApplicantsDetails"]["resume"].as_str().unwrap().contains("/api/v1/resumes/"));

    for path in ["/api/v1/auth/applications".to_string(), format!("/api/v1/auth/jobs/applications/{job}")] {
        let (status, received) = app.get_as(&path, &recruiter).await;
        assert_eq!(status, 200, "{path}");
        let link = received["applications"][0]["jobApplicantsDetails"]["resume"].as_str().unwrap();
        assert!(link.contains(&format!("/api/v1/resumes/{applicant_id}?")), "{link}");
        let download = app.client.get(app.url(link)).send().await.unwrap();
        assert_eq!(download.status(), 200, "the recruiter who received the application may download the resume");
        assert_eq!(download.bytes().await.unwrap().to_vec(), resume);
    }
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.1["data"]["applicationsCount"], 1);
}

async fn applying_is_refused_with_the_reason(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "strict@example.com").await;
    let (_, first) = account(app, "Applicant", "first@example.com").await;
    let (_, second) = account(app, "Applicant", "second@example.com").await;
    let open = post_job(app, &recruiter, "Open Role", 1, &day(-30), &day(60)).await;
    let closed = post_job(app, &recruiter, "Closed Role", 5, &day(-60), &day(-30)).await;
    let deleted = post_job(app, &recruiter, "Deleted Role", 5, &day(-30), &day(60)).await;
    delete_job(app, &recruiter, &deleted).await;

    assert_eq!(apply(app, &first, &open, "   ").await, (400, error("Statement of purpose is required")));
    assert_eq!(
        apply(app, &first, &open, &"word ".repeat(251)).await,
        (400, error("Statement of purpose must be at most 250 words"))
    );
    assert_eq!(apply(app, &first, &closed, SOP).await, (400, error("The deadline for this job has passed")));
    assert_eq!(apply(app, &first, &deleted, SOP).await, (404, error("Job not found")));
    assert_eq!(apply(app, &first, "no-such-job", SOP).await, (404, error("Job not found")));
    assert_eq!(apply(app, &recruiter, &open, SOP).await, (403, error("This is a protected route for Applicants only")));
    assert_eq!(apply(app, &first, &open, SOP).await.0, 201);
    assert_eq!(apply(app, &first, &open, SOP).await, (409, error("You have already applied for this job")));
    assert_eq!(apply(app, &second, &open, SOP).await, (400, error("Application limit reached")));
    assert_eq!(count_applications(app, &open).await, (1, 1));
}

/// Applying looks the caller's session up in its one read of the job, not before it: whatever is
/// wrong with the job or the request, a token whose session ended, or a recruiter's, is told so
/// first, as on every route for applicants, and nothing is written.
async fn applying_refuses_a_closed_session_or_another_role_before_anything_else(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "gate-r@example.com").await;
    let (_, applicant) = account(app, "Applicant", "gate-a@example.com").await;
    let (_, left) = account(app, "Applicant", "gate-left@example.com").await;
    let open = post_job(app, &recruiter, "Gated Role", 5, &day(-30), &day(60)).await;
    let closed = post_job(app, &recruiter, "Past Role", 5, &day(-60), &day(-30)).await;
    assert_eq!(app.post_as("/api/v1/auth/logout", &left, &json!({})).await.0, 200);
    let malformed = |token: &str| {
        app.client
            .post(app.url(&format!("/api/v1/jobs/apply/{open}")))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body("{\"sop\": ")
            .send()
    };

    let gone = error("Token is invalid or expired");
    let applicants_only = error("This is a protected route for Applicants only");
    for (token, refusal) in [(&left, (401, gone)), (&recruiter, (403, applicants_only))] {
        assert_eq!(apply(app, token, &open, SOP).await, refusal, "an open job");
        assert_eq!(apply(app, token, &closed, SOP).await, refusal, "a job past its deadline");
        assert_eq!(apply(app, token, "no-such-job", SOP).await, refusal, "no such job");
        assert_eq!(apply(app, token, &open, "   ").await, refusal, "no statement");
        let (status, body) = crate::helpers::status_and_json(malformed(token).await.unwrap()).await;
        assert_eq!((status, body), refusal, "a body that is not JSON");
    }
    // The same requests with an open session get their own answers.
    assert_eq!(apply(app, &applicant, "no-such-job", SOP).await, (404, error("Job not found")));
    assert_eq!(apply(app, &applicant, &open, "   ").await, (400, error("Statement of purpose is required")));
    assert_eq!(malformed(&applicant).await.unwrap().status(), 400);
    assert_eq!(count_applications(app, &open).await, (0, 0));
    assert_eq!(apply(app, &applicant, &open, SOP).await.0, 201);
    assert_eq!(count_applications(app, &open).await, (1, 1));
}

async fn parallel_applies_fill_exactly_the_capacity(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "popular@example.com").await;
    let job = post_job(app, &recruiter, "Popular Role", 3, &day(-30), &day(60)).await;
    let mut applicants = Vec::new();
    for n in 0..8 {
        applicants.push(account(app, "Applicant", &format!("crowd{n}@example.com")).await.1);
    }
    let results = join_all(applicants.iter().map(|token| apply(app, token, &job, SOP)).collect::<Vec<_>>()).await;
    let mut statuses: Vec<u16> = results.iter().map(|(status, _)| *status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 201, 201, 400, 400, 400, 400, 400], "{results:?}");
    assert!(
        results
            .iter()
            .filter(|(status, _)| *status == 400)
            .all(|(_, body)| body["message"] == "Application limit reached")
    );
    assert_eq!(count_applications(app, &job).await, (3, 3));
}

async fn one_applicant_racing_applies_once(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "racer-r@example.com").await;
    let job = post_job(app, &recruiter, "Raced Role", 10, &day(-30), &day(60)).await;
    let (_, applicant) = account(app, "Applicant", "racer@example.com").await;
    let results = join_all((0..5).map(|_| apply(app, &applicant, &job, SOP)).collect::<Vec<_>>()).await;
    let mut statuses: Vec<u16> = results.iter().map(|(status, _)| *status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 409, 409, 409, 409], "{results:?}");
    assert_eq!(count_applications(app, &job).await, (1, 1));
}

/// An application as the handler hands it to the writer, the recruiter's notice and e-mail with it.
fn submitted(recruiter_id: &str, applicant_id: &str, job: &str) -> Submitted {
    let mail = jobportal::applications::emails::new_application(&jobportal::applications::emails::ToRecruiter {
        recruiter_email: "batch-r@example.com",
        recruiter_first_name: "Rita",
        applicant_name: "Ada Lovelace",
        job_title: "A role",
        company: "Acme",
        link: "http://localhost/dashboard",
    });
    Submitted {
        id: jobportal::db::new_id(),
        job_id: job.to_string(),
        applicant_id: applicant_id.to_string(),
        sop: SOP.to_string(),
        screened: jobportal::applications::repo::Screened { answers: "[]".into(), ..Default::default() },
        notices: vec![Notice {
            user_id: recruiter_id.to_string(),
            kind: Kind::NewApplication,
            text: "Ada Lovelace applied for A role".to_string(),
            link: format!("/dashboard/job/applications/{job}"),
            ref_id: job.to_string(),
            mail: Some(mail),
        }],
    }
}

async fn count(app: &TestApp, sql: &str, id: &str) -> i64 {
    let (count,): (i64,) = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql.to_string()))
        .bind(id)
        .fetch_one(pool)
        .await)
    .unwrap();
    count
}

async fn applications_waiting_together_share_a_transaction_and_keep_their_own_outcomes(app: &TestApp) {
    let (recruiter_id, recruiter) = account(app, "Recruiter", "batch-r@example.com").await;
    let (first_id, _) = account(app, "Applicant", "batch-1@example.com").await;
    let (second_id, second) = account(app, "Applicant", "batch-2@example.com").await;
    let roomy = post_job(app, &recruiter, "Roomy Role", 5, &day(-30), &day(60)).await;
    let last_place = post_job(app, &recruiter, "Last Place", 1, &day(-30), &day(60)).await;
    let past = post_job(app, &recruiter, "Past Role", 5, &day(-60), &day(-30)).await;
    let deleted = post_job(app, &recruiter, "Deleted Role", 5, &day(-30), &day(60)).await;
    delete_job(app, &recruiter, &deleted).await;
    let full = post_job(app, &recruiter, "Full Role", 1, &day(-30), &day(60)).await;
    assert_eq!(apply(app, &second, &full, SOP).await.0, 201);
    let applied_before = post_job(app, &recruiter, "Applied Before", 5, &day(-30), &day(60)).await;
    assert_eq!(apply(app, &second, &applied_before, SOP).await.0, 201);
    const TOLD: &str =
        "SELECT CAST(COUNT(*) AS BIGINT) FROM notifications WHERE user_id = $1 AND kind = 'new_application'";
    const MAILED: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM outbox WHERE to_address = $1";
    let mailed = count(app, MAILED, "batch-r@example.com").await;
    let (written, transactions) = app.parts.applications.written();

    let outcomes = app
        .parts
        .applications
        .apply_all(vec![
            submitted(&recruiter_id, &first_id, &roomy),
            submitted(&recruiter_id, &first_id, &last_place),
            submitted(&recruiter_id, &first_id, &past),
            submitted(&recruiter_id, &first_id, &deleted),
            submitted(&recruiter_id, &first_id, &full),
            submitted(&recruiter_id, &first_id, "no-such-job"),
            // Full comes before applied already, as one at a time.
            submitted(&recruiter_id, &second_id, &full),
            // Applied already (as from another instance, past the request's own check): left out
            // by the insert, the others of its transaction written all the same.
            submitted(&recruiter_id, &second_id, &applied_before),
            // A second application to a job waits for the next transaction, a third for the one after.
            submitted(&recruiter_id, &second_id, &roomy),
            submitted(&recruiter_id, &first_id, &roomy),
        ])
        .await;
    let outcomes: Vec<ApplyOutcome> = outcomes.into_iter().map(Result::unwrap).collect();
    let applied = |outcome: &ApplyOutcome| match outcome {
        ApplyOutcome::Applied { filled, .. } => Some(*filled),
        _ => None,
    };
    assert_eq!(outcomes.iter().map(applied).collect::<Vec<_>>()[..2], [Some(false), Some(true)]);
    assert_eq!(
        outcomes[2..8],
        [
            ApplyOutcome::DeadlinePassed,
            ApplyOutcome::NoSuchJob,
            ApplyOutcome::Full,
            ApplyOutcome::NoSuchJob,
            ApplyOutcome::Full,
            ApplyOutcome::AlreadyApplied
        ]
    );
    assert_eq!(applied(&outcomes[8]), Some(false));
    assert_eq!(outcomes[9], ApplyOutcome::AlreadyApplied);
    assert_eq!(app.parts.applications.written(), (written + 3, transactions + 3));

    assert_eq!(count_applications(app, &roomy).await, (2, 2));
    assert_eq!(count_applications(app, &last_place).await, (1, 1));
    assert_eq!(count_applications(app, &full).await, (1, 1));
    assert_eq!(count_applications(app, &past).await, (0, 0));
    assert_eq!(count_applications(app, &applied_before).await, (1, 1));
    assert_eq!(count(app, TOLD, &recruiter_id).await, 5);
    assert_eq!(count(app, MAILED, "batch-r@example.com").await, mailed + 3);
    // Each application is whole: its id, its statement, its time.
    let ApplyOutcome::Applied { id, .. } = &outcomes[0] else { unreachable!() };
    let (status, mine) =
        app.get_as("/api/v1/auth/applications", &app.log_in("batch-1@example.com", PASSWORD).await).await;
    assert_eq!(status, 200);
    let listed = mine["applications"].as_array().unwrap();
    assert_eq!(listed.len(), 2);
    let first = listed.iter().find(|application| application["_id"] == id.as_str()).unwrap();
    assert_eq!((&first["jobId"], &first["sop"], &first["status"]), (&json!(roomy), &json!(SOP), &json!("applied")));
}

async fn a_recruiter_decides_once_and_the_applicant_is_told(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "decider@example.com").await;
    let job = post_job(app, &recruiter, "Data Engineer", 10, &day(-30), &day(60)).await;
    let (_, applicant) = account(app, "Applicant", "hopeful@example.com").await;
    let id = apply(app, &applicant, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();

    assert_eq!(
        put_status(app, &recruiter, &id, "accepted").await,
        (400, error("Status must be shortlisted or rejected"))
    );
    assert_eq!(
        put_status(app, &recruiter, &id, "applied").await,
        (400, error("Status must be shortlisted or rejected"))
    );
    let (status, body) = put_status(app, &recruiter, &id, "shortlisted").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Application status updated to shortlisted");
    assert_eq!(body["data"]["status"], "shortlisted");
    assert_eq!(
        put_status(app, &recruiter, &id, "rejected").await,
        (409, error("This application has already been decided"))
    );

    let notice = app.mail("hopeful@example.com", "Your application for Data Engineer at Acme").await;
    assert!(notice.contains("Hello Ada,"));
    assert!(notice.contains("Your application for Data Engineer at Acme has been shortlisted."));
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"][0]["status"], "shortlisted");
}

async fn parallel_decisions_leave_one_decision(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "hasty@example.com").await;
    let job = post_job(app, &recruiter, "Contested Role", 10, &day(-30), &day(60)).await;
    let (_, applicant) = account(app, "Applicant", "contested@example.com").await;
    let id = apply(app, &applicant, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();
    let decisions = ["shortlisted", "rejected", "shortlisted", "rejected", "shortlisted", "rejected"];
    let results =
        join_all(decisions.iter().map(|status| put_status(app, &recruiter, &id, status)).collect::<Vec<_>>()).await;
    let winners: Vec<&Value> = results.iter().filter(|(status, _)| *status == 200).map(|(_, body)| body).collect();
    assert_eq!(winners.len(), 1, "{results:?}");
    assert!(results.iter().all(|(status, _)| *status == 200 || *status == 409));
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"][0]["status"], winners[0]["data"]["status"]);
}

async fn applications_stay_with_their_owners(app: &TestApp) {
    let (_, recruiter_a) = account(app, "Recruiter", "owner-a@example.com").await;
    let (_, recruiter_b) = account(app, "Recruiter", "owner-b@example.com").await;
    let job = post_job(app, &recruiter_a, "A's Role", 10, &day(-30), &day(60)).await;
    let (_, applicant) = account(app, "Applicant", "mine@example.com").await;
    let (_, other_applicant) = account(app, "Applicant", "theirs@example.com").await;
    let id = apply(app, &applicant, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();

    assert_eq!(app.get_as("/api/v1/auth/applications", &other_applicant).await.1["applications"], json!([]));
    assert_eq!(app.get_as("/api/v1/auth/applications", &recruiter_b).await.1["applications"], json!([]));
    assert_eq!(
        app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &recruiter_b).await,
        (404, error("Job not found"))
    );
    assert_eq!(
        app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &applicant).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    assert_eq!(put_status(app, &recruiter_b, &id, "rejected").await, (404, error("Application not found")));
    assert_eq!(
        put_status(app, &applicant, &id, "shortlisted").await,
        (403, error("This is a protected route for Recruiters only"))
    );
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"][0]["status"], "applied", "nothing changed");
}

async fn a_deleted_jobs_applications_stay_with_their_applicants(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "closing@example.com").await;
    let job = post_job(app, &recruiter, "Short-lived Role", 10, &day(-30), &day(60)).await;
    let (_, applicant) = account(app, "Applicant", "left@example.com").await;
    assert_eq!(apply(app, &applicant, &job, SOP).await.0, 201);
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"][0]["jobRemoved"], false, "a listed job's application");
    delete_job(app, &recruiter, &job).await;

    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert_eq!(mine["applications"][0]["jobDetails"]["title"], "Short-lived Role");
    assert_eq!(mine["applications"][0]["jobRemoved"], true, "the applicant is told the job was removed");
    assert_eq!(app.get_as("/api/v1/auth/applications", &recruiter).await.1["applications"], json!([]));
    let (_, late) = account(app, "Applicant", "late@example.com").await;
    assert_eq!(apply(app, &late, &job, SOP).await, (404, error("Job not found")));
}

async fn an_applicant_withdraws_a_pending_application_and_its_place_is_freed(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "small-team@example.com").await;
    let job = post_job(app, &recruiter, "One Seat", 1, &day(-30), &day(60)).await;
    let (_, first) = account(app, "Applicant", "first@example.com").await;
    let (_, second) = account(app, "Applicant", "second@example.com").await;
    let id = apply(app, &first, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();
    assert_eq!(apply(app, &second, &job, SOP).await, (400, error("Application limit reached")));

    let (status, body) = withdraw(app, &first, &id).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "Application withdrawn");
    assert_eq!(body["data"]["status"], "withdrawn");
    assert_eq!(count_applications(app, &job).await, (1, 0), "the row stays as a record; the place is free");
    assert_eq!(app.get(&format!("/api/v1/jobs/getJob/{job}")).await.1["data"]["applicationsCount"], 0);

    assert_eq!(apply(app, &second, &job, SOP).await.0, 201, "the freed place goes to someone else");
    assert_eq!(
        apply(app, &first, &job, SOP).await,
        (409, error("You have already applied for this job")),
        "a withdrawn application is not made again"
    );
    let (_, received) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &recruiter).await;
    let statuses: Vec<&str> =
        received["applications"].as_array().unwrap().iter().map(|a| a["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["applied", "withdrawn"], "the recruiter sees it withdrawn, not pending");
    assert_eq!(
        put_status(app, &recruiter, &id, "shortlisted").await,
        (409, error("The applicant withdrew this application"))
    );
}

async fn withdrawing_is_refused_once_decided_and_to_anyone_but_the_applicant(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "decisive@example.com").await;
    let job = post_job(app, &recruiter, "Decided Role", 10, &day(-30), &day(60)).await;
    let (_, applicant) = account(app, "Applicant", "decided@example.com").await;
    let (_, stranger) = account(app, "Applicant", "stranger@example.com").await;
    let id = apply(app, &applicant, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();

    assert_eq!(withdraw(app, &stranger, &id).await, (404, error("Application not found")));
    assert_eq!(withdraw(app, &recruiter, &id).await, (403, error("This is a protected route for Applicants only")));
    assert_eq!(withdraw(app, &applicant, "no-such-application").await, (404, error("Application not found")));
    let (status, _) = app
        .client
        .put(app.url(&format!("/api/v1/auth/withdrawapplication/{id}")))
        .send()
        .await
        .map(|response| (response.status().as_u16(), ()))
        .unwrap();
    assert_eq!(status, 401);

    assert_eq!(put_status(app, &recruiter, &id, "rejected").await.0, 200);
    assert_eq!(withdraw(app, &applicant, &id).await, (409, error("Only a pending application can be withdrawn")));
    assert_eq!(count_applications(app, &job).await, (1, 1), "a decided application keeps its place");

    let second = post_job(app, &recruiter, "Withdrawn Twice", 10, &day(-30), &day(60)).await;
    let id = apply(app, &applicant, &second, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();
    assert_eq!(withdraw(app, &applicant, &id).await.0, 200);
    assert_eq!(withdraw(app, &applicant, &id).await, (409, error("Only a pending application can be withdrawn")));
    assert_eq!(count_applications(app, &second).await, (1, 0), "the place is freed once");
}

/// A withdrawal racing a rejection leaves exactly one of them; racing a shortlist, either the
/// withdrawal comes first (and the shortlist finds it withdrawn) or both happen in turn (an
/// applicant may withdraw at any stage before a final one).
async fn a_withdrawal_racing_a_decision_leaves_exactly_one_of_them(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "racer@example.com").await;
    let job = post_job(app, &recruiter, "Raced Role", 50, &day(-30), &day(60)).await;
    for round in 0..8 {
        let (_, applicant) = account(app, "Applicant", &format!("racer-{round}@example.com")).await;
        let id = apply(app, &applicant, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string();
        let decision = if round % 2 == 0 { "shortlisted" } else { "rejected" };
        let (withdrawn, decided) =
            tokio::join!(withdraw(app, &applicant, &id), put_status(app, &recruiter, &id, decision));
        let outcomes = (withdrawn.0, decided.0);
        let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
        let now = mine["applications"][0]["status"].as_str().unwrap().to_string();
        match outcomes {
            (200, 409) => {
                assert_eq!(now, "withdrawn");
                assert_eq!(decided.1, error("The applicant withdrew this application"));
            }
            (409, 200) if decision == "rejected" => {
                assert_eq!(now, decision);
                assert_eq!(withdrawn.1, error("Only a pending application can be withdrawn"));
            }
            (200, 200) if decision == "shortlisted" => {
                assert_eq!(now, "withdrawn");
                let stages: Vec<&str> = mine["applications"][0]["history"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|step| step["stage"].as_str().unwrap())
                    .collect();
                assert_eq!(stages, ["applied", "screening", "withdrawn"]);
            }
            other => panic!("round {round}: exactly one must win, got {other:?}: {withdrawn:?} {decided:?}"),
        }
    }
    let (rows, counter) = count_applications(app, &job).await;
    let (_, received) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &recruiter).await;
    let withdrawn = received["applications"].as_array().unwrap().iter().filter(|a| a["status"] == "withdrawn").count();
    assert_eq!((rows, counter), (8, 8 - withdrawn as i64), "each withdrawal freed exactly one place");
}

async fn each_application_keeps_its_history_with_times(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "historian@example.com").await;
    let job = post_job(app, &recruiter, "Recorded Role", 10, &day(-30), &day(60)).await;
    let (_, pending) = account(app, "Applicant", "pending@example.com").await;
    let (_, shortlisted) = account(app, "Applicant", "chosen@example.com").await;
    let (_, leaving) = account(app, "Applicant", "leaving@example.com").await;
    let mut ids = Vec::new();
    for token in [&pending, &shortlisted, &leaving] {
        ids.push(apply(app, token, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string());
    }
    let shortlisted_at =
        put_status(app, &recruiter, &ids[1], "shortlisted").await.1["data"]["history"][1]["at"].clone();
    withdraw(app, &leaving, &ids[2]).await;

    let history = |body: &Value| -> Vec<(String, String)> {
        body["applications"][0]["history"]
            .as_array()
            .unwrap()
            .iter()
            .map(|step| (step["status"].as_str().unwrap().to_owned(), step["at"].as_str().unwrap().to_owned()))
            .collect()
    };
    let (_, mine) = app.get_as("/api/v1/auth/applications", &pending).await;
    let applied_at = mine["applications"][0]["dateOfApplication"].as_str().unwrap().to_owned();
    assert_eq!(history(&mine), [("applied".to_owned(), applied_at)]);

    let (_, mine) = app.get_as("/api/v1/auth/applications", &shortlisted).await;
    let steps = history(&mine);
    assert_eq!(steps.iter().map(|(status, _)| status.as_str()).collect::<Vec<_>>(), ["applied", "shortlisted"]);
    assert_eq!(steps[1].1, shortlisted_at.as_str().unwrap());
    let at = |text: &str| time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap();
    assert!(at(&steps[0].1) <= at(&steps[1].1), "oldest first: {steps:?}");

    let (_, mine) = app.get_as("/api/v1/auth/applications", &leaving).await;
    let steps = history(&mine);
    assert_eq!(steps.iter().map(|(status, _)| status.as_str()).collect::<Vec<_>>(), ["applied", "withdrawn"]);
    assert!(steps.iter().all(|(_, at)| at.ends_with('Z')));

    let (_, received) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &recruiter).await;
    let recruiter_sees: Vec<usize> =
        received["applications"].as_array().unwrap().iter().map(|a| a["history"].as_array().unwrap().len()).collect();
    assert_eq!(recruiter_sees, [2, 2, 1], "the recruiter sees the same history, newest application first");
}

async fn a_recruiter_sees_a_jobs_applications_counted_by_status_and_day(app: &TestApp) {
    let (_, recruiter) = account(app, "Recruiter", "counter@example.com").await;
    let (_, other) = account(app, "Recruiter", "not-owner@example.com").await;
    let job = post_job(app, &recruiter, "Counted Role", 10, &day(-30), &day(60)).await;
    let path = format!("/api/v1/auth/jobs/applications/{job}/overview");
    let (status, empty) = app.get_as(&path, &recruiter).await;
    assert_eq!((status, empty["message"].as_str()), (200, Some("Overview fetched successfully")));
    assert_eq!(empty["data"]["counts"], json!({ "applied": 0, "shortlisted": 0, "rejected": 0, "withdrawn": 0 }));
    assert_eq!(empty["data"]["perDay"].as_array().unwrap().len(), 30);

    let mut ids = Vec::new();
    let mut tokens = Vec::new();
    for n in 0..5 {
        let (_, applicant) = account(app, "Applicant", &format!("counted-{n}@example.com")).await;
        ids.push(apply(app, &applicant, &job, SOP).await.1["application"]["_id"].as_str().unwrap().to_string());
        tokens.push(applicant);
    }
    put_status(app, &recruiter, &ids[0], "shortlisted").await;
    put_status(app, &recruiter, &ids[1], "rejected").await;
    withdraw(app, &tokens[2], &ids[2]).await;
    // One applied two days ago, one before the 30 days the chart shows.
    const MOVE: &str = "UPDATE applications SET created_at = created_at - $1 WHERE id = $2";
    for (id, days) in [(&ids[3], 2_i64), (&ids[4], 40)] {
        let by = days * 24 * 60 * 60 * 1000;
        jobportal::dispatch!(&app.db, |pool| sqlx::query(MOVE).bind(by).bind(id).execute(pool).await.map(|_| ()))
            .unwrap();
    }

    let (status, body) = app.get_as(&path, &recruiter).await;
    assert_eq!(status, 200, "{body}");
    let data = &body["data"];
    assert_eq!(data["counts"], json!({ "applied": 2, "shortlisted": 1, "rejected": 1, "withdrawn": 1 }));
    assert_eq!(data["total"], 5);
    let days = data["perDay"].as_array().unwrap();
    let counts: Vec<i64> = days.iter().map(|day| day["count"].as_i64().unwrap()).collect();
    assert_eq!(counts[29], 3, "three today: {days:?}");
    assert_eq!(counts[27], 1, "one two days ago");
    assert_eq!(counts.iter().sum::<i64>(), 4, "the one from 40 days ago is before the window");
    let today = jobportal::jobs::model::rfc3339_from_millis(jobportal::db::now_millis())[..10].to_string();
    assert_eq!(days[29]["day"], today.as_str());

    let error = |message: &str| json!({ "success": false, "message": message });
    assert_eq!(app.get_as(&path, &other).await, (404, error("Job not found")));
    assert_eq!(app.get_as(&path, &tokens[0]).await, (403, error("This is a protected route for Recruiters only")));
    assert_eq!(
        app.get_as("/api/v1/auth/jobs/applications/nope/overview", &recruiter).await,
        (404, error("Job not found"))
    );
}

/// On PostgreSQL the server looks at the applications' counters every 500 written and analyzes the
/// table when autovacuum's rule says it is due (here: never analyzed), so plans made while it was
/// empty do not outlive its growth; on SQLite it never looks.
async fn postgresql_analyzes_the_applications_when_autovacuums_rule_says_they_are_due(app: &TestApp) {
    use jobportal::db::{Db, Statistics};
    let statistics = std::sync::Arc::new(Statistics::new(&app.db, "applications"));
    let Db::Postgres(pool) = &app.db else {
        assert!(statistics.wrote(10_000).is_none());
        return;
    };
    const COUNTED: &str = "SELECT CAST(reltuples AS BIGINT) FROM pg_class WHERE oid = CAST('applications' AS regclass)";
    let counted = || async { sqlx::query_scalar::<_, i64>(COUNTED).fetch_one(pool).await.unwrap() };
    assert_eq!(counted().await, -1, "never analyzed");
    assert!(statistics.wrote(499).is_none());
    statistics.wrote(1).expect("a look at 500 written").await.unwrap();
    assert_eq!(counted().await, 0, "analyzed, and found empty");
    assert!(statistics.wrote(499).is_none());
    statistics.wrote(1).expect("the next look at 1,000 written").await.unwrap();
}
