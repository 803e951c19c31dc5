-- The change log also names each change to a company or a category (as `company:{id}` and
-- `category:{id}`, which name no job), so every instance hears of it where it hears of a job's:
-- what it keeps of a page that shows them (a company's page) is redrawn (docs/architecture.md).
CREATE FUNCTION log_page_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO job_changes (job_id, at) VALUES (
        TG_ARGV[0] || CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END,
        (extract(epoch FROM clock_timestamp()) * 1000)::BIGINT);
    PERFORM pg_notify('job_changes', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER companies_logged AFTER UPDATE ON companies
    FOR EACH ROW EXECUTE FUNCTION log_page_change('company:');

CREATE TRIGGER categories_logged AFTER INSERT OR UPDATE OR DELETE ON categories
    FOR EACH ROW EXECUTE FUNCTION log_page_change('category:');
