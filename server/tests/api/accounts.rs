use std::process::Command;

use jobportal::accounts::session::Claims;
use jobportal::secrets::Keys;
use serde_json::{Value, json};

use crate::helpers::{TestApp, code_in, outbox_files, status_and_json};
use crate::on_both_engines;

on_both_engines!(
    signup_with_the_emailed_code_then_login_gives_a_working_token,
    a_known_address_gets_the_same_answer_and_a_notice_instead_of_a_code,
    signup_refuses_each_bad_field_with_its_message,
    five_wrong_codes_use_up_the_code,
    an_expired_code_is_refused,
    the_same_code_raced_twice_signs_up_once,
    addresses_are_unique_ignoring_case,
    codes_are_limited_to_five_per_address_per_hour,
    login_says_the_same_for_an_unknown_address_and_a_wrong_password,
    ten_failed_logins_close_the_address_for_that_client,
    tokens_are_refused_when_missing_tampered_expired_or_logged_out,
    a_password_reset_by_the_emailed_link_ends_every_session,
    changing_the_password_keeps_only_the_callers_session,
    admins_are_made_by_the_command_never_by_signup,
    instances_on_one_database_share_the_signing_key_without_jwt_secret,
    two_instances_starting_at_once_agree_on_one_signing_key,
);

on_both_engines!(a_forged_forwarded_header_from_an_untrusted_peer_changes_no_limit);

on_both_engines!(
    configured |config| {
        config.api_public_url = "https://api.jobs.example".into();
    };
    the_api_hands_out_links_on_its_own_address_and_e_mails_the_sites,
);

on_both_engines!(
    configured |config| {
        config.trusted_proxies = jobportal::config::parse_trusted("127.0.0.1").unwrap();
    };
    behind_a_trusted_proxy_each_forwarded_client_has_its_own_login_limit,
);

on_both_engines!(
    configured |config| {
        std::fs::write(config.data_dir.join("jwt_secret"), super::KEPT_IN_DATA_DIR).unwrap();
    };
    a_signing_key_an_earlier_version_kept_in_data_dir_is_kept,
);

const KEPT_IN_DATA_DIR: &str = "an-earlier-versions-key-of-forty-characters";

const PASSWORD: &str = "correct horse battery";

fn signup_body(email: &str, otp: &str) -> Value {
    json!({
        "accountType": "Applicant", "firstName": "Ada", "lastName": "Lovelace", "email": email,
        "password": PASSWORD, "confirmPassword": PASSWORD, "otp": otp,
    })
}

fn error(message: &str) -> Value {
    json!({ "success": false, "message": message })
}

fn claims_of(token: &str) -> Value {
    use std::io::Read;
    let payload = token.split('.').nth(1).unwrap();
    // base64url without padding, decoded by hand to avoid a test-only dependency
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut bits = 0u32;
    let mut count = 0;
    let mut bytes = Vec::new();
    for byte in payload.bytes() {
        bits = (bits << 6) | alphabet.iter().position(|&c| c == byte).unwrap() as u32;
        count += 6;
        if count >= 8 {
            count -= 8;
            bytes.push((bits >> count) as u8);
        }
    }
    let mut text = String::new();
    bytes.as_slice().read_to_string(&mut text).unwrap();
    serde_json::from_str(&text).unwrap()
}

async fn signup_with_the_emailed_code_then_login_gives_a_working_token(app: &TestApp) {
    let (status, body) = app.send_otp("ada@example.com").await;
    assert_eq!((status, body), (200, json!({ "success": true, "message": "OTP Sent Successfully" })));
    let message = app.mail("ada@example.com", "verification code").await;
    assert!(message.contains("Content-Type: multipart/alternative"), "plain text and HTML parts");
    assert!(message.contains("Content-Type: text/html"));
    let code = code_in(&message);

    let (status, body) = app.post_json("/api/v1/auth/signup", &signup_body("ada@example.com", &code)).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["message"], "User registered successfully");
    let user = &body["user"];
    let id = user["_id"].as_str().unwrap();
    assert_eq!(
        user,
        &json!({
            "_id": id, "firstName": "Ada", "lastName": "Lovelace", "email": "ada@example.com",
            "accountType": "Applicant", "image": format!("{}/api/v1/avatars/{id}.svg", app.address), "token": null,
        })
    );
    // Signing up gives a session at once: no second login is needed.
    let first = body["token"].as_str().unwrap().to_string();
    let (status, me) = app.get_as("/api/v1/auth/userDetails", &first).await;
    assert_eq!((status, me["data"]["_id"].as_str()), (200, Some(id)));
    assert_eq!(claims_of(&first)["accountType"], "Applicant");

    let (status, body) =
        app.post_json("/api/v1/auth/login", &json!({ "email": "ADA@example.com", "password": PASSWORD })).await;
    assert_eq!(status, 200);
    let token = body["token"].as_str().unwrap();
    assert_eq!(body["user"]["token"], token);
    assert!(body["user"].get("password").is_none() && body["user"].get("passwordHash").is_none());
    let claims = claims_of(token);
    assert_eq!(
        (claims["id"].as_str(), claims["email"].as_str(), claims["accountType"].as_str()),
        (Some(id), Some("ada@example.com"), Some("Applicant"))
    );
    assert_eq!(claims["exp"].as_i64().unwrap() - claims["iat"].as_i64().unwrap(), 86_400);
    assert_eq!(claims["jti"].as_str().unwrap().len(), 32);

    let (status, body) = app.get_as("/api/v1/auth/userDetails", token).await;
    assert_eq!(status, 200);
    assert_eq!(body["data"]["_id"], id);
    assert_eq!(body["data"]["token"], token);

    let response = app.client.get(app.url(&format!("/api/v1/avatars/{id}.svg"))).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "image/svg+xml");
    assert!(response.text().await.unwrap().contains(">AL</text>"));
}

async fn a_known_address_gets_the_same_answer_and_a_notice_instead_of_a_code(app: &TestApp) {
    app.sign_up("Recruiter", "rita@example.com", PASSWORD).await;
    let (status, body) = app.send_otp("rita@example.com").await;
    assert_eq!((status, body), (200, json!({ "success": true, "message": "OTP Sent Successfully" })));
    let notice = app.mail("rita@example.com", "You already have a jobportal account").await;
    assert!(notice.contains("/forgot-password"));
    assert!(!notice.contains("verification code"));
    for code in ["000000", "123456"] {
        let (status, body) = app.post_json("/api/v1/auth/signup", &signup_body("rita@example.com", code)).await;
        assert_eq!((status, body), (400, error("The OTP is invalid or has expired")));
    }
}

async fn signup_refuses_each_bad_field_with_its_message(app: &TestApp) {
    app.send_otp("bob@example.com").await;
    let code = code_in(&app.mail("bob@example.com", "verification code").await);
    let cases: Vec<(Value, u16, &str)> = vec![
        (json!({}), 400, "All fields are required"),
        (json!({ "firstName": "", "otp": code }), 400, "All fields are required"),
        (json!({ "confirmPassword": "another password" }), 400, "Passwords Do Not Match"),
        (json!({ "password": "short", "confirmPassword": "short" }), 400, "Password must be 8 to 128 characters long"),
        (json!({ "accountType": "Admin" }), 400, "Account type must be Applicant or Recruiter"),
        (json!({ "accountType": "Wizard" }), 400, "Account type must be Applicant or Recruiter"),
        (json!({ "email": "bob-at-example.com" }), 400, "Please enter a valid email address"),
        (json!({ "otp": "999999x" }), 400, "The OTP is invalid or has expired"),
    ];
    for (change, status, message) in cases {
        let mut body = signup_body("bob@example.com", &code);
        if change == json!({}) {
            body = json!({});
        }
        for (key, value) in change.as_object().unwrap() {
            body[key] = value.clone();
        }
        let (got_status, got) = app.post_json("/api/v1/auth/signup", &body).await;
        assert_eq!((got_status, got), (status, error(message)), "{change}");
    }
    let (status, _) = app.post_json("/api/v1/auth/signup", &signup_body("bob@example.com", &code)).await;
    assert_eq!(status, 200, "the refusals did not use up the code");
}

async fn five_wrong_codes_use_up_the_code(app: &TestApp) {
    app.send_otp("eve@example.com").await;
    let code = code_in(&app.mail("eve@example.com", "verification code").await);
    let wrong = if code == "000000" { "000001" } else { "000000" };
    for _ in 0..5 {
        let (status, body) = app.post_json("/api/v1/auth/signup", &signup_body("eve@example.com", wrong)).await;
        assert_eq!((status, body), (400, error("The OTP is invalid or has expired")));
    }
    let (status, body) = app.post_json("/api/v1/auth/signup", &signup_body("eve@example.com", &code)).await;
    assert_eq!((status, body), (400, error("Too many wrong OTP attempts. Please request a new OTP")));
}

async fn an_expired_code_is_refused(app: &TestApp) {
    app.send_otp("old@example.com").await;
    let code = code_in(&app.mail("old@example.com", "verification code").await);
    const EXPIRE: &str = "UPDATE signup_codes SET expires_at = expires_at - 600001";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(EXPIRE).execute(pool).await.map(|_| ())).unwrap();
    let (status, body) = app.post_json("/api/v1/auth/signup", &signup_body("old@example.com", &code)).await;
    assert_eq!((status, body), (400, error("The OTP is invalid or has expired")));
}

async fn the_same_code_raced_twice_signs_up_once(app: &TestApp) {
    app.send_otp("race@example.com").await;
    let code = code_in(&app.mail("race@example.com", "verification code").await);
    let body = signup_body("race@example.com", &code);
    let (first, second) =
        tokio::join!(app.post_json("/api/v1/auth/signup", &body), app.post_json("/api/v1/auth/signup", &body),);
    let mut statuses = [first.0, second.0];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 400], "{first:?} {second:?}");
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM users WHERE email = 'race@example.com'";
    let (count,): (i64,) = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(COUNT).fetch_one(pool).await).unwrap();
    assert_eq!(count, 1);
}

async fn addresses_are_unique_ignoring_case(app: &TestApp) {
    app.sign_up("Applicant", "Grace.Hopper@Example.com", PASSWORD).await;
    app.send_otp("grace.hopper@EXAMPLE.com").await;
    app.mail("grace.hopper@example.com", "You already have a jobportal account").await;
    app.log_in("GRACE.HOPPER@example.com", PASSWORD).await;
}

async fn codes_are_limited_to_five_per_address_per_hour(app: &TestApp) {
    for _ in 0..5 {
        assert_eq!(app.send_otp("many@example.com").await.0, 200);
    }
    let response = app
        .client
        .post(app.url("/api/v1/auth/sendotp"))
        .json(&json!({ "email": "many@example.com" }))
        .send()
        .await
        .unwrap();
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((3000..=3600).contains(&retry_after), "{retry_after}");
    assert_eq!(status_and_json(response).await, (429, error("Too many requests. Please try again later")));
    assert_eq!(app.send_otp("other@example.com").await.0, 200, "other addresses are unaffected");
}

async fn login_says_the_same_for_an_unknown_address_and_a_wrong_password(app: &TestApp) {
    app.sign_up("Applicant", "known@example.com", PASSWORD).await;
    let wrong_password = app
        .post_json("/api/v1/auth/login", &json!({ "email": "known@example.com", "password": "not the password" }))
        .await;
    let unknown =
        app.post_json("/api/v1/auth/login", &json!({ "email": "nobody@example.com", "password": PASSWORD })).await;
    assert_eq!(wrong_password, (401, error("Incorrect email or password")));
    assert_eq!(unknown, wrong_password);
    let missing = app.post_json("/api/v1/auth/login", &json!({ "email": "known@example.com" })).await;
    assert_eq!(missing, (400, error("All fields are required")));
}

async fn ten_failed_logins_close_the_address_for_that_client(app: &TestApp) {
    app.sign_up("Applicant", "target@example.com", PASSWORD).await;
    for _ in 0..10 {
        let (status, _) =
            app.post_json("/api/v1/auth/login", &json!({ "email": "target@example.com", "password": "guess" })).await;
        assert_eq!(status, 401);
    }
    let response = app
        .client
        .post(app.url("/api/v1/auth/login"))
        .json(&json!({ "email": "target@example.com", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    let retry_after: u64 = response.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((890..=900).contains(&retry_after), "{retry_after}");
    assert_eq!(status_and_json(response).await, (429, error("Too many failed login attempts. Please try again later")));
    app.sign_up("Applicant", "bystander@example.com", PASSWORD).await;
    app.log_in("bystander@example.com", PASSWORD).await;
}

async fn tokens_are_refused_when_missing_tampered_expired_or_logged_out(app: &TestApp) {
    app.sign_up("Applicant", "tok@example.com", PASSWORD).await;
    let token = app.log_in("tok@example.com", PASSWORD).await;
    let missing = error("Token is missing");
    let invalid = error("Token is invalid or expired");

    assert_eq!(app.get("/api/v1/auth/userDetails").await, (401, missing.clone()));
    assert_eq!(app.get_as("/api/v1/auth/userDetails", "null").await, (401, missing));
    let mut tampered = token.clone();
    tampered.insert(tampered.len() - 2, 'x');
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &tampered).await, (401, invalid.clone()));

    let secret = app.signing_secret().await;
    let claims: Claims = serde_json::from_value(claims_of(&token)).unwrap();
    let expired =
        Keys::new(secret.as_bytes()).sign(&Claims { iat: claims.iat - 90_000, exp: claims.iat - 3_600, ..claims });
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &expired).await, (401, invalid.clone()));

    let (status, body) = app.post_as("/api/v1/auth/logout", &token, &json!({})).await;
    assert_eq!((status, body), (200, json!({ "success": true, "message": "Logged out successfully" })));
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &token).await, (401, invalid));
}

async fn a_password_reset_by_the_emailed_link_ends_every_session(app: &TestApp) {
    app.sign_up("Recruiter", "forgetful@example.com", PASSWORD).await;
    let old_token = app.log_in("forgetful@example.com", PASSWORD).await;
    let sent = json!({ "success": true, "message": "If an account exists for this email, a password reset link has been sent to it" });

    let before = outbox_files(app).len();
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password-token", &json!({ "email": "stranger@example.com" })).await,
        (200, sent.clone())
    );
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password-token", &json!({ "email": "forgetful@example.com" })).await,
        (200, sent)
    );
    let message = app.mail("forgetful@example.com", "Reset your jobportal password").await;
    assert_eq!(outbox_files(app).len(), before + 1, "nothing is sent to an unknown address");
    let prefix = format!("{}/update-password/", app.config.public_url);
    let start = message.find(&prefix).unwrap() + prefix.len();
    let token: String = message[start..].chars().take_while(char::is_ascii_hexdigit).collect();
    assert_eq!(token.len(), 64);

    let reset = |password: &str, confirm: &str, token: &str| json!({ "password": password, "confirmPassword": confirm, "token": token });
    let new_password = "a brand new password";
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password", &reset(new_password, "different", &token)).await,
        (400, error("Passwords Do Not Match"))
    );
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password", &reset(new_password, new_password, "0badc0de")).await,
        (400, error("The reset link is invalid or has expired"))
    );
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password", &reset(new_password, new_password, &token)).await,
        (200, json!({ "success": true, "message": "Password reset successfully" }))
    );
    assert_eq!(
        app.post_json("/api/v1/auth/reset-password", &reset(new_password, new_password, &token)).await,
        (400, error("The reset link is invalid or has expired")),
        "single use"
    );

    assert_eq!(app.get_as("/api/v1/auth/userDetails", &old_token).await.0, 401, "earlier sessions end");
    assert_eq!(
        app.post_json("/api/v1/auth/login", &json!({ "email": "forgetful@example.com", "password": PASSWORD })).await.0,
        401
    );
    app.log_in("forgetful@example.com", new_password).await;
    app.mail("forgetful@example.com", "Your jobportal password was changed").await;
}

async fn changing_the_password_keeps_only_the_callers_session(app: &TestApp) {
    app.sign_up("Applicant", "mover@example.com", PASSWORD).await;
    let mine = app.log_in("mover@example.com", PASSWORD).await;
    let other = app.log_in("mover@example.com", PASSWORD).await;
    let change = |old: &str, new: &str| json!({ "oldPassword": old, "newPassword": new });

    assert_eq!(
        app.post_as("/api/v1/auth/changepassword", &mine, &change("wrong one", "whatever123")).await,
        (401, error("The password is incorrect"))
    );
    assert_eq!(
        app.post_as("/api/v1/auth/changepassword", &mine, &json!({ "oldPassword": PASSWORD })).await,
        (400, error("All fields are required"))
    );
    assert_eq!(
        app.post_as("/api/v1/auth/changepassword", &mine, &change(PASSWORD, "short")).await,
        (400, error("Password must be 8 to 128 characters long"))
    );
    assert_eq!(
        app.post_json("/api/v1/auth/changepassword", &change(PASSWORD, "whatever123")).await,
        (401, error("Token is missing"))
    );
    assert_eq!(
        app.post_as("/api/v1/auth/changepassword", &mine, &change(PASSWORD, "the new password")).await,
        (200, json!({ "success": true, "message": "Password updated successfully" }))
    );
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &mine).await.0, 200, "the caller's token survives");
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &other).await.0, 401, "other sessions end");
    app.log_in("mover@example.com", "the new password").await;
    app.mail("mover@example.com", "Your jobportal password was changed").await;
}

async fn admins_are_made_by_the_command_never_by_signup(app: &TestApp) {
    let id = jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    let token = app.log_in("root@example.com", PASSWORD).await;
    let (_, body) = app.get_as("/api/v1/auth/userDetails", &token).await;
    assert_eq!(
        (body["data"]["_id"].as_str(), body["data"]["accountType"].as_str()),
        (Some(id.as_str()), Some("Admin"))
    );
    let again = jobportal::accounts::create_admin(&app.db, "ROOT@example.com", "Root", "Admin", PASSWORD).await;
    assert_eq!(again, Err("root@example.com already has an account".to_string()));
}

#[test]
fn the_create_admin_command_makes_an_admin_account() {
    let data_dir = crate::helpers::scratch_dir();
    let run = |email: &str| {
        Command::new(env!("CARGO_BIN_EXE_jobportal"))
            .args(["create-admin", "--email", email, "--first-name", "Root", "--last-name", "Admin"])
            .env("DATA_DIR", &data_dir)
            .env("ADMIN_PASSWORD", PASSWORD)
            .env("RUST_LOG", "off")
            .output()
            .expect("the binary runs")
    };
    let output = run("cli-admin@example.com");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(String::from_utf8(output.stdout).unwrap().starts_with("created Admin cli-admin@example.com ("));
    let output = run("cli-admin@example.com");
    assert_eq!(output.status.code(), Some(1));
    assert_eq!(String::from_utf8(output.stderr).unwrap(), "jobportal: cli-admin@example.com already has an account\n");
    let _ = std::fs::remove_dir_all(&data_dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_admin_works_beside_a_running_server() {
    // The server holds the search index's lock in DATA_DIR; the command needs only the database.
    let app = TestApp::sqlite(|_| {}).await;
    let output = Command::new(env!("CARGO_BIN_EXE_jobportal"))
        .args(["create-admin", "--email", "beside@example.com", "--first-name", "Root", "--last-name", "Admin"])
        .env("DATA_DIR", &app.config.data_dir)
        .env("ADMIN_PASSWORD", PASSWORD)
        .env("RUST_LOG", "off")
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    app.log_in("beside@example.com", PASSWORD).await;
    app.stop().await;
}

async fn instances_on_one_database_share_the_signing_key_without_jwt_secret(app: &TestApp) {
    assert!(app.config.jwt_secret.is_none());
    app.sign_up("Applicant", "roams@example.com", PASSWORD).await;
    let token = app.log_in("roams@example.com", PASSWORD).await;
    let other = app.beside().await;
    let (status, body) = other.get_as("/api/v1/auth/userDetails", &token).await;
    assert_eq!((status, body["data"]["email"].clone()), (200, json!("roams@example.com")), "{body}");

    // The session is the database's too: a logout through one instance ends it on the other.
    let (status, _) = other.post_as("/api/v1/auth/logout", &token, &json!({})).await;
    assert_eq!(status, 200);
    assert_eq!(app.get_as("/api/v1/auth/userDetails", &token).await, (401, error("Token is invalid or expired")));
    other.stop().await;
}

async fn two_instances_starting_at_once_agree_on_one_signing_key(app: &TestApp) {
    const FORGET: &str = "DELETE FROM server_secrets";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(FORGET).execute(pool).await.map(|_| ())).unwrap();
    let (first, second) = ("a".repeat(64), "b".repeat(64));
    let (one, two) = tokio::join!(
        jobportal::accounts::repo::signing_secret(&app.db, &first),
        jobportal::accounts::repo::signing_secret(&app.db, &second),
    );
    let (one, two) = (one.unwrap(), two.unwrap());
    assert_eq!(one, two, "both starts read the key that was stored first");
    assert!(one == first || one == second);
    assert_eq!(app.signing_secret().await, one);
}

async fn a_signing_key_an_earlier_version_kept_in_data_dir_is_kept(app: &TestApp) {
    assert_eq!(app.signing_secret().await, KEPT_IN_DATA_DIR, "sessions signed before the upgrade stay valid");
}

/// A wrong password for `email` sent with `headers` (a proxy's record of the client).
async fn failed_login(app: &TestApp, email: &str, headers: &[(&str, &str)]) -> u16 {
    let mut request = app.client.post(app.url("/api/v1/auth/login"));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = request.json(&json!({ "email": email, "password": "guess" })).send().await.unwrap();
    status_and_json(response).await.0
}

async fn a_forged_forwarded_header_from_an_untrusted_peer_changes_no_limit(app: &TestApp) {
    assert!(app.config.trusted_proxies.is_empty(), "no proxy is trusted by default");
    app.sign_up("Applicant", "spoofed@example.com", PASSWORD).await;
    // Each attempt claims another client; the server counts the connection's address.
    for n in 0..10 {
        let forged = format!("203.0.113.{n}");
        let headers = [("x-forwarded-for", forged.as_str()), ("forwarded", "for=198.51.100.7")];
        assert_eq!(failed_login(app, "spoofed@example.com", &headers).await, 401);
    }
    assert_eq!(failed_login(app, "spoofed@example.com", &[("x-forwarded-for", "203.0.113.99")]).await, 429);
}

async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_login_limit(app: &TestApp) {
    app.sign_up("Applicant", "proxied@example.com", PASSWORD).await;
    // The client put the first entry there itself; the proxy (127.0.0.1, trusted) appended the
    // address it saw. Ten failures from that client close the address to it alone.
    let attacker = [("x-forwarded-for", "10.9.9.9, 203.0.113.7")];
    for _ in 0..10 {
        assert_eq!(failed_login(app, "proxied@example.com", &attacker).await, 401);
    }
    assert_eq!(failed_login(app, "proxied@example.com", &attacker).await, 429);
    let forging_again = [("x-forwarded-for", "10.1.1.1, 203.0.113.7")];
    assert_eq!(failed_login(app, "proxied@example.com", &forging_again).await, 429, "the forged entry is not read");
    // Another person behind the same proxy is not shut out, through either header.
    assert_eq!(failed_login(app, "proxied@example.com", &[("x-forwarded-for", "198.51.100.20")]).await, 401);
    assert_eq!(failed_login(app, "proxied@example.com", &[("forwarded", "for=\"[2001:db8::5]:5000\"")]).await, 401);
    let response = app
        .client
        .post(app.url("/api/v1/auth/login"))
        .header("x-forwarded-for", "198.51.100.21")
        .json(&json!({ "email": "proxied@example.com", "password": PASSWORD }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
}

async fn the_api_hands_out_links_on_its_own_address_and_e_mails_the_sites(app: &TestApp) {
    let user = app.sign_up("Applicant", "split@example.com", PASSWORD).await;
    let id = user["_id"].as_str().unwrap();
    assert_eq!(user["image"], format!("https://api.jobs.example/api/v1/avatars/{id}.svg"));
    let (status, _) =
        app.post_json("/api/v1/auth/reset-password-token", &json!({ "email": "split@example.com" })).await;
    assert_eq!(status, 200);
    let message = app.mail("split@example.com", "Reset your jobportal password").await;
    assert!(message.contains(&format!("{}/update-password/", app.address)), "the site's address: {message}");
    assert!(!message.contains("api.jobs.example"), "{message}");
}
