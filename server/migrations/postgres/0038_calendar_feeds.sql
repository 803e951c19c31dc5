-- A recruiter's private calendar feed (docs/rules.md#calendar-feed): its address is signed with a
-- key of the server's over the person and `version`, so nothing secret is stored; making a new
-- address raises the version, which ends the one before, and turning the feed off deletes the row.
CREATE TABLE calendar_feeds (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    version    BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
