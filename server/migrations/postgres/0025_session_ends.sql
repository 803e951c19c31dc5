-- A session's end (logout, a password change or reset, a suspension, a deletion) is heard by every
-- instance on the notifications channel, so a notification stream of that session open on any of
-- them looks again and ends (docs/rules.md#notifications).
CREATE FUNCTION announce_session_end() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('notifications', OLD.user_id);
    RETURN NULL;
END
$$;

CREATE TRIGGER sessions_end_announced AFTER DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION announce_session_end();
