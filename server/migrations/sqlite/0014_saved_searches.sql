-- Searches an applicant saved, with a daily e-mail of the new jobs that match. seen_seq is the
-- last job (by seq) an alert has considered; paused_at is set while alerts are off.
CREATE TABLE saved_searches (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       TEXT NOT NULL,
    query      TEXT NOT NULL,
    paused_at  BIGINT,
    seen_seq   BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX saved_searches_by_user ON saved_searches (user_id, created_at);

-- When each person was last sent an alert: at most one e-mail a day.
CREATE TABLE alert_mail (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    last_sent_at BIGINT NOT NULL
);
