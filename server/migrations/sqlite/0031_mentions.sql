-- A teammate named in a note is told (docs/rules.md#teams): notifications gain the kind `mention`.
-- SQLite cannot change a CHECK in place, so the table is rebuilt, rows and indexes with it.
CREATE TABLE notifications_next (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id),
    kind       TEXT NOT NULL
        CHECK (kind IN ('new_application', 'stage_change', 'interview', 'message', 'job_closing', 'mention')),
    text       TEXT NOT NULL,
    link       TEXT NOT NULL,
    ref_id     TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    read_at    BIGINT
);
INSERT INTO notifications_next (id, user_id, kind, text, link, ref_id, created_at, read_at)
    SELECT id, user_id, kind, text, link, ref_id, created_at, read_at FROM notifications;
DROP TABLE notifications;
ALTER TABLE notifications_next RENAME TO notifications;
CREATE INDEX notifications_by_user ON notifications (user_id, id);
CREATE UNIQUE INDEX notifications_job_closing_once ON notifications (user_id, kind, ref_id) WHERE kind = 'job_closing';
CREATE INDEX notifications_by_age ON notifications (created_at);
