//! The authorization matrix of a company's calls: for each call, what a guest, an applicant, the
//! company's owner, a recruiter of it, a hiring manager on the job's team, one not on it, a
//! recruiter of another company, a removed member (logged in again), and the API tokens with every
//! scope of the recruiter and of the other company's recruiter are answered. A company's pipeline is open to its owners and recruiters and to the hiring managers of each job; its jobs
//! are managed by owners and recruiters; its team by owners; nobody else reaches anything. A token
//! reaches what its owner does through the calls its scopes name, and no call of the team.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day};
use crate::on_both_engines;

on_both_engines!(a_company_s_calls_answer_each_member_by_role_and_nobody_else);

/// Who asks: a column of the matrix.
#[derive(Clone, Copy, Debug)]
enum Who {
    Guest,
    Applicant,
    Owner,
    Recruiter,
    ManagerOnTeam,
    ManagerOffTeam,
    OtherCompany,
    Removed,
    /// The recruiter's API token with every scope.
    Token,
    /// The other company's recruiter's API token with every scope.
    OtherToken,
}

const EVERYONE: [Who; 10] = [
    Who::Guest,
    Who::Applicant,
    Who::Owner,
    Who::Recruiter,
    Who::ManagerOnTeam,
    Who::ManagerOffTeam,
    Who::OtherCompany,
    Who::Removed,
    Who::Token,
    Who::OtherToken,
];

async fn call(app: &TestApp, method: &str, path: &str, token: Option<&str>, body: &Value) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = app.client.request(method.clone(), app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if method != reqwest::Method::GET {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn a_company_s_calls_answer_each_member_by_role_and_nobody_else(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let (recruiter, _) = crate::helpers::join_team(app, &owner, "rec@acme.example", "recruiter").await;
    let (manager_on, manager_on_id) = crate::helpers::join_team(app, &owner, "on@acme.example", "hiringManager").await;
    let (manager_off, _) = crate::helpers::join_team(app, &owner, "off@acme.example", "hiringManager").await;
    let (leaver, leaver_id) = crate::helpers::join_team(app, &owner, "leaver@acme.example", "recruiter").await;
    let other = app.account("Recruiter", "rec@globex.example").await;
    let applicant = app.account("Applicant", "applicant@example.com").await;

    let job = app.post_job_as(&recruiter, "Matrix Role", 2, &day(60)).await;
    let (status, body) =
        app.put_as(&format!("/api/v1/company/jobs/{job}/team"), &owner, &json!({ "team": [manager_on_id] })).await;
    assert_eq!(status, 200, "{body}");
    let application = app.apply_as(&applicant, &job).await;
    // The leaver worked the job until they were removed; they log in again, a recruiter of no company.
    assert_eq!(
        app.post_as(
            &format!("/api/v1/auth/applications/{application}/notes"),
            &leaver,
            &json!({ "body": "Before I go" })
        )
        .await
        .0,
        201
    );
    assert_eq!(app.delete_as(&format!("/api/v1/company/members/{leaver_id}"), &owner).await.0, 200);
    assert_eq!(app.get_as("/api/v1/company", &leaver).await.0, 401, "the removed member's session ended");
    let removed = app.log_in("leaver@acme.example", PASSWORD).await;
    let api_token = |holder: String| async move {
        let scopes = ["jobs:read", "jobs:write", "applications:read", "applications:write"];
        let (status, made) =
            app.post_as("/api/v1/auth/tokens", &holder, &json!({ "name": "Everything", "scopes": scopes })).await;
        assert_eq!(status, 201, "{made}");
        made["secret"].as_str().unwrap().to_string()
    };
    let (recruiter_token, other_token) = (api_token(recruiter.clone()).await, api_token(other.clone()).await);

    let token = |who: Who| match who {
        Who::Guest => None,
        Who::Applicant => Some(applicant.as_str()),
        Who::Owner => Some(owner.as_str()),
        Who::Recruiter => Some(recruiter.as_str()),
        Who::ManagerOnTeam => Some(manager_on.as_str()),
        Who::ManagerOffTeam => Some(manager_off.as_str()),
        Who::OtherCompany => Some(other.as_str()),
        Who::Removed => Some(removed.as_str()),
        Who::Token => Some(recruiter_token.as_str()),
        Who::OtherToken => Some(other_token.as_str()),
    };

    let a = format!("/api/v1/auth/applications/{application}");
    let edit = json!({ "maxApplicants": 50, "maxPositions": 2, "deadline": day(60) });
    // Each row: the call, its body, and what each of EVERYONE is answered, in that order:
    // guest, applicant, owner, recruiter, manager on the team, manager off it, another company's
    // recruiter, the removed member, the recruiter's token, the other company's recruiter's token.
    let rows: Vec<(&str, String, Value, [u16; 10])> = vec![
        ("GET", format!("{a}/notes"), json!({}), [401, 403, 200, 200, 200, 404, 404, 404, 200, 404]),
        ("POST", format!("{a}/notes"), json!({ "body": "Seen" }), [401, 403, 201, 201, 201, 404, 404, 404, 201, 404]),
        ("PUT", format!("{a}/rating"), json!({ "rating": 4 }), [401, 403, 200, 200, 200, 404, 404, 404, 200, 404]),
        ("GET", format!("{a}/messages"), json!({}), [401, 200, 200, 200, 200, 404, 404, 404, 200, 404]),
        (
            "POST",
            format!("{a}/messages"),
            json!({ "body": "Hello" }),
            [401, 201, 201, 201, 201, 404, 404, 404, 201, 404],
        ),
        ("GET", format!("{a}/interviews"), json!({}), [401, 200, 200, 200, 200, 404, 404, 404, 200, 404]),
        (
            "GET",
            format!("/api/v1/auth/jobs/applications/{job}"),
            json!({}),
            [401, 403, 200, 200, 200, 404, 404, 404, 200, 404],
        ),
        (
            "GET",
            format!("/api/v1/auth/jobs/applications/{job}/overview"),
            json!({}),
            [401, 403, 200, 200, 200, 404, 404, 404, 200, 404],
        ),
        ("PUT", format!("/api/v1/jobs/updateJob/{job}"), edit, [401, 403, 200, 200, 404, 404, 404, 404, 200, 404]),
        (
            "GET",
            format!("/api/v1/company/jobs/{job}/team"),
            json!({}),
            [401, 403, 200, 200, 200, 200, 404, 404, 403, 403],
        ),
        (
            "PUT",
            format!("/api/v1/company/jobs/{job}/team"),
            json!({}),
            [401, 403, 200, 200, 403, 403, 404, 404, 403, 403],
        ),
        (
            "GET",
            format!("/api/v1/auth/applications/search?job={job}&q=build"),
            json!({}),
            [401, 403, 200, 200, 200, 404, 404, 404, 200, 404],
        ),
        ("GET", "/api/v1/company/invitations".into(), json!({}), [401, 403, 200, 403, 403, 403, 200, 200, 403, 403]),
        ("GET", "/api/v1/company/members".into(), json!({}), [401, 403, 200, 200, 200, 200, 200, 200, 403, 403]),
    ];
    for (method, path, body, expected) in &rows {
        for (who, want) in EVERYONE.iter().zip(expected) {
            let (status, answer) = call(app, method, path, token(*who), body).await;
            assert_eq!(status, *want, "{method} {path} as {who:?}: {answer}");
        }
    }

    // Lists, and searches over every job one works, show the company's job and its application
    // only to those who work it.
    app.sync_index().await;
    for who in EVERYONE.into_iter().skip(2) {
        let (status, found) =
            call(app, "GET", "/api/v1/auth/applications/search?q=build", token(who), &json!({})).await;
        assert_eq!(status, 200, "search as {who:?}: {found}");
        let finds = found["applications"].as_array().unwrap().iter().any(|found| found["_id"] == application.as_str());
        assert_eq!(
            finds,
            matches!(who, Who::Owner | Who::Recruiter | Who::ManagerOnTeam | Who::Token),
            "search as {who:?}"
        );
        let (_, jobs) = call(app, "GET", "/api/v1/company/jobs", token(who), &json!({})).await;
        let sees_job = jobs["data"].as_array().unwrap().iter().any(|found| found["_id"] == job.as_str());
        let (_, applications) = call(app, "GET", "/api/v1/auth/applications", token(who), &json!({})).await;
        let sees_application =
            applications["applications"].as_array().unwrap().iter().any(|found| found["_id"] == application.as_str());
        let works = matches!(who, Who::Owner | Who::Recruiter | Who::ManagerOnTeam | Who::Token);
        assert_eq!((sees_job, sees_application), (works, works), "lists as {who:?}");
        // Assigned to them: the recruiter in charge and the hiring team; the owner is neither.
        let (_, assigned) = call(app, "GET", "/api/v1/auth/applications?view=assigned", token(who), &json!({})).await;
        let sees_assigned =
            assigned["applications"].as_array().unwrap().iter().any(|found| found["_id"] == application.as_str());
        let assigned_to = matches!(who, Who::Recruiter | Who::ManagerOnTeam | Who::Token);
        assert_eq!(sees_assigned, assigned_to, "assigned to {who:?}");
    }
    // Other companies' members see each team's members only: their own.
    let (_, theirs) = call(app, "GET", "/api/v1/company/members", token(Who::OtherCompany), &json!({})).await;
    assert_eq!(theirs["members"].as_array().unwrap().len(), 1);

    // Closing, reopening and deleting: owners and recruiters only.
    for who in [Who::ManagerOnTeam, Who::ManagerOffTeam, Who::OtherCompany, Who::Removed] {
        for path in [format!("/api/v1/jobs/closeJob/{job}"), format!("/api/v1/jobs/reopenJob/{job}")] {
            assert_eq!(call(app, "PUT", &path, token(who), &json!({})).await.0, 404, "{path} as {who:?}");
        }
        let delete = format!("/api/v1/jobs/deleteJob/{job}");
        assert_eq!(call(app, "DELETE", &delete, token(who), &json!({})).await.0, 404, "delete as {who:?}");
    }
    assert_eq!(call(app, "PUT", &format!("/api/v1/jobs/closeJob/{job}"), token(Who::Owner), &json!({})).await.0, 200);
    assert_eq!(
        call(app, "PUT", &format!("/api/v1/jobs/reopenJob/{job}"), token(Who::Recruiter), &json!({})).await.0,
        200
    );
    // The note the removed member wrote stays with the application.
    let (_, notes) = call(app, "GET", &format!("{a}/notes"), token(Who::Owner), &json!({})).await;
    assert!(notes["notes"].as_array().unwrap().iter().any(|note| note["body"] == "Before I go"), "{notes}");
}
