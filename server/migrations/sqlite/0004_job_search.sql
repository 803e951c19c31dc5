-- Full-text search over listed jobs. The index holds the text of jobs that are not deleted and is
-- kept in step by triggers on every insert, edit and delete. Words match case-insensitively by
-- their stem (porter), as they do in PostgreSQL's 'english' configuration: "engineers" finds
-- "Engineer".
CREATE VIRTUAL TABLE jobs_fts USING fts5(
    title, company, location, description,
    content = 'jobs', content_rowid = 'seq', tokenize = 'porter unicode61'
);

CREATE TRIGGER jobs_fts_insert AFTER INSERT ON jobs WHEN new.deleted_at IS NULL BEGIN
    INSERT INTO jobs_fts (rowid, title, company, location, description)
    VALUES (new.seq, new.title, new.company, new.location, new.description);
END;

CREATE TRIGGER jobs_fts_update AFTER UPDATE OF title, company, location, description, deleted_at ON jobs BEGIN
    INSERT INTO jobs_fts (jobs_fts, rowid, title, company, location, description)
    SELECT 'delete', old.seq, old.title, old.company, old.location, old.description WHERE old.deleted_at IS NULL;
    INSERT INTO jobs_fts (rowid, title, company, location, description)
    SELECT new.seq, new.title, new.company, new.location, new.description WHERE new.deleted_at IS NULL;
END;

CREATE TRIGGER jobs_fts_delete AFTER DELETE ON jobs WHEN old.deleted_at IS NULL BEGIN
    INSERT INTO jobs_fts (jobs_fts, rowid, title, company, location, description)
    VALUES ('delete', old.seq, old.title, old.company, old.location, old.description);
END;

INSERT INTO jobs_fts (rowid, title, company, location, description)
SELECT seq, title, company, location, description FROM jobs WHERE deleted_at IS NULL;
