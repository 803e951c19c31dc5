-- The abuse limits (failed logins, signup codes and reset e-mails per client) shared by every
-- instance on this database: a row per limited key with the times of its hits in the window,
-- changed by one statement per attempt (the row lock orders attempts at the same instant).
-- `expires_at` is when the newest hit leaves the window; rows past it are swept.
CREATE TABLE limit_hits (
    key        TEXT PRIMARY KEY,
    hits       BIGINT[] NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX limit_hits_by_expiry ON limit_hits (expires_at);
