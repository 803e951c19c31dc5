-- Screening questions (docs/rules.md#screening): a job's questions as a JSON list, and each
-- application's answers with the questions as they were asked, and how many of the job's
-- requirements it meets, for the lists to filter on.
ALTER TABLE jobs ADD COLUMN questions TEXT NOT NULL DEFAULT '[]';
ALTER TABLE applications ADD COLUMN answers TEXT NOT NULL DEFAULT '[]';
ALTER TABLE applications ADD COLUMN requirements BIGINT NOT NULL DEFAULT 0;
ALTER TABLE applications ADD COLUMN requirements_met BIGINT NOT NULL DEFAULT 0;
