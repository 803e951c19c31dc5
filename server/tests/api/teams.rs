//! A company's team: an owner invites by e-mail, the link works once for the address it was sent
//! to, re-inviting replaces it, and removing a member ends their access at once and passes their
//! jobs on; the last owner stays until another is made.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    an_invited_recruiter_signs_up_from_the_link_and_joins_the_team,
    an_invitation_works_once_only_for_its_address_and_while_it_waits,
    only_owners_manage_the_team_and_a_company_sends_a_bounded_number_of_invitations,
    a_removed_member_loses_access_at_once_and_their_jobs_stay_with_the_company,
    the_last_owner_stays_until_another_owner_is_made,
    someone_with_a_company_of_their_own_joins_only_when_it_is_empty,
    a_member_who_deletes_their_account_leaves_the_company_its_jobs_and_their_words,
);

/// The secret of the first invitation mailed to `to`.
async fn invitation_link(app: &TestApp, to: &str) -> String {
    nth_invitation_link(app, to, 1).await
}

/// The secret of the `n`-th invitation mailed to `to`, once the outbox has delivered it.
async fn nth_invitation_link(app: &TestApp, to: &str, n: usize) -> String {
    let secret = |message: &String| {
        let from = message.rfind("/invitations/").unwrap() + "/invitations/".len();
        message[from..].chars().take_while(char::is_ascii_hexdigit).collect::<String>()
    };
    for _ in 0..100 {
        let mailed: Vec<String> = crate::helpers::outbox_files(app)
            .into_iter()
            .filter(|message| message.contains(&format!("To: {to}")) && message.contains("/invitations/"))
            .collect();
        if let Some(message) = mailed.get(n - 1) {
            return secret(message);
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no invitation number {n} to {to}");
}

async fn invite(app: &TestApp, owner: &str, email: &str, role: &str) -> (u16, Value) {
    app.post_as("/api/v1/company/invitations", owner, &json!({ "email": email, "role": role })).await
}

/// The team as `(email, role)` pairs, the first to join first.
async fn team(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let (status, body) = app.get_as("/api/v1/company/members", token).await;
    assert_eq!(status, 200, "{body}");
    body["members"]
        .as_array()
        .unwrap()
        .iter()
        .map(|member| (member["email"].as_str().unwrap().into(), member["role"].as_str().unwrap().into()))
        .collect()
}

async fn user_id(app: &TestApp, token: &str) -> String {
    let (_, body) = app.get_as("/api/v1/auth/userDetails", token).await;
    body["data"]["_id"].as_str().unwrap().to_string()
}

async fn an_invited_recruiter_signs_up_from_the_link_and_joins_the_team(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let (status, body) = invite(app, &owner, " Priya@Acme.example ", "recruiter").await;
    assert_eq!((status, body["message"].as_str()), (201, Some("Invitation sent")), "{body}");
    assert_eq!(
        (body["invitation"]["email"].as_str(), body["invitation"]["role"].as_str()),
        (Some("priya@acme.example"), Some("recruiter"))
    );

    let token = invitation_link(app, "priya@acme.example").await;
    let (status, body) = app.get(&format!("/api/v1/invitations/{token}")).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(
        (
            body["invitation"]["companyName"].as_str(),
            body["invitation"]["email"].as_str(),
            body["invitation"]["role"].as_str()
        ),
        (Some("Ada Lovelace"), Some("priya@acme.example"), Some("recruiter"))
    );

    let priya = app.account("Recruiter", "priya@acme.example").await;
    let (status, body) = app.post_as(&format!("/api/v1/invitations/{token}/accept"), &priya, &json!({})).await;
    assert_eq!(
        (status, body),
        (
            200,
            json!({ "success": true, "message": "You joined Ada Lovelace", "companySlug": "ada-lovelace", "role": "recruiter" })
        )
    );
    let members = vec![
        ("owner@acme.example".to_string(), "owner".to_string()),
        ("priya@acme.example".into(), "recruiter".into()),
    ];
    assert_eq!(team(app, &owner).await, members);
    assert_eq!(team(app, &priya).await, members, "every member sees the team");
    let (_, mine) = app.get_as("/api/v1/company", &priya).await;
    assert_eq!((mine["company"]["slug"].as_str(), mine["role"].as_str()), (Some("ada-lovelace"), Some("recruiter")));

    // The link was for once; the invitation no longer waits.
    assert_eq!(
        app.post_as(&format!("/api/v1/invitations/{token}/accept"), &priya, &json!({})).await,
        (404, error("This invitation link is invalid or has expired"))
    );
    let (_, waiting) = app.get_as("/api/v1/company/invitations", &owner).await;
    assert_eq!(waiting["invitations"], json!([]));
}

async fn an_invitation_works_once_only_for_its_address_and_while_it_waits(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    invite(app, &owner, "hm@acme.example", "hiringManager").await;
    let first = invitation_link(app, "hm@acme.example").await;
    let other = app.account("Recruiter", "someone@else.example").await;
    assert_eq!(
        app.post_as(&format!("/api/v1/invitations/{first}/accept"), &other, &json!({})).await,
        (403, error("This invitation was sent to another e-mail address: log in with that address to accept it"))
    );
    let applicant = app.account("Applicant", "hm@acme.example").await;
    assert_eq!(
        app.post_as(&format!("/api/v1/invitations/{first}/accept"), &applicant, &json!({})).await,
        (403, error("Invitations are accepted with a Recruiter account"))
    );

    // Inviting again replaces the link; revoking ends the new one.
    let (_, body) = invite(app, &owner, "hm@acme.example", "hiringManager").await;
    let second = nth_invitation_link(app, "hm@acme.example", 2).await;
    assert_ne!(second, first);
    assert_eq!(
        app.get(&format!("/api/v1/invitations/{first}")).await,
        (404, error("This invitation link is invalid or has expired"))
    );
    assert_eq!(app.get(&format!("/api/v1/invitations/{second}")).await.0, 200);
    let (_, waiting) = app.get_as("/api/v1/company/invitations", &owner).await;
    assert_eq!(waiting["invitations"].as_array().unwrap().len(), 1, "one invitation per address waits");
    let id = body["invitation"]["_id"].as_str().unwrap();
    assert_eq!(
        app.delete_as(&format!("/api/v1/company/invitations/{id}"), &owner).await,
        (200, json!({ "success": true, "message": "Invitation revoked" }))
    );
    assert_eq!(
        app.get(&format!("/api/v1/invitations/{second}")).await,
        (404, error("This invitation link is invalid or has expired"))
    );
    assert_eq!(
        app.delete_as(&format!("/api/v1/company/invitations/{id}"), &owner).await,
        (404, error("No such invitation waiting"))
    );

    // An invitation past its seven days is no longer there.
    invite(app, &owner, "late@acme.example", "recruiter").await;
    let late = invitation_link(app, "late@acme.example").await;
    const EXPIRE: &str = "UPDATE company_invitations SET expires_at = 1 WHERE email = 'late@acme.example'";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(EXPIRE).execute(pool).await.map(|_| ())).unwrap();
    assert_eq!(
        app.get(&format!("/api/v1/invitations/{late}")).await,
        (404, error("This invitation link is invalid or has expired"))
    );
    assert_eq!(
        app.get("/api/v1/invitations/not-a-token").await,
        (404, error("This invitation link is invalid or has expired"))
    );

    for (email, role, message) in [
        ("not an address", "recruiter", "Please enter a valid email address"),
        ("x@acme.example", "boss", "role must be owner, recruiter or hiringManager"),
    ] {
        assert_eq!(invite(app, &owner, email, role).await, (400, error(message)));
    }
    assert_eq!(
        invite(app, &owner, "owner@acme.example", "recruiter").await,
        (409, error("This address belongs to a member of your company already"))
    );
}

async fn only_owners_manage_the_team_and_a_company_sends_a_bounded_number_of_invitations(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    invite(app, &owner, "rec@acme.example", "recruiter").await;
    let link = invitation_link(app, "rec@acme.example").await;
    let recruiter = app.account("Recruiter", "rec@acme.example").await;
    app.post_as(&format!("/api/v1/invitations/{link}/accept"), &recruiter, &json!({})).await;

    let owners_only = error("Only the company's owners may change its profile");
    assert_eq!(invite(app, &recruiter, "x@acme.example", "recruiter").await, (403, owners_only.clone()));
    assert_eq!(app.get_as("/api/v1/company/invitations", &recruiter).await, (403, owners_only.clone()));
    let owner_id = user_id(app, &owner).await;
    assert_eq!(
        app.put_as(&format!("/api/v1/company/members/{owner_id}"), &recruiter, &json!({ "role": "recruiter" })).await,
        (403, owners_only.clone())
    );
    assert_eq!(app.delete_as(&format!("/api/v1/company/members/{owner_id}"), &recruiter).await, (403, owners_only));

    // 50 a day; the one after is refused and sends nothing.
    for n in 1..50 {
        assert_eq!(invite(app, &owner, &format!("person{n}@acme.example"), "recruiter").await.0, 201, "{n}");
    }
    let (status, body) = invite(app, &owner, "one-too-many@acme.example", "recruiter").await;
    assert_eq!(
        (status, body),
        (429, error("A company may send at most 50 invitations a day and have 100 waiting; try again later"))
    );
}

async fn a_removed_member_loses_access_at_once_and_their_jobs_stay_with_the_company(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    invite(app, &owner, "rec@acme.example", "recruiter").await;
    let link = invitation_link(app, "rec@acme.example").await;
    let recruiter = app.account("Recruiter", "rec@acme.example").await;
    app.post_as(&format!("/api/v1/invitations/{link}/accept"), &recruiter, &json!({})).await;
    let job = app.post_job_as(&recruiter, "Robot Wrangler", 1, &day(20)).await;
    let recruiter_id = user_id(app, &recruiter).await;
    let owner_id = user_id(app, &owner).await;

    let (status, body) = app.delete_as(&format!("/api/v1/company/members/{recruiter_id}"), &owner).await;
    assert_eq!((status, body), (200, json!({ "success": true, "message": "Member removed" })));
    assert_eq!(
        app.get_as("/api/v1/company", &recruiter).await,
        (401, error("Token is invalid or expired")),
        "access ends at once"
    );
    assert_eq!(team(app, &owner).await, vec![("owner@acme.example".to_string(), "owner".to_string())]);
    let (_, found) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
    assert_eq!(
        (found["data"]["userId"].as_str(), found["data"]["companySlug"].as_str()),
        (Some(owner_id.as_str()), Some("ada-lovelace")),
        "the job stays with the company, in the remover's charge"
    );
    assert_eq!(
        app.delete_as(&format!("/api/v1/company/members/{recruiter_id}"), &owner).await,
        (404, error("No such member of your company"))
    );
}

async fn the_last_owner_stays_until_another_owner_is_made(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let owner_id = user_id(app, &owner).await;
    let last = error("The company's last owner must make someone else an owner first");
    assert_eq!(app.delete_as(&format!("/api/v1/company/members/{owner_id}"), &owner).await, (400, last.clone()));
    assert_eq!(
        app.put_as(&format!("/api/v1/company/members/{owner_id}"), &owner, &json!({ "role": "recruiter" })).await,
        (400, last)
    );

    invite(app, &owner, "next@acme.example", "recruiter").await;
    let link = invitation_link(app, "next@acme.example").await;
    let next = app.account("Recruiter", "next@acme.example").await;
    app.post_as(&format!("/api/v1/invitations/{link}/accept"), &next, &json!({})).await;
    let next_id = user_id(app, &next).await;
    assert_eq!(
        app.put_as(&format!("/api/v1/company/members/{next_id}"), &owner, &json!({ "role": "owner" })).await,
        (200, json!({ "success": true, "message": "Role updated" }))
    );
    assert_eq!(
        app.delete_as(&format!("/api/v1/company/members/{owner_id}"), &owner).await,
        (200, json!({ "success": true, "message": "You left the company" }))
    );
    assert_eq!(team(app, &next).await, vec![("next@acme.example".to_string(), "owner".to_string())]);
}

async fn someone_with_a_company_of_their_own_joins_only_when_it_is_empty(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    let busy = app.account("Recruiter", "busy@globex.example").await;
    app.post_job_as(&busy, "Globe Spinner", 1, &day(20)).await;
    invite(app, &owner, "busy@globex.example", "recruiter").await;
    let link = invitation_link(app, "busy@globex.example").await;
    assert_eq!(
        app.post_as(&format!("/api/v1/invitations/{link}/accept"), &busy, &json!({})).await,
        (409, error("You work with Ada Lovelace: leave it (or hand it over) before joining another company"))
    );

    // Alone in a company of their own with no jobs: that company goes, and they join.
    let idle = app.account("Recruiter", "idle@initech.example").await;
    let (_, own) = app.get_as("/api/v1/company", &idle).await;
    let own_slug = own["company"]["slug"].as_str().unwrap().to_string();
    invite(app, &owner, "idle@initech.example", "hiringManager").await;
    let link = invitation_link(app, "idle@initech.example").await;
    let (status, body) = app.post_as(&format!("/api/v1/invitations/{link}/accept"), &idle, &json!({})).await;
    assert_eq!((status, body["role"].as_str()), (200, Some("hiringManager")), "{body}");
    assert_eq!(
        app.get(&format!("/api/v1/companies/{own_slug}")).await,
        (404, json!({ "success": false, "message": "This company has been removed", "removed": true }))
    );
}

async fn a_member_who_deletes_their_account_leaves_the_company_its_jobs_and_their_words(app: &TestApp) {
    let owner = app.account("Recruiter", "owner@acme.example").await;
    invite(app, &owner, "rec@acme.example", "recruiter").await;
    let link = invitation_link(app, "rec@acme.example").await;
    let recruiter = app.account("Recruiter", "rec@acme.example").await;
    app.post_as(&format!("/api/v1/invitations/{link}/accept"), &recruiter, &json!({})).await;
    let job = app.post_job_as(&recruiter, "Robot Wrangler", 1, &day(20)).await;
    let applicant = app.account("Applicant", "applicant@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let a = format!("/api/v1/auth/applications/{application}");
    assert_eq!(app.post_as(&format!("{a}/notes"), &recruiter, &json!({ "body": "Strong robotics" })).await.0, 201);
    assert_eq!(app.post_as(&format!("{a}/messages"), &recruiter, &json!({ "body": "Hello from Acme" })).await.0, 201);
    let moved =
        app.put_as(&format!("{a}/stage"), &recruiter, &json!({ "from": "applied", "stage": "screening" })).await;
    assert_eq!(moved.0, 200, "{}", moved.1);

    // The company's only owner stays while others are in it.
    let last_owner = error(
        "You are your company's only owner: make another member an owner, or remove the others, before deleting this account",
    );
    assert_eq!(
        app.post_as("/api/v1/auth/account/delete", &owner, &json!({ "password": PASSWORD })).await,
        (409, last_owner)
    );

    let (status, body) = app.post_as("/api/v1/auth/account/delete", &recruiter, &json!({ "password": PASSWORD })).await;
    assert_eq!((status, body["message"].as_str()), (200, Some("Your account has been deleted")), "{body}");
    let owner_id = user_id(app, &owner).await;
    let (status, found) = app.get(&format!("/api/v1/jobs/getJob/{job}")).await;
    assert_eq!(
        (status, found["data"]["userId"].as_str()),
        (200, Some(owner_id.as_str())),
        "the job stays, in the owner's charge"
    );
    let (_, notes) = app.get_as(&format!("{a}/notes"), &owner).await;
    assert_eq!(
        (notes["notes"][0]["body"].as_str(), notes["notes"][0]["author"].as_str()),
        (Some("Strong robotics"), Some("Former member"))
    );
    let (_, messages) = app.get_as(&format!("{a}/messages"), &applicant).await;
    assert!(
        messages.to_string().contains("Hello from Acme"),
        "the conversation stays with the application: {messages}"
    );
    let (_, applications) = app.get_as("/api/v1/auth/applications", &owner).await;
    let record = &applications["applications"][0];
    assert_eq!((record["_id"].as_str(), record["status"].as_str()), (Some(application.as_str()), Some("shortlisted")));
    assert_eq!(team(app, &owner).await, vec![("owner@acme.example".to_string(), "owner".to_string())]);

    // Alone, the owner may go, and the company with them.
    assert_eq!(app.post_as("/api/v1/auth/account/delete", &owner, &json!({ "password": PASSWORD })).await.0, 200);
    assert_eq!(app.get("/api/v1/companies/ada-lovelace").await.1["message"], "This company has been removed");
}
