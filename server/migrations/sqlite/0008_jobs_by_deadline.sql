-- The search index marks open jobs with a term; a sweep finds the jobs whose deadline has just
-- passed (deadline in a short recent window) and re-indexes them as closed.
CREATE INDEX jobs_by_deadline ON jobs (deadline) WHERE deleted_at IS NULL;
