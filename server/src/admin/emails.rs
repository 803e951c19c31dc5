//! The e-mails an admin's action sends to the person it concerns, each with the reason given.

use crate::mail::{Mail, html_escape, wrap};

fn mail(to: &str, subject: String, paragraphs: &[String]) -> Mail {
    let html_body: String = paragraphs.iter().map(|paragraph| format!("<p>{}</p>", html_escape(paragraph))).collect();
    let (text, html) = wrap(&paragraphs.join("\n\n"), &html_body);
    Mail { to: to.into(), subject, text, html, list_unsubscribe: None, calendar: None, expires_at: None }
}

pub fn job_hidden(to: &str, first_name: &str, title: &str, reason: &str, contact: &str) -> Mail {
    mail(
        to,
        format!("Your job {title} was hidden"),
        &[
            format!("Hello {first_name},"),
            format!(
                "An administrator hid your job {title}: it no longer appears in search, on its page or anywhere else on jobportal. Applications already made are kept."
            ),
            format!("The reason given: {reason}"),
            format!("If you think this is a mistake, reply through {contact}."),
        ],
    )
}

pub fn job_unhidden(to: &str, first_name: &str, title: &str) -> Mail {
    mail(
        to,
        format!("Your job {title} is listed again"),
        &[format!("Hello {first_name},"), format!("An administrator has listed your job {title} again.")],
    )
}

pub fn account_suspended(to: &str, first_name: &str, reason: &str, contact: &str) -> Mail {
    mail(
        to,
        "Your jobportal account was suspended".into(),
        &[
            format!("Hello {first_name},"),
            "An administrator suspended your jobportal account: you cannot log in, and any jobs you posted are hidden."
                .into(),
            format!("The reason given: {reason}"),
            format!("If you think this is a mistake, reply through {contact}."),
        ],
    )
}

pub fn account_reinstated(to: &str, first_name: &str, login: &str) -> Mail {
    mail(
        to,
        "Your jobportal account was reinstated".into(),
        &[
            format!("Hello {first_name},"),
            format!("An administrator reinstated your jobportal account. You can log in again: {login}"),
        ],
    )
}

pub fn company_suspended(to: &str, first_name: &str, company: &str, reason: &str, contact: &str) -> Mail {
    mail(
        to,
        format!("{company} was suspended on jobportal"),
        &[
            format!("Hello {first_name},"),
            format!(
                "An administrator suspended {company}: its page and jobs are hidden, and its members cannot post jobs."
            ),
            format!("The reason given: {reason}"),
            format!("If you think this is a mistake, reply through {contact}."),
        ],
    )
}

pub fn company_reinstated(to: &str, first_name: &str, company: &str) -> Mail {
    mail(
        to,
        format!("{company} was reinstated on jobportal"),
        &[
            format!("Hello {first_name},"),
            format!(
                "An administrator reinstated {company}: its page and jobs are listed again, and its members can post."
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_reason_reaches_the_recruiter_in_both_parts_and_is_escaped_in_html() {
        let mail = job_hidden("r@example.com", "Rita", "Rust <Dev>", "Misleading salary & title", "https://x/contact");
        assert_eq!(mail.subject, "Your job Rust <Dev> was hidden");
        assert!(mail.text.contains("The reason given: Misleading salary & title"), "{}", mail.text);
        assert!(mail.html.contains("The reason given: Misleading salary &amp; title"), "{}", mail.html);
        assert!(mail.html.contains("Rust &lt;Dev&gt;"), "{}", mail.html);
    }
}
