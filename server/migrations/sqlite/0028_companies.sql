-- Companies (docs/rules.md#companies): jobs belong to a company, and people are its members. Every
-- recruiter owns a company; one who signed up before companies existed is given a one-person
-- company when the server starts (`companies::repo::adopt_recruiters`), since a slug is made from
-- the name by code, not SQL.
CREATE TABLE companies (
    id            TEXT PRIMARY KEY,
    -- the address of its public page, /company/{slug}; never changes
    slug          TEXT NOT NULL UNIQUE,
    name          TEXT NOT NULL,
    website       TEXT NOT NULL DEFAULT '',
    about         TEXT NOT NULL DEFAULT '',
    -- one of the bands in companies::model::SizeBand, or NULL when not said
    size_band     TEXT,
    headquarters  TEXT NOT NULL DEFAULT '',
    -- JSON array of place names
    locations     TEXT NOT NULL DEFAULT '[]',
    -- the object-store key of the resized logo, and the id in its address (a new one per upload)
    logo_key      TEXT,
    logo_id       TEXT UNIQUE,
    -- set by an admin: a badge on its pages
    verified_at   BIGINT,
    -- set by an admin: its jobs leave search and the public pages, its members cannot post
    suspended_at  BIGINT,
    -- its last owner deleted it: its page answers 410 and its slug is never given again
    removed_at    BIGINT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE company_members (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    company_id TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    role       TEXT NOT NULL CHECK (role IN ('owner', 'recruiter', 'hiring_manager')),
    joined_at  BIGINT NOT NULL
);
CREATE INDEX company_members_by_company ON company_members (company_id, joined_at);

ALTER TABLE jobs ADD COLUMN company_id TEXT REFERENCES companies (id);
CREATE INDEX jobs_by_company ON jobs (company_id, seq DESC) WHERE deleted_at IS NULL;
