//! The authorization matrix of the hiring calls: for each call, what a guest, the application's
//! applicant, another applicant, the job's recruiter, another recruiter and an admin are answered.
//! Only the two sides of an application reach its stages, notes, interviews and conversation, each
//! only the calls of their side; everyone else is told there is no such thing (or, for the wrong
//! account type, that the route is not theirs).

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day};
use crate::on_both_engines;

on_both_engines!(only_the_two_sides_reach_an_application_s_hiring_calls);

async fn call(app: &TestApp, method: &str, path: &str, token: Option<&str>, body: &Value) -> u16 {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = app.client.request(method.clone(), app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if method != reqwest::Method::GET {
        request = request.json(body);
    }
    request.send().await.unwrap().status().as_u16()
}

/// Who asks: a column of the matrix.
#[derive(Clone, Copy, Debug)]
enum Who {
    Guest,
    Applicant,
    OtherApplicant,
    Recruiter,
    OtherRecruiter,
    Admin,
}

const EVERYONE: [Who; 6] =
    [Who::Guest, Who::Applicant, Who::OtherApplicant, Who::Recruiter, Who::OtherRecruiter, Who::Admin];

async fn only_the_two_sides_reach_an_application_s_hiring_calls(app: &TestApp) {
    let recruiter = app.account("Recruiter", "matrix-r@example.com").await;
    let other_recruiter = app.account("Recruiter", "matrix-r2@example.com").await;
    let applicant = app.account("Applicant", "matrix-a@example.com").await;
    let other_applicant = app.account("Applicant", "matrix-a2@example.com").await;
    jobportal::accounts::create_admin(&app.db, "matrix-admin@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let admin = app.log_in("matrix-admin@example.com", PASSWORD).await;
    let token = |who: Who| match who {
        Who::Guest => None,
        Who::Applicant => Some(applicant.as_str()),
        Who::OtherApplicant => Some(other_applicant.as_str()),
        Who::Recruiter => Some(recruiter.as_str()),
        Who::OtherRecruiter => Some(other_recruiter.as_str()),
        Who::Admin => Some(admin.as_str()),
    };

    let job = app.post_job_as(&recruiter, "Matrix Role", 1, &day(60)).await;
    let application = app.apply_as(&applicant, &job).await;
    let slot = jobportal::jobs::model::rfc3339_from_millis(jobportal::db::now_millis() + 48 * 60 * 60 * 1000);
    let (status, proposed) = app
        .post_as(
            &format!("/api/v1/auth/applications/{application}/interviews"),
            &recruiter,
            &json!({ "slots": [slot], "durationMinutes": 30, "location": "Pune" }),
        )
        .await;
    assert_eq!(status, 201, "{proposed}");
    let interview = proposed["data"]["_id"].as_str().unwrap().to_string();
    let (_, bell) = app.get_as("/api/v1/auth/notifications", &applicant).await;
    let notification = bell["notifications"][0]["_id"].as_str().unwrap().to_string();

    let a = format!("/api/v1/auth/applications/{application}");
    let i = format!("/api/v1/auth/interviews/{interview}");
    // Each row: the call, and what each of EVERYONE is answered, in that order. Calls that change
    // something are sent with a body that would be refused (400) or would change nothing, so the
    // matrix can be read in any order: the status says whether the caller was let in.
    let bad = json!({});
    let rows: Vec<(&str, String, [u16; 6])> = vec![
        // Guest, applicant, other applicant, recruiter, other recruiter, admin.
        ("PUT", format!("{a}/stage"), [401, 403, 403, 400, 400, 403]),
        ("PUT", format!("{a}/rating"), [401, 403, 403, 400, 400, 403]),
        ("GET", format!("{a}/notes"), [401, 403, 403, 200, 404, 403]),
        ("POST", format!("{a}/notes"), [401, 403, 403, 400, 400, 403]),
        ("GET", format!("{a}/messages"), [401, 200, 404, 200, 404, 404]),
        ("POST", format!("{a}/messages"), [401, 400, 400, 400, 400, 400]),
        ("PUT", format!("{a}/messages/read"), [401, 200, 404, 200, 404, 404]),
        ("GET", format!("{a}/interviews"), [401, 200, 404, 200, 404, 404]),
        ("POST", format!("{a}/interviews"), [401, 403, 403, 400, 400, 403]),
        ("GET", i.clone(), [401, 200, 404, 200, 404, 404]),
        ("PUT", format!("{i}/book"), [401, 400, 404, 403, 403, 403]),
        ("PUT", format!("{i}/reschedule"), [401, 403, 403, 400, 400, 403]),
        ("PUT", format!("/api/v1/auth/notifications/{notification}/read"), [401, 200, 404, 404, 404, 404]),
    ];
    for (method, path, expected) in &rows {
        for (who, want) in EVERYONE.iter().zip(expected) {
            assert_eq!(call(app, method, path, token(*who), &bad).await, *want, "{method} {path} as {who:?}");
        }
    }
    // With a valid body, the calls that a bad body stopped at 400 show who is let in.
    let valid: Vec<(&str, String, Value, [u16; 6])> = vec![
        ("POST", format!("{a}/notes"), json!({ "body": "A note" }), [401, 403, 403, 201, 404, 403]),
        ("POST", format!("{a}/messages"), json!({ "body": "Hello" }), [401, 201, 404, 201, 404, 404]),
        ("PUT", format!("{a}/rating"), json!({ "rating": 3 }), [401, 403, 403, 200, 404, 403]),
    ];
    for (method, path, body, expected) in &valid {
        for (who, want) in EVERYONE.iter().zip(expected) {
            assert_eq!(call(app, method, path, token(*who), body).await, *want, "{method} {path} as {who:?}");
        }
    }
    // Cancelling last: either side may; nobody else.
    let cancel = format!("{i}/cancel");
    for who in [Who::Guest, Who::OtherApplicant, Who::OtherRecruiter, Who::Admin] {
        let want = if matches!(who, Who::Guest) { 401 } else { 404 };
        assert_eq!(call(app, "PUT", &cancel, token(who), &bad).await, want, "cancel as {who:?}");
    }
    assert_eq!(call(app, "PUT", &cancel, token(Who::Applicant), &bad).await, 200);
}
