//! The hiring pipeline: stages, the moves' rules and races, ratings and notes (docs/rules.md#stages).

use serde_json::{Value, json};

use crate::helpers::{TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    a_recruiter_moves_an_application_to_hired_and_the_hire_that_fills_the_positions_closes_the_job,
    two_tabs_moving_the_same_card_leave_one_move_and_a_409_for_the_other,
    two_hires_racing_for_the_last_position_leave_one,
    moves_are_refused_with_the_reason,
    a_rejections_reason_stays_with_the_recruiter,
    ratings_and_notes_are_the_recruiters_alone,
    a_deleted_jobs_applications_keep_their_history_read_only,
    the_overview_counts_each_stage,
    a_move_that_waited_for_another_is_dated_after_it,
);

/// A new applicant (`email`) applies to `job`: the application's id and the applicant's token.
async fn applied(app: &TestApp, job: &str, email: &str) -> (String, String) {
    let token = app.account("Applicant", email).await;
    (app.apply_as(&token, job).await, token)
}

async fn move_to(app: &TestApp, token: &str, id: &str, from: &str, stage: &str) -> (u16, Value) {
    let body = json!({ "from": from, "stage": stage });
    app.put_as(&format!("/api/v1/auth/applications/{id}/stage"), token, &body).await
}

/// The caller's view of one application, from their list.
async fn seen_by(app: &TestApp, token: &str, id: &str) -> Value {
    let (status, body) = app.get_as("/api/v1/auth/applications", token).await;
    assert_eq!(status, 200, "{body}");
    body["applications"].as_array().unwrap().iter().find(|a| a["_id"] == id).cloned().expect("listed")
}

fn stages(application: &Value) -> Vec<(String, String)> {
    let steps = application["history"].as_array().unwrap();
    steps.iter().map(|step| (step["stage"].as_str().unwrap().into(), step["by"].as_str().unwrap().into())).collect()
}

async fn withdraw(app: &TestApp, token: &str, id: &str) -> (u16, Value) {
    app.put_as(&format!("/api/v1/auth/withdrawapplication/{id}"), token, &json!({})).await
}

async fn a_recruiter_moves_an_application_to_hired_and_the_hire_that_fills_the_positions_closes_the_job(app: &TestApp) {
    let recruiter = app.account("Recruiter", "pipeline@example.com").await;
    let job = app.post_job_as(&recruiter, "Staff Engineer", 1, &day(60)).await;
    let (id, applicant) = applied(app, &job, "candidate@example.com").await;
    let (second, _) = applied(app, &job, "runner-up@example.com").await;

    let steps = [
        ("applied", "screening", "Screening stage", "has been shortlisted"),
        ("screening", "interview", "Interview stage", "moved to the Interview stage"),
        ("interview", "offer", "Offer stage", "moved to the Offer stage"),
        ("offer", "hired", "Hired", "was successful: you are hired"),
    ];
    for (from, to, words, told) in steps {
        let (status, body) = move_to(app, &recruiter, &id, from, to).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["message"], format!("Application moved to {words}"));
        assert_eq!((body["data"]["stage"].as_str(), body["data"]["stageLabel"].as_str()), (Some(to), Some(words)));
        assert_eq!(body["data"]["status"], "shortlisted", "screening to hired read as shortlisted");
        let mail = app.mail("candidate@example.com", told).await;
        assert!(mail.contains("Staff Engineer at Acme"), "{mail}");
    }

    let mine = seen_by(app, &applicant, &id).await;
    assert_eq!(
        (mine["stage"].as_str(), mine["stageLabel"].as_str(), mine["status"].as_str()),
        (Some("hired"), Some("Hired"), Some("shortlisted"))
    );
    let expected: Vec<(String, String)> = [
        ("applied", "applicant"),
        ("screening", "recruiter"),
        ("interview", "recruiter"),
        ("offer", "recruiter"),
        ("hired", "recruiter"),
    ]
    .iter()
    .map(|(stage, by)| (stage.to_string(), by.to_string()))
    .collect();
    assert_eq!(stages(&mine), expected, "every move in the history, oldest first, with who made it");
    assert_eq!(mine["history"][4]["status"], "shortlisted");
    for private in ["rating", "notesCount", "rejectionReason"] {
        assert!(mine.get(private).is_none(), "{private} is the recruiter's: {mine}");
    }

    // The one position is filled: the job closed, and nobody else is hired or the job reopened.
    let (_, page) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
    assert!(page["data"]["closedAt"].is_string(), "the hire closed the job: {page}");
    let (status, _) = move_to(app, &recruiter, &second, "applied", "offer").await;
    assert_eq!(status, 200);
    assert_eq!(
        move_to(app, &recruiter, &second, "offer", "hired").await,
        (409, error("Every position of this job is filled"))
    );
    assert_eq!(
        app.put_as(&format!("/api/v1/jobs/reopenJob/{job}"), &recruiter, &json!({})).await,
        (409, error("Every position of this job is filled; raise Max positions before reopening the job"))
    );
    // Hired is final, for the recruiter and the applicant.
    assert_eq!(
        move_to(app, &recruiter, &id, "hired", "offer").await,
        (409, error("A hired or rejected application takes no further moves"))
    );
    assert_eq!(withdraw(app, &applicant, &id).await, (409, error("Only a pending application can be withdrawn")));
}

async fn two_tabs_moving_the_same_card_leave_one_move_and_a_409_for_the_other(app: &TestApp) {
    let recruiter = app.account("Recruiter", "two-tabs@example.com").await;
    let job = app.post_job_as(&recruiter, "Raced Card", 5, &day(60)).await;
    for round in 0..6 {
        let (id, _) = applied(app, &job, &format!("card-{round}@example.com")).await;
        let other = if round % 2 == 0 { "interview" } else { "rejected" };
        let (first, second) = tokio::join!(
            move_to(app, &recruiter, &id, "applied", "screening"),
            move_to(app, &recruiter, &id, "applied", other)
        );
        let (won, lost, loser_wanted) = match (first.0, second.0) {
            (200, 409) => (first, second, other),
            (409, 200) => (second, first, "screening"),
            outcome => panic!("round {round}: one move and one 409, got {outcome:?}: {first:?} {second:?}"),
        };
        let now = won.1["data"]["stage"].as_str().unwrap();
        assert_ne!(now, loser_wanted);
        let words = won.1["data"]["stageLabel"].as_str().unwrap();
        assert_eq!(lost.1, error(&format!("This application was moved to {words} since you loaded it")));
        let seen = seen_by(app, &recruiter, &id).await;
        assert_eq!(stages(&seen).len(), 2, "one move recorded: {seen}");
    }
}

async fn two_hires_racing_for_the_last_position_leave_one(app: &TestApp) {
    let recruiter = app.account("Recruiter", "last-seat@example.com").await;
    let job = app.post_job_as(&recruiter, "One Seat", 1, &day(60)).await;
    let (first, _) = applied(app, &job, "seat-1@example.com").await;
    let (second, _) = applied(app, &job, "seat-2@example.com").await;
    for id in [&first, &second] {
        assert_eq!(move_to(app, &recruiter, id, "applied", "offer").await.0, 200);
    }
    let (a, b) = tokio::join!(
        move_to(app, &recruiter, &first, "offer", "hired"),
        move_to(app, &recruiter, &second, "offer", "hired")
    );
    let mut outcomes = [a.0, b.0];
    outcomes.sort();
    assert_eq!(outcomes, [200, 409], "{a:?} {b:?}");
    let refused = if a.0 == 409 { a.1 } else { b.1 };
    assert_eq!(refused, error("Every position of this job is filled"));
    const HIRED: &str = "SELECT hired_count, CAST((SELECT COUNT(*) FROM applications WHERE job_id = $1 AND stage = 'hired') AS BIGINT) \
         FROM jobs WHERE id = $1";
    let counted: (i64, i64) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(HIRED).bind(&job).fetch_one(pool).await).unwrap();
    assert_eq!(counted, (1, 1));
}

async fn moves_are_refused_with_the_reason(app: &TestApp) {
    let recruiter = app.account("Recruiter", "strict-board@example.com").await;
    let stranger = app.account("Recruiter", "other-board@example.com").await;
    let job = app.post_job_as(&recruiter, "Guarded Role", 3, &day(60)).await;
    let (id, applicant) = applied(app, &job, "guarded@example.com").await;
    let path = format!("/api/v1/auth/applications/{id}/stage");
    let stage_choices = "Stage must be applied, screening, interview, offer, hired or rejected";
    for (body, message) in [
        (json!({ "from": "applied" }), stage_choices),
        (json!({ "from": "applied", "stage": "withdrawn" }), stage_choices),
        (json!({ "from": "applied", "stage": "shortlisted" }), stage_choices),
        (
            json!({ "from": "applied", "stage": 3 }),
            "Invalid request body: Failed to deserialize the JSON body into the target type: stage: invalid type: \
             integer `3`, expected a string at line 1 column 27",
        ),
        (json!({ "stage": "screening" }), "From must be the stage the application is at"),
        (json!({ "from": "applied", "stage": "applied" }), "The application is already at that stage"),
        (json!({ "from": "applied", "stage": "offer", "reason": "why" }), "A reason is given only when rejecting"),
        (
            json!({ "from": "applied", "stage": "rejected", "reason": "x".repeat(1001) }),
            "Reason must be at most 1000 characters",
        ),
        (
            json!({ "from": "applied", "stage": "rejected", "reason": "a\u{0}b" }),
            "reason must not contain NUL characters",
        ),
    ] {
        assert_eq!(app.put_as(&path, &recruiter, &body).await, (400, error(message)), "{body}");
    }
    let body = json!({ "from": "applied", "stage": "screening" });
    assert_eq!(app.put_as(&path, &stranger, &body).await, (404, error("Application not found")));
    assert_eq!(
        app.put_as(&path, &applicant, &body).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    assert_eq!(
        app.put_as("/api/v1/auth/applications/nope/stage", &recruiter, &body).await,
        (404, error("Application not found"))
    );
    // A card seen at a stage it has left since.
    assert_eq!(
        move_to(app, &recruiter, &id, "interview", "offer").await,
        (409, error("This application was moved to Applied since you loaded it"))
    );
    // Moving back is allowed, and not e-mailed; a withdrawal from a later stage ends it.
    assert_eq!(move_to(app, &recruiter, &id, "applied", "interview").await.0, 200);
    let (status, back) = move_to(app, &recruiter, &id, "interview", "applied").await;
    assert_eq!((status, back["data"]["status"].as_str()), (200, Some("applied")));
    assert_eq!(move_to(app, &recruiter, &id, "applied", "screening").await.0, 200);
    let (status, withdrawn) = withdraw(app, &applicant, &id).await;
    assert_eq!((status, withdrawn["data"]["stage"].as_str()), (200, Some("withdrawn")));
    assert_eq!(
        move_to(app, &recruiter, &id, "screening", "interview").await,
        (409, error("The applicant withdrew this application"))
    );
    let seen = seen_by(app, &recruiter, &id).await;
    let by: Vec<&str> = seen["history"].as_array().unwrap().iter().map(|step| step["by"].as_str().unwrap()).collect();
    assert_eq!(by, ["applicant", "recruiter", "recruiter", "recruiter", "applicant"]);
}

async fn a_rejections_reason_stays_with_the_recruiter(app: &TestApp) {
    let recruiter = app.account("Recruiter", "reasons@example.com").await;
    let job = app.post_job_as(&recruiter, "Reasoned Role", 3, &day(60)).await;
    let (id, applicant) = applied(app, &job, "not-this-time@example.com").await;
    let reason = "Went with a candidate who knows Kafka";
    let body = json!({ "from": "applied", "stage": "rejected", "reason": reason });
    let (status, moved) = app.put_as(&format!("/api/v1/auth/applications/{id}/stage"), &recruiter, &body).await;
    assert_eq!((status, moved["message"].as_str()), (200, Some("Application moved to Not selected")));
    assert_eq!(
        (moved["data"]["status"].as_str(), moved["data"]["rejectionReason"].as_str()),
        (Some("rejected"), Some(reason))
    );
    assert_eq!(moved["data"]["history"][1]["reason"], reason);

    let theirs = seen_by(app, &applicant, &id).await;
    assert_eq!((theirs["stage"].as_str(), theirs["stageLabel"].as_str()), (Some("rejected"), Some("Not selected")));
    assert!(!theirs.to_string().contains("Kafka"), "the reason is never shown to the applicant: {theirs}");
    let mail = app.mail("not-this-time@example.com", "was not selected this time").await;
    assert!(!mail.contains("Kafka"), "{mail}");
    assert_eq!(
        move_to(app, &recruiter, &id, "rejected", "screening").await,
        (409, error("A hired or rejected application takes no further moves"))
    );
}

async fn ratings_and_notes_are_the_recruiters_alone(app: &TestApp) {
    let recruiter = app.account("Recruiter", "rater@example.com").await;
    let stranger = app.account("Recruiter", "not-the-rater@example.com").await;
    let job = app.post_job_as(&recruiter, "Rated Role", 3, &day(60)).await;
    let (id, applicant) = applied(app, &job, "rated@example.com").await;
    let rating = format!("/api/v1/auth/applications/{id}/rating");
    let notes = format!("/api/v1/auth/applications/{id}/notes");

    let (status, rated) = app.put_as(&rating, &recruiter, &json!({ "rating": 4 })).await;
    assert_eq!(
        (status, rated["message"].as_str(), rated["data"]["rating"].as_i64()),
        (200, Some("Rating saved"), Some(4))
    );
    let choices = "Rating must be a whole number from 1 to 5, or null to clear it";
    for bad in
        [json!({ "rating": 0 }), json!({ "rating": 6 }), json!({ "rating": 2.5 }), json!({ "rating": "3" }), json!({})]
    {
        assert_eq!(app.put_as(&rating, &recruiter, &bad).await, (400, error(choices)), "{bad}");
    }
    assert_eq!(app.put_as(&rating, &stranger, &json!({ "rating": 1 })).await, (404, error("Application not found")));
    assert_eq!(app.put_as(&rating, &applicant, &json!({ "rating": 5 })).await.0, 403);

    let (status, first) = app.post_as(&notes, &recruiter, &json!({ "body": "  Strong systems answers.  " })).await;
    assert_eq!((status, first["message"].as_str()), (201, Some("Note added")), "{first}");
    assert_eq!(first["note"]["body"], "Strong systems answers.");
    assert_eq!(first["note"]["author"], "Ada Lovelace");
    let (status, _) = app.post_as(&notes, &recruiter, &json!({ "body": "Ask about <b>on-call</b>." })).await;
    assert_eq!(status, 201);
    for (body, message) in [
        (json!({ "body": "   " }), "Note is required"),
        (json!({}), "Note is required"),
        (json!({ "body": "x".repeat(2001) }), "Note must be at most 2000 characters"),
        (json!({ "body": "a\u{0}b" }), "body must not contain NUL characters"),
    ] {
        assert_eq!(app.post_as(&notes, &recruiter, &body).await, (400, error(message)), "{body}");
    }
    let (status, listed) = app.get_as(&notes, &recruiter).await;
    assert_eq!((status, listed["message"].as_str()), (200, Some("Notes fetched successfully")));
    let bodies: Vec<&str> =
        listed["notes"].as_array().unwrap().iter().map(|note| note["body"].as_str().unwrap()).collect();
    assert_eq!(bodies, ["Ask about <b>on-call</b>.", "Strong systems answers."], "newest first, as written");
    assert_eq!(app.get_as(&notes, &stranger).await, (404, error("Application not found")));
    assert_eq!(app.post_as(&notes, &stranger, &json!({ "body": "mine" })).await, (404, error("Application not found")));
    assert_eq!(app.get_as(&notes, &applicant).await.0, 403);

    let card = seen_by(app, &recruiter, &id).await;
    assert_eq!((card["rating"].as_i64(), card["notesCount"].as_i64()), (Some(4), Some(2)));
    let theirs = seen_by(app, &applicant, &id).await;
    assert!(theirs.get("rating").is_none() && theirs.get("notesCount").is_none(), "{theirs}");

    let (status, cleared) = app.put_as(&rating, &recruiter, &json!({ "rating": null })).await;
    assert_eq!(status, 200);
    assert!(cleared["data"].get("rating").is_none(), "cleared: {cleared}");
}

async fn a_deleted_jobs_applications_keep_their_history_read_only(app: &TestApp) {
    let recruiter = app.account("Recruiter", "deleter@example.com").await;
    let job = app.post_job_as(&recruiter, "Gone Role", 3, &day(60)).await;
    let (id, applicant) = applied(app, &job, "left-behind@example.com").await;
    assert_eq!(move_to(app, &recruiter, &id, "applied", "interview").await.0, 200);
    let (status, _) =
        app.post_as(&format!("/api/v1/auth/applications/{id}/notes"), &recruiter, &json!({ "body": "Good" })).await;
    assert_eq!(status, 201);
    let response = app
        .client
        .delete(app.url(&format!("/api/v1/jobs/deleteJob/{job}")))
        .bearer_auth(&recruiter)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);

    assert_eq!(
        move_to(app, &recruiter, &id, "interview", "offer").await,
        (409, error("This job was deleted; its applications can no longer be decided"))
    );
    let read_only = error("This job was deleted; its applications are read-only");
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/applications/{id}/rating"), &recruiter, &json!({ "rating": 2 })).await,
        (409, read_only.clone())
    );
    assert_eq!(
        app.post_as(&format!("/api/v1/auth/applications/{id}/notes"), &recruiter, &json!({ "body": "More" })).await,
        (409, read_only)
    );
    let theirs = seen_by(app, &applicant, &id).await;
    assert_eq!(theirs["jobRemoved"], true);
    assert_eq!(stages(&theirs).len(), 2, "the history stays: {theirs}");
    assert_eq!(theirs["stageLabel"], "Interview stage");
}

async fn the_overview_counts_each_stage(app: &TestApp) {
    let recruiter = app.account("Recruiter", "stage-counter@example.com").await;
    let job = app.post_job_as(&recruiter, "Counted Stages", 3, &day(60)).await;
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(applied(app, &job, &format!("staged-{n}@example.com")).await.0);
    }
    for (id, to) in [(&ids[0], "screening"), (&ids[1], "interview"), (&ids[2], "offer"), (&ids[3], "rejected")] {
        assert_eq!(move_to(app, &recruiter, id, "applied", to).await.0, 200);
    }
    let (status, body) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}/overview"), &recruiter).await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"]["stages"],
        json!({ "applied": 1, "screening": 1, "interview": 1, "offer": 1, "hired": 0, "rejected": 1, "withdrawn": 0 })
    );
    assert_eq!(body["data"]["counts"], json!({ "applied": 1, "shortlisted": 3, "rejected": 1, "withdrawn": 0 }));
}

/// A move is dated after the application's last step even when its own clock reading is earlier
/// (it read the time, then waited for the move before it to commit): the history stays in order.
async fn a_move_that_waited_for_another_is_dated_after_it(app: &TestApp) {
    let recruiter = app.account("Recruiter", "ordered@example.com").await;
    let job = app.post_job_as(&recruiter, "Ordered Role", 1, &day(60)).await;
    let (id, applicant) = applied(app, &job, "ordered-cand@example.com").await;
    assert_eq!(move_to(app, &recruiter, &id, "applied", "screening").await.0, 200);
    // The screening move as if it had been dated an hour ahead of this clock.
    const AHEAD: &str = "UPDATE application_moves SET at = at + 3600000 WHERE application_id = $1";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(AHEAD).bind(&id).execute(pool).await.map(|_| ())).unwrap();
    assert_eq!(withdraw(app, &applicant, &id).await.0, 200);
    let seen = seen_by(app, &applicant, &id).await;
    let steps: Vec<(String, String)> = stages(&seen);
    assert_eq!(
        steps.iter().map(|(stage, _)| stage.as_str()).collect::<Vec<_>>(),
        ["applied", "screening", "withdrawn"]
    );
    let at = |n: usize| {
        let text = seen["history"][n]["at"].as_str().unwrap();
        time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap()
    };
    assert!(at(2) > at(1), "{} after {}", at(2), at(1));
}
