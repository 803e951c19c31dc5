-- Sessions: a JWT is honoured only while its jti has a row here, so logout, a password reset and a
-- password change can end sessions exactly.
CREATE TABLE sessions (
    jti        TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- One pending signup code per address (lower-cased); a new request replaces it. The window columns
-- count the codes sent to the address in the current hour.
CREATE TABLE signup_codes (
    email             TEXT PRIMARY KEY,
    code_hash         TEXT NOT NULL,
    expires_at        BIGINT NOT NULL,
    wrong_attempts    BIGINT NOT NULL DEFAULT 0,
    window_started_at BIGINT NOT NULL,
    sent_in_window    BIGINT NOT NULL
);

CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX password_resets_by_user ON password_resets (user_id);

-- Every e-mail is written here first (in the transaction of the change it reports, where there is
-- one) and sent by the background worker, which retries with backoff until it is delivered.
CREATE TABLE outbox (
    id              TEXT PRIMARY KEY,
    to_address      TEXT NOT NULL,
    subject         TEXT NOT NULL,
    text_body       TEXT NOT NULL,
    html_body       TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    sent_at         BIGINT,
    last_error      TEXT
);
CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE sent_at IS NULL;
