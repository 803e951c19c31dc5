-- Interviews (issue 27): the recruiter proposes one to three times, the applicant books one, and
-- both receive an iCalendar invitation; a reschedule or a cancellation sends an update with the
-- same UID and a higher SEQUENCE. One interview at a time is planned per application.
CREATE TABLE interviews (
    id               TEXT PRIMARY KEY,
    application_id   TEXT NOT NULL REFERENCES applications (id),
    status           TEXT NOT NULL CHECK (status IN ('proposed', 'booked', 'cancelled')),
    -- the proposed start times, a JSON array of Unix milliseconds
    slots            TEXT NOT NULL,
    starts_at        BIGINT,
    duration_minutes BIGINT NOT NULL,
    location         TEXT NOT NULL,
    sequence         BIGINT NOT NULL DEFAULT 0,
    created_at       BIGINT NOT NULL,
    updated_at       BIGINT NOT NULL,
    -- when the reminder a day before went out (cleared by a reschedule)
    reminded_at      BIGINT
);
CREATE INDEX interviews_by_application ON interviews (application_id, id);
CREATE UNIQUE INDEX interviews_one_planned ON interviews (application_id) WHERE status IN ('proposed', 'booked');
CREATE INDEX interviews_due_reminder ON interviews (starts_at) WHERE status = 'booked' AND reminded_at IS NULL;

-- An e-mail may carry a calendar file (text/calendar), kept with it until it is delivered.
ALTER TABLE outbox ADD COLUMN calendar TEXT;
