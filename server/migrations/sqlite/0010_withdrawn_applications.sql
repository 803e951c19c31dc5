-- An applicant may withdraw an application that is still 'applied'. decided_at is when it left
-- 'applied' (shortlisted, rejected or withdrawn), so created_at and decided_at are its history.
-- SQLite cannot change a CHECK in place: the table is rebuilt, rows, indexes and all.
CREATE TABLE applications_next (
    id           TEXT PRIMARY KEY,
    job_id       TEXT NOT NULL REFERENCES jobs (id),
    applicant_id TEXT NOT NULL REFERENCES users (id),
    -- the recruiter who owned the job when the application was made
    recruiter_id TEXT NOT NULL REFERENCES users (id),
    status       TEXT NOT NULL CHECK (status IN ('applied', 'shortlisted', 'rejected', 'withdrawn')),
    sop          TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    decided_at   BIGINT
);
INSERT INTO applications_next (id, job_id, applicant_id, recruiter_id, status, sop, created_at, decided_at)
    SELECT id, job_id, applicant_id, recruiter_id, status, sop, created_at, decided_at FROM applications;
DROP TABLE applications;
ALTER TABLE applications_next RENAME TO applications;
CREATE UNIQUE INDEX applications_one_per_applicant ON applications (job_id, applicant_id);
CREATE INDEX applications_by_applicant ON applications (applicant_id, created_at DESC);
CREATE INDEX applications_by_recruiter ON applications (recruiter_id, created_at DESC);
