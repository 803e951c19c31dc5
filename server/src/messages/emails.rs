//! The e-mail telling one side of a conversation that the other wrote.

use crate::mail::{Mail, html_escape, wrap};

pub struct NewMessage<'a> {
    pub to: &'a str,
    pub first_name: &'a str,
    pub sender_name: &'a str,
    pub job_title: &'a str,
    pub company: &'a str,
    pub body: &'a str,
    pub link: &'a str,
}

pub fn new_message(notice: &NewMessage<'_>) -> Mail {
    let NewMessage { to, first_name, sender_name, job_title, company, body, link } = notice;
    let (text, html) = wrap(
        &format!(
            "Hello {first_name},\n\n{sender_name} wrote about the application for {job_title} at {company}:\n\n{body}\n\n\
             Read and reply: {link}"
        ),
        &format!(
            "<p>Hello {},</p><p>{} wrote about the application for <strong>{}</strong> at {}:</p>\
             <blockquote style=\"white-space: pre-line\">{}</blockquote><p><a href=\"{}\">Read and reply</a></p>",
            html_escape(first_name),
            html_escape(sender_name),
            html_escape(job_title),
            html_escape(company),
            html_escape(body),
            html_escape(link)
        ),
    );
    Mail {
        to: (*to).into(),
        subject: format!("New message about {job_title} at {company}"),
        text,
        html,
        list_unsubscribe: None,
        calendar: None,
        expires_at: None,
    }
}
