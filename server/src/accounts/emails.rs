//! The account e-mails, each with a plain-text and an HTML part.

use crate::db::now_millis;
use crate::mail::{Mail, html_escape, wrap};

/// How long a signup code works.
pub const CODE_LIFETIME_MILLIS: i64 = 10 * 60 * 1000;

/// How long a password-reset link works.
pub const RESET_LIFETIME_MILLIS: i64 = 60 * 60 * 1000;

pub fn signup_code(to: &str, code: &str) -> Mail {
    let (text, html) = wrap(
        &format!(
            "Your jobportal verification code is {code}.\n\nIt is valid for 10 minutes and can be used once. If you did not ask to sign up, ignore this e-mail."
        ),
        &format!(
            "<p>Your jobportal verification code is</p><p style=\"font-size:28px;font-weight:bold;letter-spacing:4px\">{code}</p>\
                  <p>It is valid for 10 minutes and can be used once. If you did not ask to sign up, ignore this e-mail.</p>"
        ),
    );
    Mail {
        to: to.into(),
        subject: format!("Your jobportal verification code: {code}"),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: Some(now_millis() + CODE_LIFETIME_MILLIS),
    }
}

pub fn account_exists(to: &str, public_url: &str) -> Mail {
    let login = format!("{public_url}/login");
    let forgot = format!("{public_url}/forgot-password");
    let (text, html) = wrap(
        &format!(
            "Someone asked to sign up to jobportal with this address, but it already has an account.\n\nLog in at {login}\nForgot your password? Reset it at {forgot}\n\nIf this was not you, you can ignore this e-mail."
        ),
        &format!(
            "<p>Someone asked to sign up to jobportal with this address, but it already has an account.</p>\
                  <p><a href=\"{l}\">Log in</a> or, if you forgot your password, <a href=\"{f}\">reset it</a>.</p>\
                  <p>If this was not you, you can ignore this e-mail.</p>",
            l = html_escape(&login),
            f = html_escape(&forgot)
        ),
    );
    Mail {
        to: to.into(),
        subject: "You already have a jobportal account".into(),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}

pub fn password_reset(to: &str, link: &str) -> Mail {
    let (text, html) = wrap(
        &format!(
            "To choose a new jobportal password, open this link within one hour:\n\n{link}\n\nThe link works once. If you did not ask for it, ignore this e-mail; your password stays as it is."
        ),
        &format!(
            "<p>To choose a new jobportal password, open this link within one hour:</p><p><a href=\"{l}\">{l}</a></p>\
                  <p>The link works once. If you did not ask for it, ignore this e-mail; your password stays as it is.</p>",
            l = html_escape(link)
        ),
    );
    Mail {
        to: to.into(),
        subject: "Reset your jobportal password".into(),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: Some(now_millis() + RESET_LIFETIME_MILLIS),
    }
}

pub fn password_changed(to: &str, first_name: &str, public_url: &str) -> Mail {
    let forgot = format!("{public_url}/forgot-password");
    let (text, html) = wrap(
        &format!(
            "Hello {first_name},\n\nThe password of your jobportal account was just changed, and every other session was logged out.\n\nIf this was not you, reset your password now at {forgot}"
        ),
        &format!(
            "<p>Hello {name},</p><p>The password of your jobportal account was just changed, and every other session was logged out.</p>\
                  <p>If this was not you, <a href=\"{f}\">reset your password now</a>.</p>",
            name = html_escape(first_name),
            f = html_escape(&forgot)
        ),
    );
    Mail {
        to: to.into(),
        subject: "Your jobportal password was changed".into(),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}
