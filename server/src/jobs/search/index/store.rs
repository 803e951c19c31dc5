//! The index opened, written and committed: the jobs as it holds them (`JobDoc`).

use std::path::Path;
use std::sync::Mutex;

use tantivy::{Index, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};

use crate::jobs::model::before_deadline;

use super::schema::{Fields, OPEN, SKILLS_WEIGHT, TITLE_WEIGHT, once_each, schema, settings};

/// Bumped whenever the schema or the analysis changes: an index of another version is rebuilt.
pub const SCHEMA_VERSION: u32 = 8;
const VERSION_FILE: &str = "jobportal-index-version";

/// The writer's memory budget; a rebuild of a million jobs fits in a few flushes.
const WRITER_HEAP_BYTES: usize = 64 * 1024 * 1024;

/// A job as the index holds it.
#[derive(Clone, Debug, PartialEq)]
pub struct JobDoc {
    pub seq: u64,
    pub title: String,
    pub company: String,
    pub description: String,
    pub location: String,
    pub skills: Vec<String>,
    pub category_id: String,
    /// The slug of the job's company; empty while it has none.
    pub company_slug: String,
    pub job_type: String,
    pub work_mode: String,
    /// The top of the salary range (the salary, when it is one figure): what `salary_min` is
    /// compared with.
    pub salary: i64,
    pub posted: i64,
    pub deadline: i64,
    /// It takes no applications whatever the time: every place is taken, or the recruiter closed
    /// it (`jobs::model::NOT_FULL` is false, as the jobs repo reads it).
    pub full: bool,
}
pub struct JobIndex {
    pub(super) index: Index,
    pub(super) reader: IndexReader,
    pub(super) writer: Mutex<IndexWriter>,
    pub(super) fields: Fields,
    /// How many commits searches have seen: what is drawn from a search is good while it holds.
    commits: std::sync::atomic::AtomicU64,
}

impl JobIndex {
    /// Opens the index in `dir`, or makes an empty one when it is missing, of another version or
    /// unreadable. The flag says whether it is new (and must be filled from the database).
    pub fn open(dir: &Path) -> tantivy::Result<(Self, bool)> {
        let version = std::fs::read_to_string(dir.join(VERSION_FILE)).ok();
        let current = version.as_deref().map(str::trim) == Some(SCHEMA_VERSION.to_string().as_str());
        // A version file that was not bumped with a schema change must not stop the server.
        let opened = if current {
            Index::open_in_dir(dir).ok().filter(|index| index.schema() == schema() && *index.settings() == settings())
        } else {
            None
        };
        let (index, fresh) = match opened {
            Some(index) => (index, false),
            None => {
                if dir.exists() {
                    std::fs::remove_dir_all(dir)?;
                }
                std::fs::create_dir_all(dir)?;
                let index = Index::builder().schema(schema()).settings(settings()).create_in_dir(dir)?;
                std::fs::write(dir.join(VERSION_FILE), SCHEMA_VERSION.to_string())?;
                (index, true)
            }
        };
        Ok((Self::from_index(index)?, fresh))
    }

    /// An index in memory, for tests.
    pub fn in_memory() -> tantivy::Result<Self> {
        Self::from_index(Index::builder().schema(schema()).settings(settings()).create_in_ram()?)
    }

    fn from_index(index: Index) -> tantivy::Result<Self> {
        let schema = index.schema();
        let field = |name: &str| schema.get_field(name).expect("the schema has every field");
        let fields = Fields {
            seq: field("seq"),
            text: field("text"),
            location: field("location"),
            words: field("words"),
            category: field("category"),
            company: field("company"),
            job_type: field("job_type"),
            work_mode: field("work_mode"),
            salary: field("salary"),
            posted: field("posted"),
            open_until: field("open_until"),
            open: field("open"),
        };
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let writer = index.writer_with_num_threads(1, WRITER_HEAP_BYTES)?;
        Ok(Self { index, reader, writer: Mutex::new(writer), fields, commits: std::sync::atomic::AtomicU64::new(0) })
    }

    fn writer(&self) -> std::sync::MutexGuard<'_, IndexWriter> {
        self.writer.lock().expect("the index writer lock is never poisoned")
    }

    /// Replaces the document of `doc.seq` (or adds it).
    pub fn upsert(&self, doc: &JobDoc, now: i64) -> tantivy::Result<()> {
        let writer = self.writer();
        writer.delete_term(Term::from_field_u64(self.fields.seq, doc.seq));
        writer.add_document(self.document(doc, now))?;
        Ok(())
    }

    /// Adds documents known not to be in the index (a rebuild after `clear`).
    pub fn add(&self, docs: &[JobDoc], now: i64) -> tantivy::Result<()> {
        let writer = self.writer();
        for doc in docs {
            writer.add_document(self.document(doc, now))?;
        }
        Ok(())
    }

    /// A job's document as of `now` (Unix milliseconds). Its open mark and `open_until` say what
    /// `jobs::model::open_at` says, the one definition of an open job: not `full` (the rule's
    /// time-free part, `NOT_FULL`, as the database read it) and the deadline ahead.
    fn document(&self, doc: &JobDoc, now: i64) -> TantivyDocument {
        let f = self.fields;
        let mut document = TantivyDocument::default();
        document.add_u64(f.seq, doc.seq);
        let skills = doc.skills.join(" \n ");
        // Each word counts once in each part, however often the part repeats it: a rank cannot be
        // bought by writing "rust, rust, rust".
        let mut analyzer = self.index.tokenizer_for_field(f.text).ok();
        let mut once_each = |text: &str| match analyzer.as_mut() {
            Some(analyzer) => once_each(analyzer, text),
            None => text.to_string(),
        };
        let title = once_each(&doc.title);
        for _ in 0..TITLE_WEIGHT {
            document.add_text(f.text, &title);
        }
        let once = once_each(&skills);
        for _ in 0..SKILLS_WEIGHT {
            document.add_text(f.text, &once);
        }
        for text in [&doc.company, &doc.location, &doc.description] {
            document.add_text(f.text, once_each(text));
        }
        document.add_text(f.location, &doc.location);
        for text in [&doc.title, &skills, &doc.company, &doc.location] {
            document.add_text(f.words, text);
        }
        document.add_text(f.category, &doc.category_id);
        if !doc.company_slug.is_empty() {
            document.add_text(f.company, &doc.company_slug);
        }
        document.add_text(f.job_type, &doc.job_type);
        document.add_text(f.work_mode, &doc.work_mode);
        document.add_i64(f.salary, doc.salary);
        document.add_i64(f.posted, doc.posted);
        document.add_i64(f.open_until, if doc.full { i64::MIN } else { doc.deadline });
        if !doc.full && before_deadline(doc.deadline, now) {
            document.add_text(f.open, OPEN);
        }
        document
    }

    /// Removes the document of a job (deleted, or hidden).
    pub fn remove(&self, seq: u64) {
        self.writer().delete_term(Term::from_field_u64(self.fields.seq, seq));
    }

    /// Removes every document (before a rebuild into the same folder).
    pub fn clear(&self) -> tantivy::Result<()> {
        self.writer().delete_all_documents()?;
        Ok(())
    }

    /// Makes the changes so far durable and visible to searches.
    pub fn commit(&self) -> tantivy::Result<()> {
        self.writer().commit()?;
        self.reader.reload()?;
        self.commits.fetch_add(1, std::sync::atomic::Ordering::AcqRel);
        Ok(())
    }

    /// How many commits searches have seen so far: read before a search, it tells whether
    /// anything drawn from that search may have changed since (when it is no longer the same).
    pub fn commits(&self) -> u64 {
        self.commits.load(std::sync::atomic::Ordering::Acquire)
    }

    /// Documents in the index, as searches see it.
    pub fn len(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
