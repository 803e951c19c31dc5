-- The name of the file the applicant uploaded (display only: the stored object's key is generated),
-- so the apply screen can say which resume will be sent.
ALTER TABLE applicant_profiles ADD COLUMN resume_name TEXT;
