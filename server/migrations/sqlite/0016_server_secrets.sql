-- Secrets every instance of the server must share, kept in the database they share: the key that
-- signs sessions (and, derived from it, resume and unsubscribe links) when JWT_SECRET is not set.
-- The first instance to start stores one; `INSERT ... ON CONFLICT DO NOTHING` makes two instances
-- starting at the same instant agree on whichever was stored first.
CREATE TABLE server_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
