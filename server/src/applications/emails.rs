//! The application e-mails.

use crate::mail::{Mail, html_escape, wrap};

use super::model::Stage;

/// A recruiter's notice about an applicant to one of their jobs.
pub struct ToRecruiter<'a> {
    pub recruiter_email: &'a str,
    pub recruiter_first_name: &'a str,
    pub applicant_name: &'a str,
    pub job_title: &'a str,
    pub company: &'a str,
    pub link: &'a str,
}

/// Someone applied to the recruiter's job.
pub fn new_application(notice: &ToRecruiter<'_>) -> Mail {
    to_recruiter(notice, "applied for", format!("New application for {}", notice.job_title), "See the application")
}

/// An applicant withdrew their application to the recruiter's job.
pub fn withdrawn(notice: &ToRecruiter<'_>) -> Mail {
    to_recruiter(
        notice,
        "withdrew their application for",
        format!("Application withdrawn: {}", notice.job_title),
        "See the applications",
    )
}

/// "Hello {recruiter}, {applicant} {what} {title} at {company}." with a link to `notice.link`.
fn to_recruiter(notice: &ToRecruiter<'_>, what: &str, subject: String, label: &str) -> Mail {
    let (text, html) = wrap(
        &format!(
            "Hello {},\n\n{} {what} {} at {}.\n\n{label}: {}",
            notice.recruiter_first_name, notice.applicant_name, notice.job_title, notice.company, notice.link
        ),
        &format!(
            "<p>Hello {},</p><p>{} {what} <strong>{}</strong> at {}.</p><p><a href=\"{}\">{label}</a></p>",
            html_escape(notice.recruiter_first_name),
            html_escape(notice.applicant_name),
            html_escape(notice.job_title),
            html_escape(notice.company),
            html_escape(notice.link)
        ),
    );
    Mail {
        to: notice.recruiter_email.into(),
        subject,
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}

/// A teammate named the recipient in a note on an application.
pub struct Mentioned<'a> {
    pub email: &'a str,
    pub first_name: &'a str,
    pub author: &'a str,
    pub applicant_name: &'a str,
    pub job_title: &'a str,
    pub note: &'a str,
    pub link: &'a str,
}

/// "{author} mentioned you in a note on {applicant}'s application for {title}", with the note.
pub fn mentioned(notice: &Mentioned<'_>) -> Mail {
    let (text, html) = wrap(
        &format!(
            "Hello {},\n\n{} mentioned you in a note on {}'s application for {}:\n\n{}\n\nSee the application: {}",
            notice.first_name, notice.author, notice.applicant_name, notice.job_title, notice.note, notice.link
        ),
        &format!(
            "<p>Hello {},</p><p>{} mentioned you in a note on {}'s application for <strong>{}</strong>:</p>\
             <blockquote style=\"white-space:pre-wrap\">{}</blockquote><p><a href=\"{}\">See the application</a></p>",
            html_escape(notice.first_name),
            html_escape(notice.author),
            html_escape(notice.applicant_name),
            html_escape(notice.job_title),
            html_escape(notice.note),
            html_escape(notice.link)
        ),
    );
    Mail {
        to: notice.email.into(),
        subject: format!("{} mentioned you: {}", notice.author, notice.job_title),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}

/// The applicant's notice of a move: shortlisting and each stage after it, a hire, or a rejection
/// (never with the recruiter's reason).
pub fn moved(to: &str, first_name: &str, job_title: &str, company: &str, stage: Stage, link: &str) -> Mail {
    let outcome = match stage {
        Stage::Applied => "is back among the applications under review".to_string(),
        Stage::Screening => "has been shortlisted".to_string(),
        Stage::Hired => "was successful: you are hired. Congratulations!".to_string(),
        Stage::Rejected | Stage::Withdrawn => "was not selected this time".to_string(),
        stage => format!("moved to the {}", stage.words()),
    };
    let (text, html) = wrap(
        &format!(
            "Hello {first_name},\n\nYour application for {job_title} at {company} {outcome}.\n\nYour applications: {link}"
        ),
        &format!(
            "<p>Hello {},</p><p>Your application for <strong>{}</strong> at {} {}.</p><p><a href=\"{}\">Your applications</a></p>",
            html_escape(first_name),
            html_escape(job_title),
            html_escape(company),
            html_escape(&outcome),
            html_escape(link)
        ),
    );
    Mail {
        to: to.into(),
        subject: format!("Your application for {job_title} at {company}"),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}
