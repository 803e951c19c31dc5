-- A deleted applicant's applications stay on the hiring side's record under a stand-in account of
-- their own, "Deleted candidate", that names nobody and cannot sign in (docs/rules.md#your-data).
-- It is marked here so that the admin console's lists and counts leave it out.
ALTER TABLE users ADD COLUMN erased_at BIGINT;
