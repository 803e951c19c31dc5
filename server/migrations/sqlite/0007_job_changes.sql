-- The search index's change log (issue 11): which job changed, written by triggers in the same
-- transaction as the change, so the index can never miss one. A row says only which job; the
-- indexer re-reads the job. An application that leaves the job's fullness as it was is not logged.
CREATE TABLE job_changes (
    seq    INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT NOT NULL,
    at     BIGINT NOT NULL
);
CREATE INDEX job_changes_at ON job_changes (at);

CREATE TRIGGER jobs_logged_on_insert AFTER INSERT ON jobs
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES (new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER jobs_logged_on_update AFTER UPDATE ON jobs
WHEN new.applications_count = old.applications_count
  OR (new.applications_count >= new.max_applicants) <> (old.applications_count >= old.max_applicants)
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES (new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
