-- The resume's words (docs/rules.md#resume-text): the text read from the applicant's PDF, off the
-- request's path, and the skills found in it. `resume_text_state` is NULL without a resume, then
-- `pending` until read, and `found`, `none` (no text in it: a scanned page) or `unreadable`.
-- `resume_text_claimed_at` and `resume_text_attempts` let one instance at a time read a resume,
-- and another take it over when that one stopped half-way.
ALTER TABLE applicant_profiles ADD COLUMN resume_text TEXT NOT NULL DEFAULT '';
ALTER TABLE applicant_profiles ADD COLUMN resume_skills TEXT NOT NULL DEFAULT '[]';
ALTER TABLE applicant_profiles ADD COLUMN resume_text_state TEXT;
ALTER TABLE applicant_profiles ADD COLUMN resume_text_claimed_at BIGINT;
ALTER TABLE applicant_profiles ADD COLUMN resume_text_attempts INTEGER NOT NULL DEFAULT 0;
CREATE INDEX applicant_profiles_resume_pending ON applicant_profiles (resume_text_claimed_at)
    WHERE resume_text_state = 'pending';
-- Resumes uploaded before their words were read are read now.
UPDATE applicant_profiles SET resume_text_state = 'pending' WHERE resume_key IS NOT NULL;

-- The change log also names each change to an application, as `application:{id}`, so each
-- instance's applicant index follows it as the job index follows the jobs: the application, its
-- applicant's profile (skills, resume words) and their name.
CREATE TRIGGER applications_logged_on_insert AFTER INSERT ON applications
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('application:' || new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER applications_logged_on_update AFTER UPDATE ON applications
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('application:' || new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER applications_logged_on_delete AFTER DELETE ON applications
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('application:' || old.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER applicant_profiles_logged AFTER UPDATE OF skills, resume_text ON applicant_profiles
WHEN old.skills IS NOT new.skills OR old.resume_text IS NOT new.resume_text
BEGIN
    INSERT INTO job_changes (job_id, at)
        SELECT 'application:' || a.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)
        FROM applications a WHERE a.applicant_id = new.user_id;
END;

CREATE TRIGGER applicant_names_logged AFTER UPDATE OF first_name, last_name ON users
WHEN old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name
BEGIN
    INSERT INTO job_changes (job_id, at)
        SELECT 'application:' || a.id, CAST(unixepoch('subsec') * 1000 AS INTEGER)
        FROM applications a WHERE a.applicant_id = new.id;
END;
