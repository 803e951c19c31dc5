use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::jobs::model::rfc3339_from_millis;
use crate::mail::Mail;
use crate::push::PushKind;
use crate::push::repo::Push;

/// What a notification is about; each kind can be switched off for e-mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    /// To a recruiter: someone applied to their job.
    NewApplication,
    /// To an applicant: their application moved to another stage.
    StageChange,
    /// An interview proposed, booked, moved or cancelled.
    Interview,
    /// A new message in an application's conversation.
    Message,
    /// To a recruiter: their job's deadline is less than a day away.
    JobClosing,
    /// To a member of a hiring team: a teammate named them in a note.
    Mention,
}

impl Kind {
    pub const ALL: [Kind; 6] =
        [Self::NewApplication, Self::StageChange, Self::Interview, Self::Message, Self::JobClosing, Self::Mention];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::NewApplication => "new_application",
            Self::StageChange => "stage_change",
            Self::Interview => "interview",
            Self::Message => "message",
            Self::JobClosing => "job_closing",
            Self::Mention => "mention",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.as_str() == text)
    }
}

crate::text_column!(Kind);

impl Kind {
    /// The kind of push that tells of it.
    pub fn push_kind(self) -> PushKind {
        match self {
            Self::NewApplication => PushKind::NewApplication,
            Self::StageChange => PushKind::StageChange,
            Self::Interview => PushKind::Interview,
            Self::Message => PushKind::Message,
            Self::JobClosing => PushKind::JobClosing,
            Self::Mention => PushKind::Mention,
        }
    }
}

/// What happened, for whom: the notification for the bell, and the e-mail unless they switched
/// this kind off (`mail` is `None` then, or when the event sends none).
pub struct Notice {
    pub user_id: String,
    pub kind: Kind,
    /// One line, plain text.
    pub text: String,
    /// A path in the web app, from `/`.
    pub link: String,
    /// What it is about: a job's or an application's id.
    pub ref_id: String,
    pub mail: Option<Mail>,
}

impl Notice {
    /// The push to its person's devices that take its kind.
    pub fn push(&self) -> Push<'_> {
        Push { user_id: &self.user_id, kind: self.kind.push_kind(), link: &self.link }
    }
}

/// A notification as the bell lists it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Notification {
    #[serde(rename = "_id")]
    pub id: String,
    pub kind: Kind,
    /// One line, plain text.
    pub text: String,
    /// Where it leads: a path in the web app.
    pub link: String,
    /// RFC 3339, UTC.
    pub created_at: String,
    /// When it was marked read (RFC 3339, UTC), or null.
    pub read_at: Option<String>,
}

#[derive(Debug, sqlx::FromRow)]
pub struct NotificationRow {
    pub id: String,
    pub kind: Kind,
    pub text: String,
    pub link: String,
    pub created_at: i64,
    pub read_at: Option<i64>,
}

impl From<NotificationRow> for Notification {
    fn from(row: NotificationRow) -> Self {
        Self {
            id: row.id,
            kind: row.kind,
            text: row.text,
            link: row.link,
            created_at: rfc3339_from_millis(row.created_at),
            read_at: row.read_at.map(rfc3339_from_millis),
        }
    }
}

/// Which kinds are e-mailed (true) or only shown in the bell (false).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailSettings {
    pub new_application: bool,
    pub stage_change: bool,
    pub interview: bool,
    pub message: bool,
    pub job_closing: bool,
    pub mention: bool,
}

impl EmailSettings {
    /// From the kinds switched off.
    pub fn from_off(off: &[Kind]) -> Self {
        let on = |kind| !off.contains(&kind);
        Self {
            new_application: on(Kind::NewApplication),
            stage_change: on(Kind::StageChange),
            interview: on(Kind::Interview),
            message: on(Kind::Message),
            job_closing: on(Kind::JobClosing),
            mention: on(Kind::Mention),
        }
    }

    /// The kinds switched off.
    pub fn off(&self) -> Vec<Kind> {
        let flags =
            [self.new_application, self.stage_change, self.interview, self.message, self.job_closing, self.mention];
        Kind::ALL.into_iter().zip(flags).filter(|(_, on)| !on).map(|(kind, _)| kind).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn email_settings_name_the_kinds_switched_off() {
        let settings = EmailSettings::from_off(&[Kind::Message, Kind::JobClosing]);
        assert!(settings.new_application && settings.stage_change && settings.interview);
        assert!(!settings.message && !settings.job_closing);
        assert_eq!(settings.off(), [Kind::Message, Kind::JobClosing]);
        assert_eq!(EmailSettings::from_off(&[]).off(), []);
        for kind in Kind::ALL {
            assert_eq!(Kind::parse(kind.as_str()), Some(kind));
        }
    }
}
