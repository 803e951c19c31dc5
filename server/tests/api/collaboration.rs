//! A hiring team works one pipeline together: a note's `@name` tells that teammate (the bell, and
//! e-mail as they chose), the bell tells the job's team of new applications, the history says who
//! made each move, each member narrows the list to what is theirs or still unseen, and messages
//! go out from a person for the company and stay with the application when that person leaves.

use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, day, error, join_team};
use crate::on_both_engines;

on_both_engines!(
    a_note_naming_a_teammate_tells_them_in_the_bell_and_by_e_mail_as_they_chose,
    a_new_application_reaches_the_recruiter_in_charge_and_the_job_s_hiring_team,
    the_history_names_who_on_the_team_made_each_move_to_the_team_only,
    assigned_to_me_and_needs_review_narrow_a_member_s_applications,
    messages_are_signed_by_a_person_for_the_company_and_stay_when_they_leave,
    a_member_s_data_download_holds_the_notes_moves_and_messages_they_wrote,
);

/// Gives a recruiter the name `first last`.
async fn rename(app: &TestApp, token: &str, first: &str, last: &str) {
    let details = json!({
        "firstName": first, "lastName": last, "company": "Acme", "position": "Hiring", "contactNumber": "9876543210",
    });
    let (status, body) = app.post_as("/api/v1/auth/updateUserDetails", token, &details).await;
    assert_eq!(status, 200, "{body}");
}

/// The owner of Acme, named Olga Owner: their token and user id.
async fn owner(app: &TestApp) -> (String, String) {
    let token = app.account("Recruiter", "olga@acme.example").await;
    rename(app, &token, "Olga", "Owner").await;
    let (_, me) = app.get_as("/api/v1/auth/userDetails", &token).await;
    (token, me["data"]["_id"].as_str().unwrap().to_string())
}

/// A new member of the owner's company with `role`, named `first last`: their token and user id.
async fn member(app: &TestApp, owner: &str, email: &str, role: &str, (first, last): (&str, &str)) -> (String, String) {
    let (token, id) = join_team(app, owner, email, role).await;
    rename(app, &token, first, last).await;
    (token, id)
}

/// Puts `team` on the job's hiring team.
async fn on_team(app: &TestApp, owner: &str, job: &str, team: &[&str]) {
    let (status, body) = app.put_as(&format!("/api/v1/company/jobs/{job}/team"), owner, &json!({ "team": team })).await;
    assert_eq!(status, 200, "{body}");
}

/// The caller's bell as (kind, text) pairs, newest first.
async fn bell(app: &TestApp, token: &str) -> Vec<(String, String)> {
    let (status, body) = app.get_as("/api/v1/auth/notifications", token).await;
    assert_eq!(status, 200, "{body}");
    let listed = body["notifications"].as_array().unwrap();
    listed.iter().map(|each| (each["kind"].as_str().unwrap().into(), each["text"].as_str().unwrap().into())).collect()
}

/// How many e-mails to `to` whose subject has `subject` in it were written to the outbox.
async fn mails(app: &TestApp, to: &str, subject: &str) -> i64 {
    const SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM outbox WHERE to_address = $1 AND subject LIKE $2";
    let pattern = format!("%{subject}%");
    let (count,): (i64,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL).bind(to).bind(&pattern).fetch_one(pool).await)
            .unwrap();
    count
}

async fn note(app: &TestApp, token: &str, application: &str, body: &str) -> (u16, Value) {
    app.post_as(&format!("/api/v1/auth/applications/{application}/notes"), token, &json!({ "body": body })).await
}

async fn a_note_naming_a_teammate_tells_them_in_the_bell_and_by_e_mail_as_they_chose(app: &TestApp) {
    let (owner, _) = owner(app).await;
    let (recruiter, _) = member(app, &owner, "priya@acme.example", "recruiter", ("Priya", "Shah")).await;
    let (manager, manager_id) = member(app, &owner, "manu@acme.example", "hiringManager", ("Manu", "Rao")).await;
    let (off_team, _) = member(app, &owner, "otto@acme.example", "hiringManager", ("Otto", "Berg")).await;
    let job = app.post_job_as(&recruiter, "Robot Wrangler", 1, &day(30)).await;
    on_team(app, &owner, &job, &[&manager_id]).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;

    let (status, body) =
        note(app, &recruiter, &application, "@Manu Rao can you call her? @otto too, and @Priya (me).").await;
    assert_eq!(status, 201, "{body}");
    let told = ("mention".to_string(), "Priya Shah mentioned you in a note on Ada Lovelace's application".to_string());
    assert_eq!(bell(app, &manager).await.first(), Some(&told), "the teammate named is told");
    assert!(bell(app, &off_team).await.iter().all(|(kind, _)| kind != "mention"), "not on the job: not told");
    assert!(bell(app, &recruiter).await.iter().all(|(kind, _)| kind != "mention"), "the author is not told");
    let mail = app.mail("manu@acme.example", "mentioned you").await;
    assert!(mail.contains("Subject: Priya Shah mentioned you: Robot Wrangler"), "{mail}");
    assert!(mail.contains("@Manu Rao can you call her?"), "{mail}");
    assert!(mail.contains(&format!("/dashboard/job/applications/{job}")), "{mail}");

    // Switched off for e-mail, a mention still reaches the bell.
    let (_, settings) = app.get_as("/api/v1/auth/notifications/settings", &manager).await;
    assert_eq!(settings["email"]["mention"], true);
    let mut email = settings["email"].clone();
    email["mention"] = json!(false);
    let (status, _) = app.put_as("/api/v1/auth/notifications/settings", &manager, &json!({ "email": email })).await;
    assert_eq!(status, 200);
    note(app, &recruiter, &application, "@manu second thought: offer.").await;
    assert_eq!(bell(app, &manager).await.iter().filter(|(kind, _)| kind == "mention").count(), 2);
    assert_eq!(mails(app, "manu@acme.example", "mentioned you").await, 1, "no e-mail once switched off");
    // A settings call that leaves out a kind is refused, the new kind included.
    let mut partial = email.clone();
    partial.as_object_mut().unwrap().remove("mention");
    let (status, _) = app.put_as("/api/v1/auth/notifications/settings", &manager, &json!({ "email": partial })).await;
    assert_eq!(status, 400);

    // A note nobody can add tells nobody.
    assert_eq!(note(app, &off_team, &application, "@Manu look").await, (404, error("Application not found")));
    assert_eq!(bell(app, &manager).await.iter().filter(|(kind, _)| kind == "mention").count(), 2);
}

async fn a_new_application_reaches_the_recruiter_in_charge_and_the_job_s_hiring_team(app: &TestApp) {
    let (owner, _) = owner(app).await;
    let (recruiter, _) = member(app, &owner, "priya@acme.example", "recruiter", ("Priya", "Shah")).await;
    let (manager, manager_id) = member(app, &owner, "manu@acme.example", "hiringManager", ("Manu", "Rao")).await;
    let (other_recruiter, _) = member(app, &owner, "raj@acme.example", "recruiter", ("Raj", "Iyer")).await;
    let job = app.post_job_as(&recruiter, "Robot Wrangler", 1, &day(30)).await;
    on_team(app, &owner, &job, &[&manager_id]).await;
    // The manager takes no e-mail of new applications; the bell still tells them.
    let (_, settings) = app.get_as("/api/v1/auth/notifications/settings", &manager).await;
    let mut email = settings["email"].clone();
    email["newApplication"] = json!(false);
    app.put_as("/api/v1/auth/notifications/settings", &manager, &json!({ "email": email })).await;

    let applicant = app.account("Applicant", "ada@example.com").await;
    app.apply_as(&applicant, &job).await;
    let told = ("newApplication".to_string(), "Ada Lovelace applied for Robot Wrangler".to_string());
    assert_eq!(bell(app, &recruiter).await, vec![told.clone()], "the recruiter in charge");
    assert_eq!(bell(app, &manager).await, vec![told], "the hiring team");
    assert_eq!(bell(app, &other_recruiter).await, vec![], "not on the job: not told");
    assert_eq!(bell(app, &owner).await, vec![], "the owner, not on the job, is not told either");
    app.mail("priya@acme.example", "New application for Robot Wrangler").await;
    assert_eq!(mails(app, "manu@acme.example", "New application").await, 0, "switched off");
}

async fn the_history_names_who_on_the_team_made_each_move_to_the_team_only(app: &TestApp) {
    let (owner, _) = owner(app).await;
    let (recruiter, _) = member(app, &owner, "priya@acme.example", "recruiter", ("Priya", "Shah")).await;
    let (manager, manager_id) = member(app, &owner, "manu@acme.example", "hiringManager", ("Manu", "Rao")).await;
    let job = app.post_job_as(&recruiter, "Robot Wrangler", 1, &day(30)).await;
    on_team(app, &owner, &job, &[&manager_id]).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let path = format!("/api/v1/auth/applications/{application}/stage");
    for (token, from, to) in
        [(&recruiter, "applied", "screening"), (&manager, "screening", "interview"), (&owner, "interview", "offer")]
    {
        let (status, body) = app.put_as(&path, token, &json!({ "stage": to, "from": from })).await;
        assert_eq!(status, 200, "{body}");
    }

    let steps = |list: &Value| -> Vec<(String, Value)> {
        let found = list["applications"].as_array().unwrap().iter().find(|found| found["_id"] == application.as_str());
        let history = found.unwrap()["history"].as_array().unwrap().clone();
        history.iter().map(|step| (step["stage"].as_str().unwrap().to_string(), step["byName"].clone())).collect()
    };
    let (_, theirs) = app.get_as("/api/v1/auth/applications", &manager).await;
    assert_eq!(
        steps(&theirs),
        vec![
            ("applied".to_string(), Value::Null),
            ("screening".to_string(), json!("Priya Shah")),
            ("interview".to_string(), json!("Manu Rao")),
            ("offer".to_string(), json!("Olga Owner")),
        ]
    );
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    assert!(steps(&mine).iter().all(|(_, by)| by.is_null()), "the applicant is not told who");
}

async fn assigned_to_me_and_needs_review_narrow_a_member_s_applications(app: &TestApp) {
    let (owner, _) = owner(app).await;
    let (recruiter, _) = member(app, &owner, "priya@acme.example", "recruiter", ("Priya", "Shah")).await;
    let (manager, manager_id) = member(app, &owner, "manu@acme.example", "hiringManager", ("Manu", "Rao")).await;
    let mine = app.post_job_as(&recruiter, "Robot Wrangler", 1, &day(30)).await;
    let owners = app.post_job_as(&owner, "Drone Pilot", 1, &day(30)).await;
    on_team(app, &owner, &mine, &[&manager_id]).await;
    let ada = app.account("Applicant", "ada@example.com").await;
    let bo = app.account("Applicant", "bo@example.com").await;
    let to_mine = app.apply_as(&ada, &mine).await;
    let seen = app.apply_as(&bo, &mine).await;
    let to_owners = app.apply_as(&ada, &owners).await;
    assert_eq!(note(app, &manager, &seen, "Strong portfolio").await.0, 201);

    let listed = |token: String, view: &'static str| async move {
        let (status, body) = app.get_as(&format!("/api/v1/auth/applications{view}"), &token).await;
        assert_eq!(status, 200, "{body}");
        let mut ids: Vec<String> = body["applications"]
            .as_array()
            .unwrap()
            .iter()
            .map(|found| found["_id"].as_str().unwrap().to_string())
            .collect();
        ids.sort();
        ids
    };
    let sorted = |mut ids: Vec<&String>| {
        ids.sort();
        ids.into_iter().cloned().collect::<Vec<_>>()
    };
    assert_eq!(listed(recruiter.clone(), "").await, sorted(vec![&to_mine, &seen, &to_owners]), "all the company's");
    assert_eq!(listed(recruiter.clone(), "?view=all").await, sorted(vec![&to_mine, &seen, &to_owners]));
    assert_eq!(listed(recruiter.clone(), "?view=assigned").await, sorted(vec![&to_mine, &seen]), "in charge of");
    assert_eq!(listed(manager.clone(), "?view=assigned").await, sorted(vec![&to_mine, &seen]), "on the team of");
    assert_eq!(listed(owner.clone(), "?view=assigned").await, sorted(vec![&to_owners]));
    assert_eq!(listed(owner.clone(), "?view=review").await, sorted(vec![&to_mine, &to_owners]), "no note yet");
    let (status, _) =
        app.put_as(&format!("/api/v1/auth/applications/{to_owners}/rating"), &owner, &json!({ "rating": 3 })).await;
    assert_eq!(status, 200);
    assert_eq!(listed(owner.clone(), "?view=review").await, sorted(vec![&to_mine]), "rated: reviewed");
    let (status, _) = app
        .put_as(
            &format!("/api/v1/auth/applications/{to_mine}/stage"),
            &manager,
            &json!({ "stage": "screening", "from": "applied" }),
        )
        .await;
    assert_eq!(status, 200);
    assert_eq!(listed(manager.clone(), "?view=review").await, Vec::<String>::new(), "moved on: reviewed");

    for bad in ["?view=mine", "?view=", "?view=all&view=review"] {
        assert_eq!(
            app.get_as(&format!("/api/v1/auth/applications{bad}"), &recruiter).await,
            (400, error("View must be all, assigned or review")),
            "{bad}"
        );
    }
    assert_eq!(
        app.get_as("/api/v1/auth/applications?view=assigned", &ada).await,
        (400, error("Only a hiring team's list has views"))
    );
    assert_eq!(app.get_as("/api/v1/auth/applications?view=all", &ada).await.0, 200);
}

async fn messages_are_signed_by_a_person_for_the_company_and_stay_when_they_leave(app: &TestApp) {
    let (owner, _) = owner(app).await;
    let (recruiter, recruiter_id) = member(app, &owner, "priya@acme.example", "recruiter", ("Priya", "Shah")).await;
    let (manager, manager_id) = member(app, &owner, "manu@acme.example", "hiringManager", ("Manu", "Rao")).await;
    let job = app.post_job_as(&owner, "Robot Wrangler", 1, &day(30)).await;
    on_team(app, &owner, &job, &[&manager_id]).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let path = format!("/api/v1/auth/applications/{application}/messages");

    let (status, sent) = app.post_as(&path, &recruiter, &json!({ "body": "When can you talk?" })).await;
    assert_eq!((status, sent["data"]["sender"].as_str()), (201, Some("Priya, Acme")), "{sent}");
    app.post_as(&path, &manager, &json!({ "body": "I lead the team you would join." })).await;
    app.post_as(&path, &applicant, &json!({ "body": "Tomorrow at ten." })).await;
    let mail = app.mail("ada@example.com", "When can you talk?").await;
    assert!(mail.contains("Priya, Acme wrote about the application"), "{mail}");

    let path = &path;
    let senders = |token: String| async move {
        let (status, body) = app.get_as(path, &token).await;
        assert_eq!(status, 200, "{body}");
        let listed = body["messages"].as_array().unwrap().clone();
        listed
            .iter()
            .rev()
            .map(|message| {
                (message["sender"].as_str().unwrap().to_string(), message["body"].as_str().unwrap().to_string())
            })
            .collect::<Vec<_>>()
    };
    let conversation = vec![
        ("Priya, Acme".to_string(), "When can you talk?".to_string()),
        ("Manu, Acme".to_string(), "I lead the team you would join.".to_string()),
        ("Ada Lovelace".to_string(), "Tomorrow at ten.".to_string()),
    ];
    assert_eq!(senders(applicant.clone()).await, conversation);

    // Priya is removed: the conversation stays with the application, her words under her name.
    let (status, _) = app.delete_as(&format!("/api/v1/company/members/{recruiter_id}"), &owner).await;
    assert_eq!(status, 200);
    assert_eq!(senders(applicant.clone()).await, conversation);
    assert_eq!(senders(owner.clone()).await, conversation);
    let gone = app.log_in("priya@acme.example", PASSWORD).await;
    assert_eq!(app.get_as(path, &gone).await, (404, error("Application not found")), "she reads it no more");

    // Manu deletes his account: his words stay, under "Former member".
    let delete = app.post_as("/api/v1/auth/account/delete", &manager, &json!({ "password": PASSWORD })).await;
    assert_eq!(delete.0, 200, "{}", delete.1);
    let after = senders(applicant.clone()).await;
    assert_eq!(after[1], ("Former member, Acme".to_string(), "I lead the team you would join.".to_string()));
}

async fn a_member_s_data_download_holds_the_notes_moves_and_messages_they_wrote(app: &TestApp) {
    let (owner, _) = owner(app).await;
    let (manager, manager_id) = member(app, &owner, "manu@acme.example", "hiringManager", ("Manu", "Rao")).await;
    let job = app.post_job_as(&owner, "Robot Wrangler", 1, &day(30)).await;
    on_team(app, &owner, &job, &[&manager_id]).await;
    let applicant = app.account("Applicant", "ada@example.com").await;
    let application = app.apply_as(&applicant, &job).await;
    let a = format!("/api/v1/auth/applications/{application}");
    assert_eq!(note(app, &manager, &application, "Called her: strong").await.0, 201);
    assert_eq!(
        app.put_as(&format!("{a}/stage"), &manager, &json!({ "stage": "screening", "from": "applied" })).await.0,
        200
    );
    assert_eq!(
        app.put_as(&format!("{a}/stage"), &owner, &json!({ "stage": "interview", "from": "screening" })).await.0,
        200
    );
    assert_eq!(app.post_as(&format!("{a}/messages"), &manager, &json!({ "body": "Talk on Monday?" })).await.0, 201);

    let response = app.client.get(app.url("/api/v1/auth/account/export")).bearer_auth(&manager).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let data: Value = response.json().await.unwrap();
    let notes: Vec<(&str, &str)> = data["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|note| (note["applicationId"].as_str().unwrap(), note["body"].as_str().unwrap()))
        .collect();
    assert_eq!(notes, vec![(application.as_str(), "Called her: strong")]);
    let moves: Vec<(&str, &str)> = data["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|step| (step["applicationId"].as_str().unwrap(), step["stage"].as_str().unwrap()))
        .collect();
    assert_eq!(moves, vec![(application.as_str(), "screening")], "their own move, not the owner's");
    let messages: Vec<(&str, bool)> = data["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|message| (message["body"].as_str().unwrap(), message["sentByYou"].as_bool().unwrap()))
        .collect();
    assert_eq!(messages, vec![("Talk on Monday?", true)], "a conversation they wrote in, though not in charge");
    assert_eq!(data["applications"], json!([]), "the applications are the company's, not theirs");
}
