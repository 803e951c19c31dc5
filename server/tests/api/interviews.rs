//! Interviews: proposed times, a booking, calendar invitations with one UID through reschedules
//! and cancellations, reminders a day before, the rules (docs/rules.md#interviews), and a
//! recruiter's private calendar feed (docs/rules.md#calendar-feed).

use icalendar::{Calendar, Component, EventLike};
use serde_json::{Value, json};

use crate::helpers::{TestApp, day, error};
use crate::on_both_engines;

on_both_engines!(
    the_applicant_books_a_proposed_time_and_both_sides_get_one_calendar_event_through_its_changes,
    a_deleted_jobs_interviews_can_be_cancelled_not_booked_or_moved,
    a_planned_interview_is_cancelled_once_its_application_closes,
    interviews_are_refused_with_the_reason,
    a_reminder_goes_out_once_a_day_before,
    a_recruiter_subscribes_a_calendar_to_their_booked_interviews_through_a_private_address,
);

const HOUR: i64 = 60 * 60 * 1000;

/// A recruiter's job ("Backend Engineer") with one application: (recruiter, applicant, application id).
async fn applied(app: &TestApp, recruiter_email: &str, applicant_email: &str) -> (String, String, String) {
    let recruiter = app.account("Recruiter", recruiter_email).await;
    let job = app.post_job_as(&recruiter, "Backend Engineer", 1, &day(60)).await;
    let applicant = app.account("Applicant", applicant_email).await;
    let application = app.apply_as(&applicant, &job).await;
    (recruiter, applicant, application)
}

/// A time `hours` from now, whole minutes, as RFC 3339 in IST.
fn in_hours(hours: i64) -> String {
    let now = jobportal::db::now_millis();
    let millis = (now + hours * HOUR) / 60_000 * 60_000;
    let at = time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000).unwrap();
    at.to_offset(time::macros::offset!(+5:30)).format(&time::format_description::well_known::Rfc3339).unwrap()
}

fn instant(text: &str) -> time::OffsetDateTime {
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).unwrap()
}

/// The calendar file the last e-mail to `to` whose subject starts with `subject` carries.
async fn calendar_to(app: &TestApp, to: &str, subject: &str) -> Calendar {
    const SQL: &str =
        "SELECT calendar FROM outbox WHERE to_address = $1 AND subject LIKE $2 ORDER BY created_at DESC, id DESC";
    let (calendar,): (Option<String>,) = jobportal::dispatch!(&app.db, |pool| sqlx::query_as(SQL)
        .bind(to)
        .bind(format!("{subject}%"))
        .fetch_one(pool)
        .await)
    .unwrap();
    calendar.expect("a calendar file").parse::<Calendar>().expect("the calendar file parses")
}

async fn propose(app: &TestApp, token: &str, application: &str, body: &Value) -> (u16, Value) {
    app.post_as(&format!("/api/v1/auth/applications/{application}/interviews"), token, body).await
}

async fn the_applicant_books_a_proposed_time_and_both_sides_get_one_calendar_event_through_its_changes(app: &TestApp) {
    let (recruiter, applicant, application) = applied(app, "interviewer@example.com", "interviewee@example.com").await;
    let (first, second) = (in_hours(72), in_hours(48));
    let body =
        json!({ "slots": [first, second], "durationMinutes": 45, "location": "https://meet.example.com/abc-defg" });
    let (status, proposed) = propose(app, &recruiter, &application, &body).await;
    assert_eq!((status, proposed["message"].as_str()), (201, Some("Interview proposed")), "{proposed}");
    let interview = proposed["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(proposed["data"]["status"], "proposed");
    let slots: Vec<time::OffsetDateTime> =
        proposed["data"]["slots"].as_array().unwrap().iter().map(|slot| instant(slot.as_str().unwrap())).collect();
    assert_eq!(slots, [instant(&second), instant(&first)], "earliest first, in UTC");
    let mail = app.mail("interviewee@example.com", "Pick a time for your interview for Backend Engineer").await;
    assert!(mail.contains(&format!("/dashboard/interviews/{interview}?slot=1")), "{mail}");
    assert!(mail.contains(" IST ("), "times in IST: {mail}");

    let ics = format!("/api/v1/auth/interviews/{interview}/calendar.ics");
    assert_eq!(
        app.get_as(&ics, &applicant).await,
        (409, error("Only a booked interview can be added to a calendar")),
        "nothing to add before a time is booked"
    );

    // The applicant books the later time (slot 1) from the link.
    let book = format!("/api/v1/auth/interviews/{interview}/book");
    assert_eq!(app.put_as(&book, &recruiter, &json!({ "slot": 1 })).await.0, 403, "only the applicant books");
    assert_eq!(
        app.put_as(&book, &applicant, &json!({ "slot": 2 })).await,
        (400, error("Slot must be the number of one of the times proposed, from 0"))
    );
    let (status, booked) = app.put_as(&book, &applicant, &json!({ "slot": 1 })).await;
    assert_eq!((status, booked["message"].as_str()), (200, Some("Interview booked")), "{booked}");
    assert_eq!(instant(booked["data"]["startsAt"].as_str().unwrap()), instant(&first));
    let (_, mine) = app.get_as("/api/v1/auth/applications", &applicant).await;
    let shown = mine["applications"][0]["bookedInterviewAt"].as_str().expect("the application says when");
    assert_eq!(instant(shown), instant(&first), "the application carries its booked interview's time");
    assert_eq!(
        app.put_as(&book, &applicant, &json!({ "slot": 0 })).await,
        (409, error("This interview is already booked"))
    );

    let uid = format!("interview-{interview}@127.0.0.1");
    // "Add to calendar": either side downloads the same event to import; nobody else can.
    for token in [&applicant, &recruiter] {
        let response = app.client.get(app.url(&ics)).bearer_auth(token).send().await.unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-type"], "text/calendar; charset=utf-8");
        assert_eq!(response.headers()["content-disposition"], "attachment; filename=\"interview.ics\"");
        let file: Calendar = response.text().await.unwrap().parse().expect("the download parses");
        assert_eq!(file.property_value("METHOD"), Some("PUBLISH"));
        let event = file.events().next().expect("one event");
        assert_eq!(event.get_uid(), Some(uid.as_str()));
        assert_eq!(event.get_summary(), Some("Interview: Backend Engineer at Acme"));
    }
    let stranger = app.account("Applicant", "stranger-ics@example.com").await;
    assert_eq!(app.get_as(&ics, &stranger).await, (404, error("Interview not found")));
    for to in ["interviewee@example.com", "interviewer@example.com"] {
        let invite = calendar_to(app, to, "Interview booked").await;
        assert_eq!(invite.property_value("METHOD"), Some("REQUEST"));
        let event = invite.events().next().expect("one event");
        assert_eq!(event.get_uid(), Some(uid.as_str()));
        assert_eq!(event.get_sequence(), Some(0));
        assert_eq!(event.get_summary(), Some("Interview: Backend Engineer at Acme"));
        assert_eq!(event.get_location(), Some("https://meet.example.com/abc-defg"));
        let utc = time::macros::format_description!("[year][month][day]T[hour][minute]00Z");
        let starts = instant(&first).to_offset(time::UtcOffset::UTC).format(utc).unwrap();
        assert_eq!(event.property_value("DTSTART"), Some(starts.as_str()));
        assert!(event.get_end().is_some(), "an end, 45 minutes later");
    }
    let mail = app.mail("interviewer@example.com", "Interview booked: Backend Engineer at Acme").await;
    assert!(mail.contains("text/calendar; charset=utf-8; method=REQUEST") && mail.contains("invite.ics"), "{mail}");

    // Moved: the same event, a higher sequence.
    let moved_to = in_hours(96);
    let path = format!("/api/v1/auth/interviews/{interview}/reschedule");
    assert_eq!(app.put_as(&path, &applicant, &json!({ "startsAt": moved_to })).await.0, 403);
    let (status, moved) =
        app.put_as(&path, &recruiter, &json!({ "startsAt": moved_to, "location": "Pune office" })).await;
    assert_eq!(
        (status, moved["message"].as_str(), moved["data"]["sequence"].as_i64()),
        (200, Some("Interview rescheduled"), Some(1))
    );
    let update = calendar_to(app, "interviewee@example.com", "Interview moved").await;
    let event = update.events().next().unwrap();
    assert_eq!(
        (event.get_uid(), event.get_sequence(), event.get_location()),
        (Some(uid.as_str()), Some(1), Some("Pune office"))
    );

    // Cancelled by the applicant: both calendars remove the same event.
    let (status, cancelled) =
        app.put_as(&format!("/api/v1/auth/interviews/{interview}/cancel"), &applicant, &json!({})).await;
    assert_eq!((status, cancelled["data"]["status"].as_str()), (200, Some("cancelled")));
    for to in ["interviewee@example.com", "interviewer@example.com"] {
        let cancel = calendar_to(app, to, "Interview cancelled").await;
        assert_eq!(cancel.property_value("METHOD"), Some("CANCEL"));
        let event = cancel.events().next().unwrap();
        assert_eq!((event.get_uid(), event.get_sequence()), (Some(uid.as_str()), Some(2)));
    }
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/interviews/{interview}/cancel"), &recruiter, &json!({})).await,
        (409, error("This interview was cancelled"))
    );
    // Each side's bell heard of it; both see the interview.
    let (_, bell) = app.get_as("/api/v1/auth/notifications", &recruiter).await;
    let kinds: Vec<&str> =
        bell["notifications"].as_array().unwrap().iter().map(|n| n["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds.iter().filter(|kind| **kind == "interview").count(), 3, "booked, moved, cancelled: {bell}");
    let (status, listed) = app.get_as(&format!("/api/v1/auth/applications/{application}/interviews"), &applicant).await;
    assert_eq!((status, listed["interviews"].as_array().unwrap().len()), (200, 1));
    // A new one may be proposed once the last is cancelled.
    assert_eq!(
        propose(
            app,
            &recruiter,
            &application,
            &json!({ "slots": [in_hours(30)], "durationMinutes": 30, "location": "Pune" })
        )
        .await
        .0,
        201
    );
}

async fn interviews_are_refused_with_the_reason(app: &TestApp) {
    let (recruiter, applicant, application) = applied(app, "strict-int@example.com", "strict-cand@example.com").await;
    let stranger = app.account("Recruiter", "strict-other@example.com").await;
    let ok_slot = in_hours(30);
    for (body, message) in [
        (json!({ "slots": [], "durationMinutes": 30, "location": "Pune" }), "Give one to three times"),
        (json!({ "durationMinutes": 30, "location": "Pune" }), "Give one to three times"),
        (
            json!({ "slots": [in_hours(30), in_hours(40), in_hours(50), in_hours(60)], "durationMinutes": 30, "location": "Pune" }),
            "Give one to three times",
        ),
        (
            json!({ "slots": [in_hours(-2)], "durationMinutes": 30, "location": "Pune" }),
            "Each time must be in the future",
        ),
        (
            json!({ "slots": [in_hours(24 * 400)], "durationMinutes": 30, "location": "Pune" }),
            "Each time must be within a year",
        ),
        (
            json!({ "slots": ["next tuesday"], "durationMinutes": 30, "location": "Pune" }),
            "Each time must be a date and time with its offset, like 2026-12-01T10:00:00+05:30",
        ),
        (
            json!({ "slots": [in_hours(30), in_hours(30)], "durationMinutes": 30, "location": "Pune" }),
            "The times must not overlap",
        ),
        (
            json!({ "slots": [ok_slot], "durationMinutes": 5, "location": "Pune" }),
            "Duration must be a whole number of minutes from 15 to 480",
        ),
        (json!({ "slots": [ok_slot], "durationMinutes": 30, "location": "  " }), "Place or video link is required"),
        (
            json!({ "slots": [ok_slot], "durationMinutes": 30, "location": "a\u{0}b" }),
            "location must not contain NUL characters",
        ),
    ] {
        assert_eq!(propose(app, &recruiter, &application, &body).await, (400, error(message)), "{body}");
    }
    let body = json!({ "slots": [ok_slot], "durationMinutes": 30, "location": "Pune" });
    assert_eq!(propose(app, &stranger, &application, &body).await, (404, error("Application not found")));
    assert_eq!(propose(app, &applicant, &application, &body).await.0, 403);
    let (status, first) = propose(app, &recruiter, &application, &body).await;
    assert_eq!(status, 201);
    assert_eq!(
        propose(app, &recruiter, &application, &body).await,
        (409, error("This application already has an interview planned; cancel it first"))
    );
    let interview = first["data"]["_id"].as_str().unwrap();
    assert_eq!(
        app.get_as(&format!("/api/v1/auth/interviews/{interview}"), &stranger).await,
        (404, error("Interview not found"))
    );
    assert_eq!(
        app.put_as(
            &format!("/api/v1/auth/interviews/{interview}/reschedule"),
            &recruiter,
            &json!({ "startsAt": in_hours(50) })
        )
        .await,
        (409, error("Only a booked interview can be rescheduled"))
    );
    // The applicant declines the proposal; then withdraws: no interview for a closed application.
    assert_eq!(app.put_as(&format!("/api/v1/auth/interviews/{interview}/cancel"), &applicant, &json!({})).await.0, 200);
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/withdrawapplication/{application}"), &applicant, &json!({})).await.0,
        200
    );
    assert_eq!(
        propose(app, &recruiter, &application, &body).await,
        (409, error("A hired, rejected or withdrawn application takes no interview"))
    );
}

async fn a_reminder_goes_out_once_a_day_before(app: &TestApp) {
    let (recruiter, applicant, application) = applied(app, "reminded-r@example.com", "reminded-a@example.com").await;
    let body = json!({ "slots": [in_hours(30)], "durationMinutes": 60, "location": "Pune office" });
    let (_, proposed) = propose(app, &recruiter, &application, &body).await;
    let interview = proposed["data"]["_id"].as_str().unwrap();
    let now = jobportal::db::now_millis();
    let remind = |at: i64| jobportal::interviews::reminders::send_due(&app.state, at);
    assert_eq!(remind(now).await.unwrap(), 0, "only booked interviews are reminded");
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/interviews/{interview}/book"), &applicant, &json!({ "slot": 0 })).await.0,
        200
    );
    assert_eq!(remind(now).await.unwrap(), 0, "30 hours ahead is not yet a day before");
    // The sweep as it runs seven hours from now.
    assert_eq!(remind(now + 7 * HOUR).await.unwrap(), 1);
    assert_eq!(remind(now + 7 * HOUR).await.unwrap(), 0, "once");
    app.mail("reminded-a@example.com", "Reminder: interview tomorrow for Backend Engineer").await;
    app.mail("reminded-r@example.com", "Reminder: interview tomorrow for Backend Engineer").await;
    // A reschedule makes the reminder due again.
    let path = format!("/api/v1/auth/interviews/{interview}/reschedule");
    assert_eq!(app.put_as(&path, &recruiter, &json!({ "startsAt": in_hours(50) })).await.0, 200);
    assert_eq!(remind(now + 27 * HOUR).await.unwrap(), 1);
}

async fn a_deleted_jobs_interviews_can_be_cancelled_not_booked_or_moved(app: &TestApp) {
    let (recruiter, applicant, application) = applied(app, "gone-int@example.com", "gone-cand@example.com").await;
    let body = json!({ "slots": [in_hours(30), in_hours(50)], "durationMinutes": 30, "location": "Pune" });
    let (_, first) = propose(app, &recruiter, &application, &body).await;
    let interview = first["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/interviews/{interview}/book"), &applicant, &json!({ "slot": 0 })).await.0,
        200
    );
    const JOB: &str = "SELECT job_id FROM applications WHERE id = $1";
    let (job,): (String,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(JOB).bind(&application).fetch_one(pool).await).unwrap();
    let response = app
        .client
        .delete(app.url(&format!("/api/v1/jobs/deleteJob/{job}")))
        .bearer_auth(&recruiter)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let read_only = error("This job was deleted; its applications are read-only");
    let path = format!("/api/v1/auth/interviews/{interview}/reschedule");
    assert_eq!(app.put_as(&path, &recruiter, &json!({ "startsAt": in_hours(70) })).await, (409, read_only.clone()));
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/interviews/{interview}/book"), &applicant, &json!({ "slot": 1 })).await,
        (409, read_only)
    );
    let (status, cancelled) =
        app.put_as(&format!("/api/v1/auth/interviews/{interview}/cancel"), &recruiter, &json!({})).await;
    assert_eq!((status, cancelled["data"]["status"].as_str()), (200, Some("cancelled")));
}

async fn a_planned_interview_is_cancelled_once_its_application_closes(app: &TestApp) {
    let sweep = || jobportal::interviews::reminders::cancel_closed(&app.state);
    // Booked, then the applicant withdraws: both calendars lose the event.
    let (recruiter, applicant, leaving) = applied(app, "closing-int@example.com", "leaving-cand@example.com").await;
    let body = json!({ "slots": [in_hours(30)], "durationMinutes": 30, "location": "Pune" });
    let (_, booked) = propose(app, &recruiter, &leaving, &body).await;
    let booked = booked["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(
        app.put_as(&format!("/api/v1/auth/interviews/{booked}/book"), &applicant, &json!({ "slot": 0 })).await.0,
        200
    );
    // Proposed, then the recruiter rejects: the applicant is told.
    let other = app.account("Applicant", "rejected-cand@example.com").await;
    const JOB: &str = "SELECT job_id FROM applications WHERE id = $1";
    let (job,): (String,) =
        jobportal::dispatch!(&app.db, |pool| sqlx::query_as(JOB).bind(&leaving).fetch_one(pool).await).unwrap();
    let rejected = app.apply_as(&other, &job).await;
    let (_, proposed) = propose(app, &recruiter, &rejected, &body).await;
    let proposed = proposed["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(sweep().await.unwrap(), 0, "nothing closed yet");

    // The withdrawal itself wakes the sweep: its interview is cancelled without waiting for it.
    assert_eq!(app.put_as(&format!("/api/v1/auth/withdrawapplication/{leaving}"), &applicant, &json!({})).await.0, 200);
    app.mail("leaving-cand@example.com", "Interview cancelled").await;
    let reject = json!({ "from": "applied", "stage": "rejected" });
    assert_eq!(app.put_as(&format!("/api/v1/auth/applications/{rejected}/stage"), &recruiter, &reject).await.0, 200);
    assert_eq!(sweep().await.unwrap(), 1, "the rejection's, on the sweep");
    assert_eq!(sweep().await.unwrap(), 0, "once");
    for (token, id) in [(&applicant, &booked), (&other, &proposed)] {
        let (_, interview) = app.get_as(&format!("/api/v1/auth/interviews/{id}"), token).await;
        assert_eq!(interview["data"]["status"], "cancelled");
    }
    let cancel = calendar_to(app, "closing-int@example.com", "Interview cancelled").await;
    assert_eq!(cancel.property_value("METHOD"), Some("CANCEL"));
    let mail = app.mail("closing-int@example.com", "Interview cancelled").await;
    assert!(mail.contains("Ada Lovelace cancelled the interview"), "on the withdrawing applicant's behalf: {mail}");
    let own = app.mail("leaving-cand@example.com", "Interview cancelled").await;
    assert!(own.contains("You cancelled the interview"), "the side that cancelled reads it of itself: {own}");
    app.mail("rejected-cand@example.com", "Acme cancelled the interview").await;
}

/// The calendar feed at `url`: its status, content type and text.
async fn read_feed(app: &TestApp, url: &str) -> (u16, String, String) {
    let response = app.client.get(url).send().await.unwrap();
    let status = response.status().as_u16();
    let kind = response.headers().get("content-type").map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    (status, kind, response.text().await.unwrap())
}

async fn a_recruiter_subscribes_a_calendar_to_their_booked_interviews_through_a_private_address(app: &TestApp) {
    let (recruiter, applicant, application) = applied(app, "interviewer@example.com", "interviewee@example.com").await;
    let off = json!({ "success": true, "message": "Calendar feed fetched successfully", "url": null });
    assert_eq!(app.get_as("/api/v1/auth/calendar-feed", &recruiter).await, (200, off));
    assert_eq!(
        app.get_as("/api/v1/auth/calendar-feed", &applicant).await,
        (403, error("This is a protected route for Recruiters only"))
    );
    let (status, made) = app.post_as("/api/v1/auth/calendar-feed", &recruiter, &json!({})).await;
    assert_eq!(
        (status, made["message"].as_str()),
        (201, Some("Calendar feed address made: anyone who has it can see your interviews"))
    );
    let url = made["url"].as_str().unwrap().to_string();
    assert!(url.starts_with(&format!("{}/api/v1/calendar/", app.address)) && url.ends_with("/interviews.ics"), "{url}");
    assert_eq!(app.get_as("/api/v1/auth/calendar-feed", &recruiter).await.1["url"], url.as_str(), "shown again");

    // Nothing booked yet: an empty calendar with its name.
    let (status, kind, empty) = read_feed(app, &url).await;
    assert_eq!((status, kind.as_str()), (200, "text/calendar; charset=utf-8"));
    let calendar = empty.parse::<Calendar>().expect("the feed parses");
    assert_eq!(calendar.property_value("X-WR-CALNAME"), Some("Interviews on jobportal"));
    assert_eq!(calendar.property_value("REFRESH-INTERVAL"), Some("PT1H"));
    assert_eq!(calendar.events().count(), 0, "{empty}");

    let at = in_hours(50);
    let body = json!({ "slots": [at], "durationMinutes": 30, "location": "Room 4" });
    let (_, proposed) = propose(app, &recruiter, &application, &body).await;
    let interview = proposed["data"]["_id"].as_str().unwrap().to_string();
    assert_eq!(read_feed(app, &url).await.2.matches("BEGIN:VEVENT").count(), 0, "proposed is not booked");
    let book = format!("/api/v1/auth/interviews/{interview}/book");
    assert_eq!(app.put_as(&book, &applicant, &json!({ "slot": 0 })).await.0, 200);
    let (_, _, text) = read_feed(app, &url).await;
    let calendar = text.parse::<Calendar>().expect("the feed parses");
    let events: Vec<_> = calendar.events().collect();
    assert_eq!(events.len(), 1, "{text}");
    assert_eq!(events[0].get_summary(), Some("Interview: Backend Engineer at Acme"));
    assert_eq!(events[0].get_location(), Some("Room 4"));
    assert!(events[0].get_uid().unwrap().starts_with(&format!("interview-{interview}@")), "the invitations' UID");
    let utc = time::macros::format_description!("[year][month][day]T[hour][minute]00Z");
    let starts = instant(&at).to_offset(time::UtcOffset::UTC).format(utc).unwrap();
    assert_eq!(events[0].property_value("DTSTART"), Some(starts.as_str()));

    // A new address ends the one before; a forged or switched-off one is not found.
    let (_, remade) = app.post_as("/api/v1/auth/calendar-feed", &recruiter, &json!({})).await;
    let new_url = remade["url"].as_str().unwrap().to_string();
    assert_ne!(new_url, url);
    let not_found = r#"{"success":false,"message":"Calendar feed not found"}"#;
    assert_eq!((read_feed(app, &url).await.0, read_feed(app, &url).await.2.as_str()), (404, not_found));
    assert_eq!(read_feed(app, &new_url).await.0, 200);
    let forged = format!("{}0/interviews.ics", new_url.trim_end_matches("/interviews.ics"));
    assert_eq!(read_feed(app, &forged).await.0, 404);
    // A cancelled interview leaves the feed.
    let cancel = format!("/api/v1/auth/interviews/{interview}/cancel");
    assert_eq!(app.put_as(&cancel, &recruiter, &json!({})).await.0, 200);
    assert_eq!(read_feed(app, &new_url).await.2.matches("BEGIN:VEVENT").count(), 0);
    assert_eq!(
        app.delete_as("/api/v1/auth/calendar-feed", &recruiter).await,
        (200, json!({ "success": true, "message": "Calendar feed turned off" }))
    );
    assert_eq!(read_feed(app, &new_url).await.0, 404);
    assert_eq!(
        app.delete_as("/api/v1/auth/calendar-feed", &recruiter).await,
        (404, error("Your calendar feed is off already"))
    );
}
