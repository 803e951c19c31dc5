use serde::Serialize;
use utoipa::ToSchema;

use crate::http::error::AppError;
use crate::jobs::model::rfc3339_from_millis;

/// Where an interview stands: times `proposed` by the recruiter, one `booked` by the applicant, or
/// `cancelled` by either.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum InterviewStatus {
    Proposed,
    Booked,
    Cancelled,
}

impl InterviewStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Proposed => "proposed",
            Self::Booked => "booked",
            Self::Cancelled => "cancelled",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [Self::Proposed, Self::Booked, Self::Cancelled].into_iter().find(|status| status.as_str() == text)
    }
}

crate::text_column!(InterviewStatus);

/// An interview as the API shows it to the application's recruiter and applicant.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Interview {
    #[serde(rename = "_id")]
    pub id: String,
    pub application_id: String,
    pub status: InterviewStatus,
    /// The proposed start times (RFC 3339, UTC), earliest first.
    pub slots: Vec<String>,
    /// The booked start time (RFC 3339, UTC), or null until booked.
    pub starts_at: Option<String>,
    pub duration_minutes: i64,
    /// A place, or a video link.
    pub location: String,
    /// Raised by each update sent to calendars (a reschedule, a cancellation).
    pub sequence: i64,
    pub job_title: String,
    pub company: String,
    /// The applicant's name.
    pub applicant_name: String,
}

/// An interview as stored, joined with its application's people and job.
#[derive(Debug, sqlx::FromRow)]
pub struct InterviewRow {
    pub id: String,
    pub application_id: String,
    pub status: InterviewStatus,
    pub slots: String,
    pub starts_at: Option<i64>,
    pub duration_minutes: i64,
    pub location: String,
    pub sequence: i64,
    pub job_id: String,
    pub applicant_id: String,
    /// The job's recruiter in charge.
    pub recruiter_id: String,
    /// Where its application is: a hired, rejected or withdrawn one takes no interview.
    pub application_stage: crate::applications::model::Stage,
    pub title: String,
    pub company: String,
    /// The job was deleted: its interviews can be cancelled, not booked or moved.
    pub job_removed: bool,
    pub applicant_first_name: String,
    pub applicant_last_name: String,
    pub applicant_email: String,
    pub recruiter_first_name: String,
    pub recruiter_last_name: String,
    pub recruiter_email: String,
}

impl InterviewRow {
    pub fn slot_times(&self) -> Vec<i64> {
        serde_json::from_str(&self.slots).unwrap_or_default()
    }

    pub fn applicant_name(&self) -> String {
        format!("{} {}", self.applicant_first_name, self.applicant_last_name)
    }

    pub fn recruiter_name(&self) -> String {
        format!("{} {}", self.recruiter_first_name, self.recruiter_last_name)
    }

    pub fn to_interview(&self) -> Interview {
        Interview {
            id: self.id.clone(),
            application_id: self.application_id.clone(),
            status: self.status,
            slots: self.slot_times().into_iter().map(rfc3339_from_millis).collect(),
            starts_at: self.starts_at.map(rfc3339_from_millis),
            duration_minutes: self.duration_minutes,
            location: self.location.clone(),
            sequence: self.sequence,
            job_title: self.title.clone(),
            company: self.company.clone(),
            applicant_name: self.applicant_name(),
        }
    }
}

pub const MINUTE_MS: i64 = 60 * 1000;
pub const MIN_DURATION: i64 = 15;
pub const MAX_DURATION: i64 = 480;
/// Times are proposed at most this far ahead.
pub const HORIZON_MS: i64 = 366 * 24 * 60 * MINUTE_MS;

pub const SLOTS_COUNT: &str = "Give one to three times";
pub const SLOT_FORMAT: &str = "Each time must be a date and time with its offset, like 2026-12-01T10:00:00+05:30";
pub const SLOT_PAST: &str = "Each time must be in the future";
pub const SLOT_FAR: &str = "Each time must be within a year";
pub const SLOTS_OVERLAP: &str = "The times must not overlap";
pub const DURATION: &str = "Duration must be a whole number of minutes from 15 to 480";
pub const LOCATION_REQUIRED: &str = "Place or video link is required";
pub const LOCATION_LONG: &str = "Place or video link must be at most 500 characters";

/// A start time: RFC 3339 with its offset, in the future and within a year of `now`.
pub fn parse_time(text: &str, now: i64) -> Result<i64, AppError> {
    let parsed = time::OffsetDateTime::parse(text.trim(), &time::format_description::well_known::Rfc3339)
        .map_err(|_| AppError::bad_request(SLOT_FORMAT))?;
    let at = (parsed.unix_timestamp_nanos() / 1_000_000) as i64;
    if at <= now {
        return Err(AppError::bad_request(SLOT_PAST));
    }
    if at > now + HORIZON_MS {
        return Err(AppError::bad_request(SLOT_FAR));
    }
    Ok(at)
}

/// One to three start times, none overlapping another for `duration` minutes: earliest first.
pub fn parse_slots(slots: Option<&[String]>, duration: i64, now: i64) -> Result<Vec<i64>, AppError> {
    let slots = slots.unwrap_or_default();
    if !(1..=3).contains(&slots.len()) {
        return Err(AppError::bad_request(SLOTS_COUNT));
    }
    let mut times = slots.iter().map(|slot| parse_time(slot, now)).collect::<Result<Vec<_>, _>>()?;
    times.sort_unstable();
    if times.windows(2).any(|pair| pair[1] - pair[0] < duration * MINUTE_MS) {
        return Err(AppError::bad_request(SLOTS_OVERLAP));
    }
    Ok(times)
}

pub fn parse_duration(minutes: Option<i64>) -> Result<i64, AppError> {
    minutes
        .filter(|minutes| (MIN_DURATION..=MAX_DURATION).contains(minutes))
        .ok_or_else(|| AppError::bad_request(DURATION))
}

pub fn parse_location(location: Option<&str>) -> Result<String, AppError> {
    let location = location.map(str::trim).filter(|location| !location.is_empty());
    let location = location.ok_or_else(|| AppError::bad_request(LOCATION_REQUIRED))?;
    if location.chars().count() > 500 {
        return Err(AppError::bad_request(LOCATION_LONG));
    }
    Ok(location.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HOUR: i64 = 60 * MINUTE_MS;

    fn refusal<T: std::fmt::Debug>(result: Result<T, AppError>) -> String {
        result.unwrap_err().to_string()
    }

    fn at(millis: i64) -> String {
        rfc3339_from_millis(millis)
    }

    #[test]
    fn slots_are_one_to_three_future_times_that_do_not_overlap() {
        // A fixed date, as the clock of this test.
        let now = 1_795_446_000_000;
        let slots = [at(now + 26 * HOUR), at(now + 24 * HOUR)];
        assert_eq!(parse_slots(Some(&slots), 60, now).unwrap(), [now + 24 * HOUR, now + 26 * HOUR], "earliest first");
        // fixed clock: `now` above is 2026-11-23T15:00:00Z; this is 37.5 hours later, in IST.
        let with_offset = ["2026-11-25T10:00:00+05:30".to_string()];
        assert_eq!(parse_slots(Some(&with_offset), 30, now).unwrap(), [now + 37 * HOUR + 30 * MINUTE_MS]);
        assert_eq!(refusal(parse_slots(Some(&[]), 60, now)), SLOTS_COUNT);
        assert_eq!(refusal(parse_slots(None, 60, now)), SLOTS_COUNT);
        let four: Vec<String> = (1..=4).map(|n| at(now + n * 10 * HOUR)).collect();
        assert_eq!(refusal(parse_slots(Some(&four), 60, now)), SLOTS_COUNT);
        assert_eq!(refusal(parse_slots(Some(&[at(now - HOUR)]), 60, now)), SLOT_PAST);
        assert_eq!(refusal(parse_slots(Some(&[at(now + 400 * 24 * HOUR)]), 60, now)), SLOT_FAR);
        assert_eq!(refusal(parse_slots(Some(&["tomorrow at ten".into()]), 60, now)), SLOT_FORMAT);
        assert_eq!(
            refusal(parse_slots(Some(&["2026-12-01T10:00:00".into()]), 60, now)),
            SLOT_FORMAT,
            "an offset is needed"
        );
        let close = [at(now + 24 * HOUR), at(now + 24 * HOUR + 30 * MINUTE_MS)];
        assert_eq!(refusal(parse_slots(Some(&close), 45, now)), SLOTS_OVERLAP);
        assert!(parse_slots(Some(&close), 30, now).is_ok(), "back to back is not an overlap");
    }

    #[test]
    fn a_duration_and_a_place_are_bounded() {
        assert_eq!(parse_duration(Some(45)).unwrap(), 45);
        for bad in [Some(14), Some(481), None] {
            assert_eq!(refusal(parse_duration(bad)), DURATION);
        }
        assert_eq!(parse_location(Some("  https://meet.example.com/abc  ")).unwrap(), "https://meet.example.com/abc");
        assert_eq!(refusal(parse_location(Some("  "))), LOCATION_REQUIRED);
        assert_eq!(refusal(parse_location(Some(&"x".repeat(501)))), LOCATION_LONG);
    }
}
