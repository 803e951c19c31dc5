-- The job cache (issue 29): an application changes only a job's applications count, which the
-- change log leaves out (the search index does not hold it). Every instance that keeps jobs in
-- memory hears the job's id on this channel as the change commits, and forgets it.
CREATE FUNCTION announce_job_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('job_counts', NEW.id);
    RETURN NULL;
END
$$;

CREATE TRIGGER jobs_count_announced AFTER UPDATE OF applications_count ON jobs
    FOR EACH ROW
    WHEN (NEW.applications_count <> OLD.applications_count)
    EXECUTE FUNCTION announce_job_count();
