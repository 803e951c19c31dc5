-- The abuse limits shared by every instance on a PostgreSQL database (see its migration). SQLite
-- serves one instance, which keeps its limits in its own memory: the table stays empty here, and
-- exists so that both engines hold the same tables.
CREATE TABLE limit_hits (
    key        TEXT PRIMARY KEY,
    hits       TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX limit_hits_by_expiry ON limit_hits (expires_at);
