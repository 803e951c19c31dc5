-- A company's team (docs/rules.md#teams): invitations by e-mail, and each job's hiring team.
CREATE TABLE company_invitations (
    id          TEXT PRIMARY KEY,
    company_id  TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    -- the address invited, as login reads addresses (trimmed, lower-cased)
    email       TEXT NOT NULL,
    role        TEXT NOT NULL CHECK (role IN ('owner', 'recruiter', 'hiring_manager')),
    -- the digest of the link's secret; the secret itself is only in the e-mail
    token_hash  TEXT NOT NULL UNIQUE,
    invited_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at  BIGINT NOT NULL,
    expires_at  BIGINT NOT NULL,
    -- set once: taken up by the invited person, or revoked (or replaced by a new invitation)
    accepted_at BIGINT,
    revoked_at  BIGINT
);
CREATE INDEX company_invitations_by_company ON company_invitations (company_id, created_at);
CREATE INDEX company_invitations_by_email ON company_invitations (email);

-- The members who work a job's pipeline beside its recruiter in charge (jobs.user_id): a hiring
-- manager sees only the jobs they are on.
CREATE TABLE job_team (
    job_id   TEXT NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    added_at BIGINT NOT NULL,
    PRIMARY KEY (job_id, user_id)
);
CREATE INDEX job_team_by_user ON job_team (user_id);
