-- A recruiter may close a job to applications before its deadline, and reopen it while the deadline
-- is ahead. The update is logged for the search index like any other change of the job
-- (0007_job_changes), which indexes a closed job as taking no applications.
ALTER TABLE jobs ADD COLUMN closed_at BIGINT;
