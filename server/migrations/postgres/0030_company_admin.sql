-- The admin console acts on companies too (docs/rules.md#admin): the audit log names them.
ALTER TABLE admin_actions DROP CONSTRAINT admin_actions_target_type_check;
ALTER TABLE admin_actions ADD CONSTRAINT admin_actions_target_type_check
    CHECK (target_type IN ('category', 'job', 'account', 'company'));
