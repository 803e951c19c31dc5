-- Timestamps are Unix milliseconds (BIGINT) on both engines, so comparisons and ordering are
-- the same everywhere. Ids are opaque text (UUID v7). The two engines' files differ only in the
-- jobs table's `seq` column.

CREATE TABLE categories (
    id          TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX categories_name_unique ON categories (lower(name));

CREATE TABLE users (
    id            TEXT PRIMARY KEY,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    email         TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    account_type  TEXT NOT NULL CHECK (account_type IN ('Applicant', 'Recruiter', 'Admin')),
    created_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX users_email_unique ON users (lower(email));

CREATE TABLE jobs (
    -- insertion order: a stable rowid for the full-text index, and "newest first"
    seq                INTEGER PRIMARY KEY,
    id                 TEXT NOT NULL UNIQUE,
    user_id            TEXT NOT NULL REFERENCES users (id),
    category_id        TEXT NOT NULL REFERENCES categories (id),
    title              TEXT NOT NULL,
    company            TEXT NOT NULL,
    description        TEXT NOT NULL,
    location           TEXT NOT NULL,
    salary             BIGINT NOT NULL CHECK (salary >= 0),
    date_of_posting    BIGINT NOT NULL,
    deadline           BIGINT NOT NULL,
    max_applicants     BIGINT NOT NULL CHECK (max_applicants >= 1),
    max_positions      BIGINT NOT NULL CHECK (max_positions >= 1),
    -- a JSON array of strings
    skillsets          TEXT NOT NULL,
    job_type           TEXT NOT NULL CHECK (job_type IN ('Full-time', 'Part-time', 'Internship')),
    applications_count BIGINT NOT NULL DEFAULT 0,
    created_at         BIGINT NOT NULL,
    -- a deleted job leaves every listing but stays for the applications made to it
    deleted_at         BIGINT
);
CREATE INDEX jobs_newest ON jobs (seq DESC) WHERE deleted_at IS NULL;
CREATE INDEX jobs_by_category ON jobs (category_id, seq DESC) WHERE deleted_at IS NULL;
CREATE INDEX jobs_by_recruiter ON jobs (user_id, seq DESC) WHERE deleted_at IS NULL;
