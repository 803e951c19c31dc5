-- The resume's words (docs/rules.md#resume-text): the text read from the applicant's PDF, off the
-- request's path, and the skills found in it. `resume_text_state` is NULL without a resume, then
-- `pending` until read, and `found`, `none` (no text in it: a scanned page) or `unreadable`.
-- `resume_text_claimed_at` and `resume_text_attempts` let one instance at a time read a resume,
-- and another take it over when that one stopped half-way.
ALTER TABLE applicant_profiles ADD COLUMN resume_text TEXT NOT NULL DEFAULT '';
ALTER TABLE applicant_profiles ADD COLUMN resume_skills TEXT NOT NULL DEFAULT '[]';
ALTER TABLE applicant_profiles ADD COLUMN resume_text_state TEXT;
ALTER TABLE applicant_profiles ADD COLUMN resume_text_claimed_at BIGINT;
ALTER TABLE applicant_profiles ADD COLUMN resume_text_attempts BIGINT NOT NULL DEFAULT 0;
CREATE INDEX applicant_profiles_resume_pending ON applicant_profiles (resume_text_claimed_at)
    WHERE resume_text_state = 'pending';
-- Resumes uploaded before their words were read are read now.
UPDATE applicant_profiles SET resume_text_state = 'pending' WHERE resume_key IS NOT NULL;

-- The change log also names each change to an application, as `application:{id}`, so each
-- instance's applicant index follows it as the job index follows the jobs: the application, its
-- applicant's profile (skills, resume words) and their name.
CREATE FUNCTION log_application_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES (
        'application:' || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
        (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT);
    PERFORM pg_notify('job_changes', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER applications_logged AFTER INSERT OR UPDATE OR DELETE ON applications
    FOR EACH ROW EXECUTE FUNCTION log_application_change();

CREATE FUNCTION log_applicant_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO job_changes (job_id, at)
        SELECT 'application:' || a.id, (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT
        FROM applications a WHERE a.applicant_id = NEW.user_id;
    PERFORM pg_notify('job_changes', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER applicant_profiles_logged AFTER UPDATE OF skills, resume_text ON applicant_profiles
    FOR EACH ROW WHEN (OLD.skills IS DISTINCT FROM NEW.skills OR OLD.resume_text IS DISTINCT FROM NEW.resume_text)
    EXECUTE FUNCTION log_applicant_profile_change();

CREATE FUNCTION log_applicant_name_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO job_changes (job_id, at)
        SELECT 'application:' || a.id, (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT
        FROM applications a WHERE a.applicant_id = NEW.id;
    PERFORM pg_notify('job_changes', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER applicant_names_logged AFTER UPDATE OF first_name, last_name ON users
    FOR EACH ROW WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name)
    EXECUTE FUNCTION log_applicant_name_change();
