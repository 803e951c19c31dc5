-- The admin console acts on companies too (docs/rules.md#admin): the audit log names them.
-- SQLite cannot change a CHECK in place, so the table is rebuilt, rows and indexes with it.
CREATE TABLE admin_actions_next (
    id           TEXT PRIMARY KEY,
    -- NULL once the admin who acted has deleted their account
    admin_id     TEXT REFERENCES users (id),
    action       TEXT NOT NULL,
    target_type  TEXT NOT NULL CHECK (target_type IN ('category', 'job', 'account', 'company')),
    target_id    TEXT NOT NULL,
    target_label TEXT NOT NULL,
    reason       TEXT,
    at           BIGINT NOT NULL
);
INSERT INTO admin_actions_next (id, admin_id, action, target_type, target_id, target_label, reason, at)
    SELECT id, admin_id, action, target_type, target_id, target_label, reason, at FROM admin_actions;
DROP TABLE admin_actions;
ALTER TABLE admin_actions_next RENAME TO admin_actions;
CREATE INDEX admin_actions_newest ON admin_actions (at DESC, id DESC);
CREATE INDEX admin_actions_by_admin ON admin_actions (admin_id);
