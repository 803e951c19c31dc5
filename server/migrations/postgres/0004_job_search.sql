-- Full-text search over listed jobs: a generated tsvector (so every insert and edit keeps it in
-- step) under a GIN index. The 'english' configuration matches words case-insensitively by their
-- stem, as the SQLite index's porter tokenizer does. Weights: title A, company B, location C, description D;
-- queries match A-C and rank with all four.
ALTER TABLE jobs ADD COLUMN search tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('english', title), 'A') ||
    setweight(to_tsvector('english', company), 'B') ||
    setweight(to_tsvector('english', location), 'C') ||
    setweight(to_tsvector('english', description), 'D')
) STORED;

CREATE INDEX jobs_search ON jobs USING GIN (search) WHERE deleted_at IS NULL;
