-- An applicant may withdraw an application that is still 'applied'. decided_at is when it left
-- 'applied' (shortlisted, rejected or withdrawn), so created_at and decided_at are its history.
ALTER TABLE applications DROP CONSTRAINT applications_status_check;
ALTER TABLE applications ADD CONSTRAINT applications_status_check
    CHECK (status IN ('applied', 'shortlisted', 'rejected', 'withdrawn'));
