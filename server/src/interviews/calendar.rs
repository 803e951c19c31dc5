//! The interview's iCalendar file (RFC 5545), built with the `icalendar` crate: one event whose
//! UID stays the interview's for its whole life, so a calendar that imported the invitation
//! updates or removes that same event when a reschedule (a higher SEQUENCE) or a cancellation
//! (METHOD:CANCEL) arrives.

use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

use super::model::{InterviewRow, MINUTE_MS};

/// What the file asks of the calendar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Add the event, or update it when the UID is known and the SEQUENCE higher.
    Request,
    /// Remove the event.
    Cancel,
}

/// The UID of an interview's event, the same in every file about it.
pub fn uid(interview_id: &str, domain: &str) -> String {
    format!("interview-{interview_id}@{domain}")
}

fn utc(millis: i64) -> time::OffsetDateTime {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .unwrap_or(time::OffsetDateTime::UNIX_EPOCH)
}

/// The file for a booked interview (`starts_at` set), as of its current `sequence`.
pub fn invitation(interview: &InterviewRow, method: Method, domain: &str, link: &str) -> String {
    let starts = interview.starts_at.unwrap_or_default();
    let ends = starts + interview.duration_minutes * MINUTE_MS;
    let summary = format!("Interview: {} at {}", interview.title, interview.company);
    let description = format!(
        "Interview of {} for {} at {}.\nWhere: {}\nDetails: {link}",
        interview.applicant_name(),
        interview.title,
        interview.company,
        interview.location
    );
    let organizer = Property::new("ORGANIZER", format!("mailto:{}", interview.recruiter_email))
        .add_parameter("CN", &interview.recruiter_name())
        .done();
    let attendee = Property::new("ATTENDEE", format!("mailto:{}", interview.applicant_email))
        .add_parameter("CN", &interview.applicant_name())
        .add_parameter("ROLE", "REQ-PARTICIPANT")
        .add_parameter("PARTSTAT", "ACCEPTED")
        .done();
    let mut event = Event::new();
    event
        .uid(&uid(&interview.id, domain))
        .sequence(interview.sequence.max(0) as u32)
        .summary(&summary)
        .description(&description)
        .location(&interview.location)
        .starts(utc(starts))
        .ends(utc(ends))
        .append_property(organizer)
        .append_property(attendee)
        .status(match method {
            Method::Request => EventStatus::Confirmed,
            Method::Cancel => EventStatus::Cancelled,
        });
    let method = match method {
        Method::Request => "REQUEST",
        Method::Cancel => "CANCEL",
    };
    let mut calendar = Calendar::new();
    calendar.append_property(Property::new("METHOD", method)).push(event.done());
    calendar.done().to_string()
}
