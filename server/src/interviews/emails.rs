//! The interview e-mails. Times are written in India Standard Time, the board's default zone, with
//! UTC beside them; the calendar file carries the exact instant for every calendar to show in its
//! own zone.

use time::macros::{format_description, offset};

use crate::mail::{Mail, html_escape, wrap};

/// A time as people read it: "Tue, 1 Dec 2026, 10:00 IST (04:30 UTC)".
pub fn when(millis: i64) -> String {
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    let ist = at.to_offset(offset!(+5:30));
    let day =
        format_description!("[weekday repr:short], [day padding:none] [month repr:short] [year], [hour]:[minute]");
    let clock = format_description!("[hour]:[minute]");
    format!("{} IST ({} UTC)", ist.format(&day).unwrap_or_default(), at.format(&clock).unwrap_or_default())
}

/// To and about whom, and what.
pub struct About<'a> {
    pub to: &'a str,
    pub first_name: &'a str,
    pub job_title: &'a str,
    pub company: &'a str,
}

fn mail(about: &About<'_>, subject: String, lines: &[String], link: (&str, &str), calendar: Option<String>) -> Mail {
    let (label, href) = link;
    let text = format!("Hello {},\n\n{}\n\n{label}: {href}", about.first_name, lines.join("\n"));
    let html = format!(
        "<p>Hello {},</p>{}<p><a href=\"{}\">{}</a></p>",
        html_escape(about.first_name),
        lines.iter().map(|line| format!("<p>{}</p>", html_escape(line))).collect::<String>(),
        html_escape(href),
        html_escape(label)
    );
    let (text, html) = wrap(&text, &html);
    Mail { to: about.to.into(), subject, text, html, list_unsubscribe: None, calendar, expires_at: None }
}

/// To the applicant: the times proposed, each a link that opens the page to book it.
pub fn proposed(about: &About<'_>, slots: &[(i64, String)], duration: i64, location: &str) -> Mail {
    let mut lines = vec![format!(
        "{} would like to interview you for {} ({duration} minutes, {location}). Pick one of these times:",
        about.company, about.job_title
    )];
    lines.extend(slots.iter().map(|(at, link)| format!("{}: {link}", when(*at))));
    let first = slots.first().map(|(_, link)| link.as_str()).unwrap_or_default();
    mail(
        about,
        format!("Pick a time for your interview for {}", about.job_title),
        &lines,
        ("Choose a time", first),
        None,
    )
}

/// To either side: the interview is booked (or moved), with the calendar file.
pub fn booked(
    about: &About<'_>,
    starts_at: i64,
    duration: i64,
    location: &str,
    moved: bool,
    link: &str,
    calendar: String,
) -> Mail {
    let (subject, opening) = if moved {
        (format!("Interview moved: {} at {}", about.job_title, about.company), "The interview was moved.")
    } else {
        (format!("Interview booked: {} at {}", about.job_title, about.company), "The interview is booked.")
    };
    let lines = [
        format!("{opening} {} at {}: {} for {duration} minutes.", about.job_title, about.company, when(starts_at)),
        format!("Where: {location}"),
        "The attached invite.ics adds it to your calendar.".to_string(),
    ];
    mail(about, subject, &lines, ("See the interview", link), Some(calendar))
}

/// To either side: the interview is cancelled (with the calendar file that removes it, when it
/// was booked).
pub fn cancelled(about: &About<'_>, by: &str, link: &str, calendar: Option<String>) -> Mail {
    let lines = [format!("{by} cancelled the interview for {} at {}.", about.job_title, about.company)];
    mail(
        about,
        format!("Interview cancelled: {} at {}", about.job_title, about.company),
        &lines,
        ("See the application", link),
        calendar,
    )
}

/// To either side, a day before.
pub fn reminder(about: &About<'_>, starts_at: i64, duration: i64, location: &str, link: &str) -> Mail {
    let lines = [
        format!(
            "A reminder: the interview for {} at {} is {} for {duration} minutes.",
            about.job_title,
            about.company,
            when(starts_at)
        ),
        format!("Where: {location}"),
    ];
    mail(
        about,
        format!("Reminder: interview tomorrow for {}", about.job_title),
        &lines,
        ("See the interview", link),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_reads_in_india_standard_time_with_utc_beside_it() {
        // fixed date: a pure formatter, no clock reads it (2026-12-01T04:30:00Z).
        assert_eq!(when(1_796_099_400_000), "Tue, 1 Dec 2026, 10:00 IST (04:30 UTC)");
    }
}
