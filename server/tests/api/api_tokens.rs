//! API tokens (docs/rules.md#api-tokens): made, listed and revoked in Settings; a call made with
//! one acts for its owner within its scopes, and the calls no scope names (making tokens, passwords,
//! the account, the team) refuse it; revoking, expiry, suspension and leaving the company end it;
//! each token has its own rate limit.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day, error, status_and_json};
use crate::on_both_engines;

on_both_engines!(
    a_script_with_only_a_token_posts_a_job_reads_its_applications_and_moves_one_to_interview,
    tokens_are_listed_with_their_dates_and_only_the_secret_s_digest_is_kept,
    a_token_makes_only_the_calls_its_scopes_name,
    no_call_the_document_gives_no_scope_takes_a_token,
    revoking_expiry_suspension_and_leaving_the_company_end_a_token,
    bad_token_requests_are_refused_with_the_reason,
);
on_both_engines!(
    configured |config| { config.limits.api_token_requests_per_minute = 3; };
    each_token_has_its_own_rate_limit_taken_before_the_call,
);

const ALL_SCOPES: [&str; 4] = ["jobs:read", "jobs:write", "applications:read", "applications:write"];

/// `owner` (a login's JWT) makes a token named `name` with `scopes`: the created token and its secret.
async fn make_token(app: &TestApp, owner: &str, name: &str, scopes: &[&str]) -> (Value, String) {
    let (status, body) = app.post_as("/api/v1/auth/tokens", owner, &json!({ "name": name, "scopes": scopes })).await;
    assert_eq!(status, 201, "{body}");
    (body["token"].clone(), body["secret"].as_str().unwrap().to_string())
}

async fn call(app: &TestApp, method: &str, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
    let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
    let mut request = app.client.request(method, app.url(path)).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(body);
    }
    status_and_json(request.send().await.unwrap()).await
}

async fn a_script_with_only_a_token_posts_a_job_reads_its_applications_and_moves_one_to_interview(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let (_, secret) =
        make_token(app, &owner, "Careers sync", &["jobs:write", "applications:read", "applications:write"]).await;
    assert!(secret.starts_with("jpt_") && secret.len() == 4 + 64, "{secret}");

    // The script knows only the token.
    let job = app.post_job_as(&secret, "Token Engineer", 2, &day(60)).await;
    let (status, posted) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
    assert_eq!((status, posted["data"]["title"].as_str()), (200, Some("Token Engineer")), "{posted}");
    let (_, mine) = app.get_as("/api/v1/jobs/getAllJobs", &owner).await;
    assert!(
        mine["data"].as_array().unwrap().iter().any(|found| found["_id"] == job.as_str()),
        "the owner's job: {mine}"
    );

    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let (status, listed) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &secret).await;
    assert_eq!(status, 200, "{listed}");
    let ids: Vec<&str> =
        listed["applications"].as_array().unwrap().iter().map(|a| a["_id"].as_str().unwrap()).collect();
    assert_eq!(ids, vec![application.as_str()]);

    let stage = json!({ "from": "applied", "stage": "interview" });
    let (status, moved) = app.put_as(&format!("/api/v1/auth/applications/{application}/stage"), &secret, &stage).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(moved["message"], "Application moved to Interview stage");
    assert_eq!(moved["data"]["stage"], "interview");
    // The move is the owner's, as if they had made it.
    let (_, seen) = app.get_as("/api/v1/auth/applications", &owner).await;
    let seen =
        seen["applications"].as_array().unwrap().iter().find(|a| a["_id"] == application.as_str()).unwrap().clone();
    let last = seen["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!((last["stage"].as_str(), last["by"].as_str()), (Some("interview"), Some("recruiter")), "{seen}");
    app.mail("ada@example.com", "moved to the Interview stage").await;

    // Who am I: the owner, without a login's JWT to hand back.
    let (status, me) = app.get_as("/api/v1/auth/userDetails", &secret).await;
    assert_eq!(status, 200, "{me}");
    assert_eq!((me["data"]["email"].as_str(), me["data"]["token"].is_null()), (Some("owner@acme.example"), true));
}

async fn tokens_are_listed_with_their_dates_and_only_the_secret_s_digest_is_kept(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let before = jobportal::db::now_millis();
    let body = json!({ "name": "  HR sync  ", "scopes": ["applications:read", "jobs:read", "jobs:read"], "expiresInDays": 30 });
    let (status, made) = app.post_as("/api/v1/auth/tokens", &owner, &body).await;
    assert_eq!(status, 201, "{made}");
    assert_eq!(made["message"], "Token created: copy it now, it will not be shown again");
    let token = &made["token"];
    assert_eq!(
        (token["name"].as_str(), token["scopes"].clone()),
        (Some("HR sync"), json!(["jobs:read", "applications:read"]))
    );
    assert!(token["lastUsedAt"].is_null(), "{token}");
    let millis = |field: &str| {
        time::OffsetDateTime::parse(token[field].as_str().unwrap(), &time::format_description::well_known::Rfc3339)
            .map(|at| (at.unix_timestamp_nanos() / 1_000_000) as i64)
            .unwrap()
    };
    let created = millis("createdAt");
    assert!((before / 1000 * 1000..=jobportal::db::now_millis()).contains(&created), "{token}");
    assert_eq!(millis("expiresAt") - created, 30 * 24 * 60 * 60 * 1000, "{token}");
    let (forever, _) = make_token(app, &owner, "Forever", &["jobs:read"]).await;
    assert!(forever["expiresAt"].is_null(), "{forever}");

    let secret = made["secret"].as_str().unwrap();
    assert_eq!(app.get_as("/api/v1/jobs/getAllJobs", secret).await.0, 200);
    let (status, list) = app.get_as("/api/v1/auth/tokens", &owner).await;
    assert_eq!(
        (status, list["message"].as_str(), list["canCreate"].as_bool()),
        (200, Some("Tokens fetched successfully"), Some(true))
    );
    let names: Vec<&str> = list["tokens"].as_array().unwrap().iter().map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Forever", "HR sync"], "newest first");
    let listed = &list["tokens"][1];
    assert!(listed["lastUsedAt"].is_string(), "used once: {listed}");
    assert!(!list.to_string().contains(secret), "the list never shows a secret");

    // Only the SHA-256 digest is kept.
    const SQL: &str = "SELECT token_hash FROM api_tokens WHERE name = 'HR sync'";
    let (hash,): (String,) = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).fetch_one(pool).await).unwrap();
    assert_eq!(hash, jobportal::secrets::digest(secret));
}

async fn a_token_makes_only_the_calls_its_scopes_name(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let job = app.post_job_as(&owner, "Scoped Role", 2, &day(60)).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let (_, reader) = make_token(app, &owner, "Reader", &["jobs:read", "applications:read"]).await;

    assert_eq!(app.get_as("/api/v1/jobs/getAllJobs", &reader).await.0, 200);
    assert_eq!(app.get_as(&format!("/api/v1/auth/applications/{application}/notes"), &reader).await.0, 200);
    let edit = json!({ "maxApplicants": 50, "maxPositions": 2, "deadline": day(60) });
    assert_eq!(
        app.put_as(&format!("/api/v1/jobs/updateJob/{job}"), &reader, &edit).await,
        (403, error("This API token does not have the jobs:write scope"))
    );
    let stage = json!({ "from": "applied", "stage": "screening" });
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/applications/{application}/stage"), &reader, &stage).await,
        (403, error("This API token does not have the applications:write scope"))
    );
    let (_, writer) = make_token(app, &owner, "Writer", &["jobs:write"]).await;
    assert_eq!(
        app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &writer).await,
        (403, error("This API token does not have the applications:read scope"))
    );

    // Every call the document gives a scope refuses a token without it, before it does anything.
    let document = app.get("/api/v1/openapi.json").await.1;
    let (_, none) = make_token(app, &owner, "Nothing useful", &["jobs:read"]).await;
    let mut checked = 0;
    for (path, method, scopes) in token_calls(&document) {
        if scopes.is_empty() || scopes.contains(&"jobs:read".to_string()) {
            continue;
        }
        let (status, body) = call(app, &method, &concrete(&path), &none, Some(&json!({}))).await;
        let wanted = error(&format!("This API token does not have the {} scope", scopes.join(" or ")));
        assert_eq!((status, body), (403, wanted), "{method} {path}");
        checked += 1;
    }
    assert!(checked >= 20, "{checked} calls checked");
    let (_, after) = app.get_as(&format!("/api/v1/auth/jobs/applications/{job}"), &owner).await;
    assert_eq!(after["applications"][0]["stage"], "applied", "nothing moved: {after}");
}

/// Each call of the document that takes an API token: its path, method and scopes.
fn token_calls(document: &Value) -> Vec<(String, String, Vec<String>)> {
    let mut calls = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let requirements = operation["security"].as_array().cloned().unwrap_or_default();
            if let Some(token) = requirements.iter().find_map(|requirement| requirement.get("apiToken")) {
                let scopes = token.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect();
                calls.push((path.clone(), method.to_uppercase(), scopes));
            }
        }
    }
    calls
}

/// A path with each `{parameter}` filled with a name that matches nothing.
fn concrete(path: &str) -> String {
    let mut filled = String::new();
    let mut rest = path;
    while let Some(start) = rest.find('{') {
        let end = rest[start..].find('}').unwrap() + start;
        filled.push_str(&rest[..start]);
        filled.push_str("no-such-thing");
        rest = &rest[end + 1..];
    }
    filled.push_str(rest);
    filled
}

async fn no_call_the_document_gives_no_scope_takes_a_token(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let (_, secret) = make_token(app, &owner, "Everything", &ALL_SCOPES).await;
    let document = app.get("/api/v1/openapi.json").await.1;
    let mut refused = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let requirements = operation["security"].as_array().cloned().unwrap_or_default();
            let protected = requirements.iter().any(|requirement| requirement.get("bearer").is_some());
            let takes_token = requirements.iter().any(|requirement| requirement.get("apiToken").is_some());
            if !protected || takes_token {
                continue;
            }
            let method = method.to_uppercase();
            let (status, body) = call(app, &method, &concrete(path), &secret, Some(&json!({}))).await;
            assert_eq!((status, body), (403, error("An API token cannot make this call")), "{method} {path}");
            refused.push(format!("{method} {path}"));
        }
    }
    // Among them: making tokens, passwords, the account and the team.
    for call in [
        "POST /api/v1/auth/tokens",
        "DELETE /api/v1/auth/tokens/{tokenId}",
        "POST /api/v1/auth/changepassword",
        "POST /api/v1/auth/account/delete",
        "GET /api/v1/auth/account/export",
        "POST /api/v1/company/invitations",
        "PUT /api/v1/company/members/{userId}",
        "DELETE /api/v1/company/members/{userId}",
        "PUT /api/v1/company/jobs/{jobId}/team",
        "PUT /api/v1/company",
        "POST /api/v1/auth/logout",
    ] {
        assert!(refused.iter().any(|refused| refused == call), "{call} refuses a token: {refused:?}");
    }
    // The owner's login and the token still work after all that.
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &owner).await.0, 200);
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &secret).await.0, 200);
    let (_, list) = app.get_as("/api/v1/auth/tokens", &owner).await;
    assert_eq!(list["tokens"].as_array().unwrap().len(), 1);
}

async fn revoking_expiry_suspension_and_leaving_the_company_end_a_token(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let whoami = "/api/v1/auth/userDetails";
    let invalid = (401, error("Token is invalid or expired"));

    let (revoked, secret) = make_token(app, &owner, "Revoked", &["jobs:read"]).await;
    assert_eq!(app.get_as(whoami, &secret).await.0, 200);
    let path = format!("/api/v1/auth/tokens/{}", revoked["_id"].as_str().unwrap());
    assert_eq!(app.delete_as(&path, &owner).await, (200, json!({ "success": true, "message": "Token revoked" })));
    assert_eq!(app.get_as(whoami, &secret).await, invalid);
    assert_eq!(app.delete_as(&path, &owner).await, (404, error("Token not found")));

    let (expiring, secret) = make_token(app, &owner, "Expiring", &["jobs:read"]).await;
    const EXPIRE: &str = "UPDATE api_tokens SET expires_at = $1 WHERE id = $2";
    let past = jobportal::db::now_millis() - 1;
    let id = expiring["_id"].as_str().unwrap();
    jobportal::dispatch!(&app.db, |pool| sqlx::query(EXPIRE).bind(past).bind(id).execute(pool).await.map(|_| ()))
        .unwrap();
    assert_eq!(app.get_as(whoami, &secret).await, invalid);

    // A suspended account's tokens are refused until it is reinstated.
    let (_, secret) = make_token(app, &owner, "Suspended", &["jobs:read"]).await;
    jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let admin = app.log_in("root@example.com", PASSWORD).await;
    let (_, me) = app.get_as(whoami, &owner).await;
    let owner_id = me["data"]["_id"].as_str().unwrap().to_string();
    let reason = json!({ "reason": "Spam" });
    assert_eq!(app.put_as(&format!("/api/v1/admin/accounts/{owner_id}/suspend"), &admin, &reason).await.0, 200);
    assert_eq!(app.get_as(whoami, &secret).await, (401, error("This account has been suspended")));
    assert_eq!(app.put_as(&format!("/api/v1/admin/accounts/{owner_id}/reinstate"), &admin, &json!({})).await.0, 200);
    assert_eq!(app.get_as(whoami, &secret).await.0, 200);
    let owner = app.log_in("owner@acme.example", PASSWORD).await;

    // A member made hiring manager, or removed, loses their tokens.
    let (recruiter, recruiter_id) = crate::helpers::join_team(app, &owner, "rec@acme.example", "recruiter").await;
    let (_, secret) = make_token(app, &recruiter, "Mine", &["jobs:read"]).await;
    let role = json!({ "role": "hiringManager" });
    assert_eq!(app.put_as(&format!("/api/v1/company/members/{recruiter_id}"), &owner, &role).await.0, 200);
    assert_eq!(app.get_as(whoami, &secret).await, invalid);
    let (status, list) = app.get_as("/api/v1/auth/tokens", &recruiter).await;
    assert_eq!((status, list["tokens"].clone(), list["canCreate"].as_bool()), (200, json!([]), Some(false)));
    let (second, second_id) = crate::helpers::join_team(app, &owner, "second@acme.example", "recruiter").await;
    let (_, secret) = make_token(app, &second, "Mine", &["jobs:read"]).await;
    assert_eq!(app.delete_as(&format!("/api/v1/company/members/{second_id}"), &owner).await.0, 200);
    assert_eq!(app.get_as(whoami, &secret).await, invalid);
}

async fn bad_token_requests_are_refused_with_the_reason(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let refusals = [
        (json!({ "scopes": ["jobs:read"] }), 400, "Token name is required"),
        (json!({ "name": "   ", "scopes": ["jobs:read"] }), 400, "Token name is required"),
        (json!({ "name": "x".repeat(61), "scopes": ["jobs:read"] }), 400, "Token name must be at most 60 characters"),
        (json!({ "name": "A" }), 400, "Choose at least one scope"),
        (json!({ "name": "A", "scopes": [] }), 400, "Choose at least one scope"),
        (
            json!({ "name": "A", "scopes": ["jobs:read", "admin"] }),
            400,
            "Scopes must be among jobs:read, jobs:write, applications:read, applications:write and webhooks",
        ),
        (
            json!({ "name": "A", "scopes": ["jobs:read"], "expiresInDays": 0 }),
            400,
            "Expiry must be between 1 and 365 days",
        ),
        (
            json!({ "name": "A", "scopes": ["jobs:read"], "expiresInDays": 366 }),
            400,
            "Expiry must be between 1 and 365 days",
        ),
    ];
    for (body, status, message) in refusals {
        assert_eq!(app.post_as("/api/v1/auth/tokens", &owner, &body).await, (status, error(message)), "{body}");
    }
    make_token(app, &owner, "Twin", &["jobs:read"]).await;
    assert_eq!(
        app.post_as("/api/v1/auth/tokens", &owner, &json!({ "name": "Twin", "scopes": ["jobs:read"] })).await,
        (409, error("You already have a token with this name"))
    );
    for n in 1..20 {
        make_token(app, &owner, &format!("Token {n}"), &["jobs:read"]).await;
    }
    assert_eq!(
        app.post_as("/api/v1/auth/tokens", &owner, &json!({ "name": "One more", "scopes": ["jobs:read"] })).await,
        (409, error("You can have at most 20 API tokens: revoke one first"))
    );
    let (_, list) = app.get_as("/api/v1/auth/tokens", &owner).await;
    assert_eq!(list["tokens"].as_array().unwrap().len(), 20);

    // Applicants have none; a hiring manager may not make one; nobody revokes another's.
    let applicant = app.account("Applicant", "ada@example.com").await;
    assert_eq!(
        app.post_as("/api/v1/auth/tokens", &applicant, &json!({ "name": "A", "scopes": ["jobs:read"] })).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    let (manager, _) = crate::helpers::join_team(app, &owner, "hm@acme.example", "hiringManager").await;
    assert_eq!(
        app.post_as("/api/v1/auth/tokens", &manager, &json!({ "name": "A", "scopes": ["jobs:read"] })).await,
        (403, error("API tokens are for a company's owners and recruiters"))
    );
    let other = app.account("Recruiter", "rec@globex.example").await;
    let theirs = list["tokens"][0]["_id"].as_str().unwrap();
    assert_eq!(app.delete_as(&format!("/api/v1/auth/tokens/{theirs}"), &other).await, (404, error("Token not found")));
    // A token that was never made, and one sent where a login's JWT is needed to apply.
    assert_eq!(
        app.get_as("/api/v1/auth/userDetails", &format!("jpt_{}", "0".repeat(64))).await,
        (401, error("Token is invalid or expired"))
    );
    let job = app.post_job_as(&owner, "Applied With A Token", 1, &day(30)).await;
    let (_, secret) = make_token(app, &other, "Other", &ALL_SCOPES).await;
    assert_eq!(
        app.post_as(&format!("/api/v1/jobs/apply/{job}"), &secret, &json!({ "sop": "Hi" })).await,
        (403, error("An API token cannot make this call"))
    );
}

async fn each_token_has_its_own_rate_limit_taken_before_the_call(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let (_, first) = make_token(app, &owner, "First", &["jobs:read", "jobs:write"]).await;
    let (_, second) = make_token(app, &owner, "Second", &["jobs:read"]).await;
    for _ in 0..3 {
        assert_eq!(app.get_as("/api/v1/jobs/getAllJobs", &first).await.0, 200);
    }
    let response = app.client.get(app.url("/api/v1/jobs/getAllJobs")).bearer_auth(&first).send().await.unwrap();
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(
        status_and_json(response).await,
        (429, error("Too many requests with this API token. Please try again later"))
    );
    // A refused write does nothing.
    let form = json!({
        "title": "Over the limit", "company": "Acme", "description": "A good job.", "maxApplicants": 50,
        "maxPositions": 1, "dateOfPosting": day(0), "deadline": day(30), "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await,
        "location": "Pune",
    });
    let (status, _) = app.post_as("/api/v1/jobs/createJob", &first, &form).await;
    assert_eq!(status, 429);
    let (_, jobs) = app.get_as("/api/v1/jobs/getAllJobs", &owner).await;
    assert_eq!(jobs["data"].as_array().unwrap().len(), 0);
    // Another token, and the owner's login, keep their own.
    assert_eq!(app.get_as("/api/v1/jobs/getAllJobs", &second).await.0, 200);
    assert_eq!(app.get_as("/api/v1/jobs/getAllJobs", &owner).await.0, 200);
}
