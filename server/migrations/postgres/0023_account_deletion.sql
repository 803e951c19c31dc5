-- Accounts people delete themselves (issue 28). The audit log keeps an action after its admin's
-- account is gone, naming nobody: admin_id becomes NULL.
ALTER TABLE admin_actions ALTER COLUMN admin_id DROP NOT NULL;
CREATE INDEX admin_actions_by_admin ON admin_actions (admin_id);

-- A job deleted outright (with its recruiter's account) can no longer be read by its id, so the
-- change that removes it from the search index carries the job's seq, the index's key.
ALTER TABLE job_changes ADD COLUMN job_seq BIGINT;
CREATE INDEX job_changes_of_deleted_jobs ON job_changes (job_id) WHERE job_seq IS NOT NULL;

-- What an account's deletion looks up by person.
CREATE INDEX application_moves_by_actor ON application_moves (actor_id);
CREATE INDEX application_notes_by_author ON application_notes (author_id);
CREATE INDEX application_messages_by_sender ON application_messages (sender_id);
CREATE INDEX saved_jobs_by_job ON saved_jobs (job_id);
CREATE INDEX outbox_by_address ON outbox (to_address);
-- What the retention sweep looks up by time.
CREATE INDEX outbox_sent ON outbox (sent_at) WHERE sent_at IS NOT NULL;
CREATE INDEX signup_codes_by_expiry ON signup_codes (expires_at);
CREATE INDEX password_resets_by_expiry ON password_resets (expires_at);
CREATE INDEX notifications_by_age ON notifications (created_at);

-- Retention (issue 28). A mail carrying a credential (a signup code, a reset link) is deleted when
-- the credential stops working, sent or not.
ALTER TABLE outbox ADD COLUMN expires_at BIGINT;
CREATE INDEX outbox_by_expiry ON outbox (expires_at) WHERE expires_at IS NOT NULL;
CREATE INDEX outbox_by_age ON outbox (created_at);
CREATE INDEX conversation_mail_by_age ON conversation_mail (emailed_at);
CREATE INDEX reset_requests_by_window ON reset_requests (window_started_at);
CREATE INDEX signup_codes_by_window ON signup_codes (window_started_at);

-- Background sweeps that one instance at a time runs when several share the database: each is
-- claimed by moving its due_at forward. pruned_through is the last change-log seq the retention
-- sweep deleted: an index whose cursor is behind it missed changes and is rebuilt.
CREATE TABLE sweeps (
    name           TEXT PRIMARY KEY,
    due_at         BIGINT NOT NULL,
    pruned_through BIGINT NOT NULL DEFAULT 0
);
INSERT INTO sweeps (name, due_at) VALUES ('retention', 0);
