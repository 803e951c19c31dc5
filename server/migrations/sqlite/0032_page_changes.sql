-- The change log also names each change to a company or a category (as `company:{id}` and
-- `category:{id}`, which name no job), so every instance hears of it where it hears of a job's:
-- what it keeps of a page that shows them (a company's page) is redrawn (docs/architecture.md).
CREATE TRIGGER companies_logged_on_update AFTER UPDATE ON companies
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('company:' || new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER categories_logged_on_insert AFTER INSERT ON categories
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('category:' || new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER categories_logged_on_update AFTER UPDATE ON categories
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('category:' || new.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;

CREATE TRIGGER categories_logged_on_delete AFTER DELETE ON categories
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES ('category:' || old.id, CAST(unixepoch('subsec') * 1000 AS INTEGER));
END;
