-- The search index's change log (issue 11): which job changed, written by triggers in the same
-- transaction as the change, so the index can never miss one. A row says only which job; the
-- indexer re-reads the job. An application that leaves the job's fullness as it was is not logged.
CREATE TABLE job_changes (
    seq    BIGSERIAL PRIMARY KEY,
    job_id TEXT NOT NULL,
    at     BIGINT NOT NULL
);
CREATE INDEX job_changes_at ON job_changes (at);

CREATE FUNCTION log_job_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES (NEW.id, (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT);
    PERFORM pg_notify('job_changes', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_logged_on_insert AFTER INSERT ON jobs
    FOR EACH ROW EXECUTE FUNCTION log_job_change();

CREATE TRIGGER jobs_logged_on_update AFTER UPDATE ON jobs
    FOR EACH ROW
    WHEN (NEW.applications_count = OLD.applications_count
       OR (NEW.applications_count >= NEW.max_applicants) <> (OLD.applications_count >= OLD.max_applicants))
    EXECUTE FUNCTION log_job_change();
