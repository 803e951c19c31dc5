//! Interviews: the recruiter proposes one to three times, the applicant books one in the app or
//! from the e-mail, both receive an iCalendar invitation; a reschedule or a cancellation sends an
//! update with the same UID, and a reminder goes out a day before (docs/rules.md#interviews). A
//! recruiter may subscribe a calendar to their booked interviews (`feed`).

pub mod calendar;
pub mod emails;
pub mod feed;
pub mod handlers;
pub mod model;
pub mod reminders;
pub mod repo;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The interview calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::propose, handlers::of_application))
        .routes(routes!(handlers::interview))
        .routes(routes!(handlers::calendar_file))
        .routes(routes!(handlers::book))
        .routes(routes!(handlers::reschedule))
        .routes(routes!(handlers::cancel))
        .routes(routes!(feed::calendar_feed, feed::make_calendar_feed, feed::end_calendar_feed))
        .routes(routes!(feed::interviews_feed))
}
