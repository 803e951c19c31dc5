-- API tokens (docs/rules.md#api-tokens): named, scoped secrets a company's owner or recruiter makes
-- for scripts and other software. Only the secret's SHA-256 digest is kept (`token_hash`); the
-- secret itself is shown once, when the token is made. `scopes` is comma-separated; `expires_at` is
-- empty for a token that does not expire; `last_used_at` is written at most once a minute. Revoking
-- a token deletes its row, and so does deleting its account (the cascade).
CREATE TABLE api_tokens (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name         TEXT NOT NULL,
    scopes       TEXT NOT NULL,
    token_hash   TEXT NOT NULL UNIQUE,
    created_at   BIGINT NOT NULL,
    last_used_at BIGINT,
    expires_at   BIGINT,
    UNIQUE (user_id, name)
);
