-- The admin console (issue 15). An admin hides a job (with a reason, mailed to its recruiter) or
-- a category, and suspends an account: a suspended account cannot log in and its jobs are hidden
-- with it (`jobs.suspended_at`, set and cleared in the suspension's transaction, so a listing
-- needs no join to know). A listed job is one whose deleted_at, hidden_at and suspended_at are all
-- NULL. Every admin action is recorded in admin_actions in the same transaction as the action.
ALTER TABLE jobs ADD COLUMN hidden_at BIGINT;
ALTER TABLE jobs ADD COLUMN hidden_reason TEXT;
ALTER TABLE jobs ADD COLUMN suspended_at BIGINT;
ALTER TABLE categories ADD COLUMN hidden_at BIGINT;
ALTER TABLE users ADD COLUMN suspended_at BIGINT;
ALTER TABLE users ADD COLUMN suspension_reason TEXT;

CREATE TABLE admin_actions (
    id           TEXT PRIMARY KEY,
    admin_id     TEXT NOT NULL REFERENCES users (id),
    action       TEXT NOT NULL,
    target_type  TEXT NOT NULL CHECK (target_type IN ('category', 'job', 'account')),
    target_id    TEXT NOT NULL,
    -- the category's name, the job's title or the account's e-mail when the action was taken
    target_label TEXT NOT NULL,
    reason       TEXT,
    at           BIGINT NOT NULL
);
CREATE INDEX admin_actions_newest ON admin_actions (at DESC, id DESC);

-- SQLite's text index holds listed jobs only, as it held undeleted ones (0004_job_search), so a
-- text-only count stays exact.
DROP TRIGGER jobs_fts_update;
CREATE TRIGGER jobs_fts_update
AFTER UPDATE OF title, company, location, description, deleted_at, hidden_at, suspended_at ON jobs BEGIN
    INSERT INTO jobs_fts (jobs_fts, rowid, title, company, location, description)
    SELECT 'delete', old.seq, old.title, old.company, old.location, old.description
    WHERE old.deleted_at IS NULL AND old.hidden_at IS NULL AND old.suspended_at IS NULL;
    INSERT INTO jobs_fts (rowid, title, company, location, description)
    SELECT new.seq, new.title, new.company, new.location, new.description
    WHERE new.deleted_at IS NULL AND new.hidden_at IS NULL AND new.suspended_at IS NULL;
END;

DROP TRIGGER jobs_fts_delete;
CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs
WHEN old.deleted_at IS NULL AND old.hidden_at IS NULL AND old.suspended_at IS NULL BEGIN
    INSERT INTO jobs_fts (jobs_fts, rowid, title, company, location, description)
    VALUES ('delete', old.seq, old.title, old.company, old.location, old.description);
END;
