-- Jobs an applicant saved to come back to. A saved job that is deleted leaves the list with it.
CREATE TABLE saved_jobs (
    user_id  TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    job_id   TEXT NOT NULL REFERENCES jobs (id),
    saved_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, job_id)
);
CREATE INDEX saved_jobs_by_user ON saved_jobs (user_id, saved_at DESC);
