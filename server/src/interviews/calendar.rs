//! The interview's iCalendar file (RFC 5545), built with the `icalendar` crate: one event whose
//! UID stays the interview's for its whole life, so a calendar that imported the invitation
//! updates or removes that same event when a reschedule (a higher SEQUENCE) or a cancellation
//! (METHOD:CANCEL) arrives.
//!
//! Every stored value goes through `text` or `parameter` before it is written, so none can end a
//! line, open a component or add a property, whatever it holds: the library escapes a TEXT
//! value's commas, semicolons, backslashes and newlines, but passes a carriage return and every
//! other control character through, and writes a parameter value as it is given.

use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

use super::model::{InterviewRow, MINUTE_MS};

/// What the file asks of the calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Add the event, or update it when the UID is known and the SEQUENCE higher.
    Request,
    /// Remove the event.
    Cancel,
    /// A copy to import, as "Add to calendar" downloads it: no scheduling asked of anyone.
    Publish,
}

/// The UID of an interview's event, the same in every file about it.
pub fn uid(interview_id: &str, domain: &str) -> String {
    format!("interview-{interview_id}@{domain}")
}

/// A value as a TEXT property may carry it: line breaks as newlines (which the library writes as
/// `\n`), and no other control or reordering character.
fn text(value: &str) -> String {
    value.replace("\r\n", "\n").replace('\r', "\n").chars().filter(|&c| c == '\n' || printable(c)).collect()
}

/// A parameter value (RFC 5545 3.2), always in double quotes, with RFC 6868's escapes for what a
/// quoted value cannot hold: `^` as `^^`, a line break as `^n`, a double quote as `^'`.
fn parameter(value: &str) -> String {
    let mut quoted = String::with_capacity(value.len() + 2);
    quoted.push('"');
    let mut chars = value.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '^' => quoted.push_str("^^"),
            '"' => quoted.push_str("^'"),
            '\r' if chars.peek() == Some(&'\n') => {}
            '\r' | '\n' => quoted.push_str("^n"),
            c if printable(c) => quoted.push(c),
            _ => {}
        }
    }
    quoted.push('"');
    quoted
}

/// A calendar address (`mailto:`): no character that could end the value or the line.
fn address(email: &str) -> String {
    let email: String = email.chars().filter(|&c| printable(c) && !matches!(c, '"' | ';' | ':' | ',')).collect();
    format!("mailto:{email}")
}

fn printable(c: char) -> bool {
    !c.is_control() && !matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

fn utc(millis: i64) -> time::OffsetDateTime {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

/// The file for a booked interview (`starts_at` set), as of its current `sequence`.
pub fn invitation(interview: &InterviewRow, method: Method, domain: &str, link: &str) -> String {
    let status = match method {
        Method::Request | Method::Publish => EventStatus::Confirmed,
        Method::Cancel => EventStatus::Cancelled,
    };
    let method = match method {
        Method::Request => "REQUEST",
        Method::Cancel => "CANCEL",
        Method::Publish => "PUBLISH",
    };
    let mut calendar = Calendar::new();
    calendar.append_property(Property::new("METHOD", method)).push(event(interview, status, domain, link));
    calendar.done().to_string()
}

/// A calendar to subscribe to: `interviews` (booked), each with the link to its page, under the
/// name `name`, which calendars read again every hour.
pub fn feed<'a>(interviews: impl IntoIterator<Item = (&'a InterviewRow, String)>, domain: &str, name: &str) -> String {
    let mut calendar = Calendar::new();
    calendar
        .name(&text(name))
        .append_property(Property::new("METHOD", "PUBLISH"))
        .append_property(Property::new("REFRESH-INTERVAL", "PT1H").add_parameter("VALUE", "DURATION").done())
        .append_property(Property::new("X-PUBLISHED-TTL", "PT1H"));
    for (interview, link) in interviews {
        calendar.push(event(interview, EventStatus::Confirmed, domain, &link));
    }
    calendar.done().to_string()
}

/// A booked interview's event (`starts_at` set), as of its current `sequence`.
fn event(interview: &InterviewRow, status: EventStatus, domain: &str, link: &str) -> Event {
    let starts = interview.starts_at.unwrap_or_default();
    let ends = starts + interview.duration_minutes * MINUTE_MS;
    let summary = text(&format!("Interview: {} at {}", interview.title, interview.company));
    let description = text(&format!(
        "Interview of {} for {} at {}.\nWhere: {}\nDetails: {link}",
        interview.applicant_name(),
        interview.title,
        interview.company,
        interview.location
    ));
    let organizer = Property::new("ORGANIZER", address(&interview.recruiter_email))
        .add_parameter("CN", &parameter(&interview.recruiter_name()))
        .done();
    let attendee = Property::new("ATTENDEE", address(&interview.applicant_email))
        .add_parameter("CN", &parameter(&interview.applicant_name()))
        .add_parameter("ROLE", "REQ-PARTICIPANT")
        .add_parameter("PARTSTAT", "ACCEPTED")
        .done();
    let mut event = Event::new();
    event
        .uid(&uid(&interview.id, domain))
        .sequence(interview.sequence.max(0) as u32)
        .summary(&summary)
        .description(&description)
        .location(&text(&interview.location))
        .starts(utc(starts))
        .ends(utc(ends))
        .append_property(organizer)
        .append_property(attendee)
        .status(status);
    event.done()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::applications::model::Stage;
    use crate::interviews::model::InterviewStatus;

    fn interview() -> InterviewRow {
        InterviewRow {
            id: "iv-1".into(),
            application_id: "app-1".into(),
            status: InterviewStatus::Booked,
            slots: "[]".into(),
            starts_at: Some(1_000 * 60 * 60 * 24 * 400),
            duration_minutes: 45,
            location: "Room 4, Pune".into(),
            sequence: 2,
            job_id: "job-1".into(),
            applicant_id: "a".into(),
            recruiter_id: "r".into(),
            application_stage: Stage::Interview,
            title: "Rust Engineer".into(),
            company: "Acme; Inc".into(),
            job_removed: false,
            applicant_first_name: "Ann".into(),
            applicant_last_name: "Lee".into(),
            applicant_email: "ann@example.com".into(),
            recruiter_first_name: "Raj".into(),
            recruiter_last_name: "Rao".into(),
            recruiter_email: "raj@example.com".into(),
        }
    }

    type Setter = fn(&mut InterviewRow, String);

    /// Every field the file writes, each set to `value` in turn.
    fn with_each_field(value: &str) -> Vec<(&'static str, InterviewRow)> {
        let setters: [(&str, Setter); 9] = [
            ("title", |row, v| row.title = v),
            ("company", |row, v| row.company = v),
            ("location", |row, v| row.location = v),
            ("applicant_first_name", |row, v| row.applicant_first_name = v),
            ("applicant_last_name", |row, v| row.applicant_last_name = v),
            ("recruiter_first_name", |row, v| row.recruiter_first_name = v),
            ("recruiter_last_name", |row, v| row.recruiter_last_name = v),
            ("applicant_email", |row, v| row.applicant_email = v),
            ("recruiter_email", |row, v| row.recruiter_email = v),
        ];
        setters
            .into_iter()
            .map(|(name, set)| {
                let mut row = interview();
                set(&mut row, value.to_string());
                (name, row)
            })
            .collect()
    }

    /// The file's content lines, unfolded (RFC 5545 3.1), after checking that every physical line
    /// ends in CRLF and holds no other control character.
    fn content_lines(file: &str) -> Vec<String> {
        assert!(file.ends_with("\r\n"), "{file:?}");
        let mut lines: Vec<String> = Vec::new();
        for line in file.strip_suffix("\r\n").unwrap().split("\r\n") {
            assert!(!line.chars().any(|c| c.is_control()), "a control character in {line:?}");
            match line.strip_prefix(' ') {
                Some(rest) => lines.last_mut().expect("a folded line follows a line").push_str(rest),
                None => lines.push(line.to_string()),
            }
        }
        lines
    }

    /// A content line's name and its parameters' raw values, read as RFC 5545 3.1 defines them:
    /// a quoted value runs to its closing quote, an unquoted one to `;`, `:` or `,`.
    fn name_and_parameters(line: &str) -> (String, Vec<(String, String)>) {
        let name_end = line.find([';', ':']).expect("a content line has a name");
        let (name, mut rest) = line.split_at(name_end);
        let mut parameters = Vec::new();
        while let Some(after) = rest.strip_prefix(';') {
            let (key, value_on) = after.split_once('=').expect("a parameter has a value");
            let (value, next) = match value_on.strip_prefix('"') {
                Some(quoted) => {
                    let end = quoted.find('"').expect("a quoted value is closed");
                    (&quoted[..end], &quoted[end + 1..])
                }
                None => value_on.split_at(value_on.find([';', ':']).expect("a parameter ends")),
            };
            parameters.push((key.to_string(), value.to_string()));
            rest = next;
        }
        assert!(rest.starts_with(':'), "the value follows the parameters in {line:?}");
        (name.to_string(), parameters)
    }

    fn shape(file: &str) -> Vec<String> {
        content_lines(file)
            .iter()
            .map(|line| {
                let (name, parameters) = name_and_parameters(line);
                let keys: Vec<String> = parameters.into_iter().map(|(key, _)| key).collect();
                if name == "BEGIN" || name == "END" { line.clone() } else { format!("{name};{}", keys.join(";")) }
            })
            .collect()
    }

    #[test]
    fn no_character_in_any_field_changes_the_files_shape() {
        let expected_request =
            shape(&invitation(&interview(), Method::Request, "jobs.example", "https://jobs.example/i/1"));
        let expected_cancel =
            shape(&invitation(&interview(), Method::Cancel, "jobs.example", "https://jobs.example/i/1"));
        assert_eq!(expected_request.iter().filter(|line| *line == "BEGIN:VEVENT").count(), 1);
        let mut characters: Vec<char> =
            (0u32..0x20).chain([0x7F]).chain(0x80..0xA0).filter_map(char::from_u32).collect();
        characters.extend(['\u{2028}', '\u{2029}', '\u{202E}', '\u{2066}', '"', ';', ':', ',', '^', '\\']);
        let attack = "Ann\r\nURL:https://evil.example/phish\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nUID:fake-1\r\n\
                      SUMMARY:Pay the interview fee\r\nATTENDEE;CN=spy:mailto:spy@evil.example";
        let mut values: Vec<String> = characters.iter().map(|c| format!("A{c}B")).collect();
        values.push(attack.to_string());
        values.push(format!("\"{attack}\""));
        for value in &values {
            for (field, row) in with_each_field(value) {
                let methods = [
                    (Method::Request, &expected_request),
                    (Method::Publish, &expected_request),
                    (Method::Cancel, &expected_cancel),
                ];
                for (method, expected) in methods {
                    let file = invitation(&row, method, "jobs.example", "https://jobs.example/i/1");
                    assert_eq!(&shape(&file), expected, "{field} = {value:?} changed the file:\n{file}");
                }
            }
        }
    }

    #[test]
    fn a_parameter_value_is_quoted_with_rfc_6868_escapes() {
        assert_eq!(parameter("Doe, John"), "\"Doe, John\"");
        assert_eq!(parameter("Ann \"The\" ^Lee^\r\nX\u{1}"), "\"Ann ^'The^' ^^Lee^^^nX\"");
        let mut row = interview();
        row.applicant_first_name = "Ann\r\nURL:https://evil.example".into();
        let file = invitation(&row, Method::Request, "jobs.example", "https://jobs.example/i/1");
        let attendee = content_lines(&file).into_iter().find(|line| line.starts_with("ATTENDEE")).unwrap();
        let (_, parameters) = name_and_parameters(&attendee);
        assert_eq!(parameters[0], ("CN".to_string(), "Ann^nURL:https://evil.example Lee".to_string()));
        assert!(attendee.ends_with(":mailto:ann@example.com"), "{attendee}");
    }

    #[test]
    fn text_values_keep_their_words_and_lose_their_controls() {
        assert_eq!(text("Room 4\r\nFloor 2\rWing\u{1b}[31m B\u{202E}"), "Room 4\nFloor 2\nWing[31m B");
        let mut row = interview();
        row.location = "Room 4\r\nEND:VEVENT".into();
        let file = invitation(&row, Method::Request, "jobs.example", "https://jobs.example/i/1");
        let location = content_lines(&file).into_iter().find(|line| line.starts_with("LOCATION")).unwrap();
        assert_eq!(location, "LOCATION:Room 4\\nEND:VEVENT");
    }
}
