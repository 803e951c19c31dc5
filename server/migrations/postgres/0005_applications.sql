-- One application per applicant per job, held by a unique index; the job's applications_count is
-- raised in the same transaction, under the capacity check.
CREATE TABLE applications (
    id           TEXT PRIMARY KEY,
    job_id       TEXT NOT NULL REFERENCES jobs (id),
    applicant_id TEXT NOT NULL REFERENCES users (id),
    -- the recruiter who owned the job when the application was made
    recruiter_id TEXT NOT NULL REFERENCES users (id),
    status       TEXT NOT NULL CHECK (status IN ('applied', 'shortlisted', 'rejected')),
    sop          TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    decided_at   BIGINT
);
CREATE UNIQUE INDEX applications_one_per_applicant ON applications (job_id, applicant_id);
CREATE INDEX applications_by_applicant ON applications (applicant_id, created_at DESC);
CREATE INDEX applications_by_recruiter ON applications (recruiter_id, created_at DESC);
