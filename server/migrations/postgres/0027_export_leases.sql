-- One download of an account's data at a time, whichever instance serves it: an export takes its
-- account's row until a lease runs out, and gives it back when its last byte is sent
-- (docs/rules.md#your-data).
CREATE TABLE export_leases (
    user_id TEXT PRIMARY KEY,
    until   BIGINT NOT NULL
);
