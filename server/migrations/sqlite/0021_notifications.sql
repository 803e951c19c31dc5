-- Notifications (issue 27): what the bell in the header lists, each written in the transaction of
-- the event it reports. ref_id names what it is about (a job, an application), so the sweep that
-- tells a recruiter a job closes soon does so once per job.
CREATE TABLE notifications (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    kind       TEXT NOT NULL
        CHECK (kind IN ('new_application', 'stage_change', 'interview', 'message', 'job_closing')),
    text       TEXT NOT NULL,
    link       TEXT NOT NULL,
    ref_id     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at    BIGINT
);
CREATE INDEX notifications_by_user ON notifications (user_id, id);
CREATE UNIQUE INDEX notifications_job_closing_once ON notifications (user_id, kind, ref_id) WHERE kind = 'job_closing';

-- The kinds of notification a person switched off for e-mail (the bell still shows them).
CREATE TABLE notification_email_off (
    user_id TEXT NOT NULL REFERENCES users (id),
    kind    TEXT NOT NULL,
    PRIMARY KEY (user_id, kind)
);
