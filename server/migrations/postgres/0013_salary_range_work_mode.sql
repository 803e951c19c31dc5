-- A job may give the top of its salary range (salary is then the bottom), and says where the work
-- is done. Jobs posted before keep no top and are on-site.
ALTER TABLE jobs ADD COLUMN salary_max BIGINT;
ALTER TABLE jobs ADD COLUMN work_mode TEXT NOT NULL DEFAULT 'On-site' CHECK (work_mode IN ('On-site', 'Hybrid', 'Remote'));
