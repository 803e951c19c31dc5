-- The hiring pipeline (issue 27). An application moves through stages: applied, screening,
-- interview, offer, then hired; or it is rejected (with a reason private to the recruiter) or
-- withdrawn. `status` keeps its four values for clients that know only those (screening to hired
-- read as shortlisted), written beside `stage` by every move.
ALTER TABLE applications ADD COLUMN stage TEXT NOT NULL DEFAULT 'applied'
    CHECK (stage IN ('applied', 'screening', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'));
UPDATE applications SET stage = CASE status WHEN 'shortlisted' THEN 'screening' ELSE status END;
-- The recruiter's 1 to 5 rating, and why they rejected it (never shown to the applicant).
ALTER TABLE applications ADD COLUMN rating BIGINT CHECK (rating BETWEEN 1 AND 5);
ALTER TABLE applications ADD COLUMN rejection_reason TEXT;
-- Hires held against max_positions: raised under the condition, like applications_count, so two
-- hires racing for the last position leave one. Filling the positions closes the job.
ALTER TABLE jobs ADD COLUMN hired_count BIGINT NOT NULL DEFAULT 0;

-- Every move after the application itself (which is its created_at), with who made it.
CREATE TABLE application_moves (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications (id),
    stage          TEXT NOT NULL,
    actor_id       TEXT NOT NULL REFERENCES users (id),
    reason         TEXT,
    at             BIGINT NOT NULL
);
CREATE INDEX application_moves_by_application ON application_moves (application_id, at);
INSERT INTO application_moves (id, application_id, stage, actor_id, at)
    SELECT id || '-decided', id, stage, CASE stage WHEN 'withdrawn' THEN applicant_id ELSE recruiter_id END, decided_at
    FROM applications WHERE decided_at IS NOT NULL AND stage <> 'applied';

-- The recruiter's private notes on an application.
CREATE TABLE application_notes (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications (id),
    author_id      TEXT NOT NULL REFERENCES users (id),
    body           TEXT NOT NULL,
    created_at     BIGINT NOT NULL
);
CREATE INDEX application_notes_by_application ON application_notes (application_id, created_at);
