-- A teammate named in a note is told (docs/rules.md#teams): notifications gain the kind `mention`.
ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check;
ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
    CHECK (kind IN ('new_application', 'stage_change', 'interview', 'message', 'job_closing', 'mention'));
