//! The search index of listed jobs (docs/rules.md#search): an embedded Tantivy index derived from the
//! database, which stays the source of truth. Words are matched with BM25 over title, skills,
//! company, location and description (English stemming, every word required, the last word also
//! as a prefix, one typo tolerated when the exact words find nothing); filters are indexed and
//! FAST fields; the index answers job `seq`s in order and the page's rows come from the database.

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;
use std::path::Path;
use std::sync::Mutex;

use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, ConstScoreQuery, EmptyQuery, FuzzyTermQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{FAST, Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::{
    Index, IndexReader, IndexSettings, IndexSortByField, IndexWriter, Order, ReloadPolicy, Searcher, TantivyDocument,
    Term,
};

/// Bumped whenever the schema or the analysis changes: an index of another version is rebuilt.
pub const SCHEMA_VERSION: u32 = 7;
const VERSION_FILE: &str = "jobportal-index-version";
/// The writer's memory budget; a rebuild of a million jobs fits in a few flushes.
const WRITER_HEAP_BYTES: usize = 64 * 1024 * 1024;
/// Words shorter than this are never matched with a typo ("java" is not "lava").
const FUZZY_MIN_CHARS: usize = 5;
/// A last word shorter than this matches only whole words: one letter is no prefix worth reading.
const PREFIX_MIN_CHARS: usize = 2;

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

/// What a search asks the index for.
#[derive(Clone, Debug, Default)]
pub struct IndexQuery {
    /// Words as the person typed them (already split into letters and digits, lower-cased).
    pub words: Vec<String>,
    pub categories: Vec<String>,
    pub job_types: Vec<String>,
    pub work_modes: Vec<String>,
    /// Words that must all be in the location.
    pub location: Vec<String>,
    pub salary_min: Option<i64>,
    /// Posted at or after this time (Unix milliseconds).
    pub posted_since: Option<i64>,
    /// The posted-within facet's choices, each as the time a job must be posted at or after.
    pub posted_choices: Vec<i64>,
    /// Open at this time (as `jobs::model::open_at`): deadline after it, and not full.
    pub open_at: Option<i64>,
    pub sort: Sort,
    pub offset: usize,
    pub limit: usize,
    /// No correction of misspelt words.
    pub as_typed: bool,
    /// Only jobs whose `seq` is after the first and at most the second (an alert's window).
    pub seq_window: Option<(u64, u64)>,
    /// Matches counted exactly before the counts are estimated; `None` is `EXACT_COUNT_LIMIT`.
    pub exact_count_limit: Option<usize>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// Best match first (BM25), equals in index order (newest first within a segment); newest first
    /// when there are no words.
    #[default]
    Relevance,
    Newest,
}

/// One page of an index search.
#[derive(Debug, PartialEq)]
pub struct Hits {
    /// The jobs' `seq`s, in order.
    pub seqs: Vec<u64>,
    /// Every match: exactly while `total_exact`, an estimate beyond `EXACT_COUNT_LIMIT`.
    pub total: usize,
    pub total_exact: bool,
    /// Whether every facet count is exact (each is estimated, like the total, past the limit).
    pub facets_exact: bool,
    /// Set when a word was taken for a misspelling of an indexed word: the words searched, as
    /// they are spelt in the jobs ("showing results for ...").
    pub corrected: Option<Vec<String>>,
    /// Matches per category, job type and work mode, each for the words and every filter but its
    /// own (what choosing one more, or another, would give).
    pub categories: BTreeMap<String, usize>,
    pub job_types: BTreeMap<String, usize>,
    pub work_modes: BTreeMap<String, usize>,
    /// Matches per `IndexQuery::posted_choices`, in order, for the words and every filter but the
    /// posting date's (what choosing it instead would give).
    pub posted: Vec<usize>,
    /// The words searched (after any correction), to mark them in titles.
    pub matched: Matched,
}

/// The stems a search matched (a last word being typed stands for the words it begins), to mark
/// them in titles.
#[derive(Debug, Default, PartialEq)]
pub struct Matched {
    words: Vec<String>,
}

/// One searched word: any of its stems matches.
struct Searched {
    stems: Vec<String>,
}

#[derive(Clone, Copy)]
struct Fields {
    seq: Field,
    /// Every searched text in one field, so a word is one posting list: the title three times and
    /// the skills twice (that is their weight), the company, location and description once.
    text: Field,
    /// The location alone, for the location filter.
    location: Field,
    /// Title, skills, company and location as written (lower-cased, not stemmed): the spellings
    /// that typos are corrected to and that a last word being typed is completed to.
    words: Field,
    category: Field,
    job_type: Field,
    work_mode: Field,
    salary: Field,
    posted: Field,
    /// The deadline, or `i64::MIN` once the job is full: "open at t" is `open_until > t`.
    open_until: Field,
    /// `yes` on a job that was open when it was indexed (the indexer re-indexes a job when its
    /// deadline passes): a term to intersect first, so the exact `open_until` check reads only
    /// the open jobs' values.
    open: Field,
}

/// The `open` field's one value.
const OPEN: &str = "yes";

/// How many times each text goes into `text`: a match in the title counts most, then the skills.
const TITLE_WEIGHT: usize = 3;
const SKILLS_WEIGHT: usize = 2;
/// A search's total (and the facets counted with it) is exact while it has at most this many
/// matches (the pages reach no further); beyond, it is estimated from a sample (docs/rules.md#search).
pub const EXACT_COUNT_LIMIT: usize = 10_000;
/// The facet of a chosen filter is counted in a pass of its own (every filter but its own): exact
/// while that pass has at most this many matches, estimated beyond.
pub const FACET_EXACT_LIMIT: usize = 1_000;
/// Matches sampled past the exact ones for an estimate: within about 2 % of the truth.
const ESTIMATE_SAMPLE: usize = 2_000;
/// The parts each sampled stretch of a segment is split into, so that matches bunched in one part
/// of it (the newest jobs, the open ones) are weighed as they are spread.
const STRATA: u32 = 32;
/// A last word being typed stands for at most this many whole words (those most jobs use).
const PREFIX_EXPANSIONS: usize = 8;
const SHORT_PREFIX_EXPANSIONS: usize = 3;

fn schema() -> Schema {
    let mut builder = Schema::builder();
    let analysed = |tokenizer: &str, record: IndexRecordOption| {
        TextOptions::default()
            .set_indexing_options(TextFieldIndexing::default().set_tokenizer(tokenizer).set_index_option(record))
    };
    builder.add_u64_field("seq", INDEXED | FAST);
    builder.add_text_field("text", analysed("en_stem", IndexRecordOption::WithFreqs));
    builder.add_text_field("location", analysed("en_stem", IndexRecordOption::Basic));
    builder.add_text_field("words", analysed("default", IndexRecordOption::Basic));
    // With frequencies, so a filter on one category or job type keeps the query a plain
    // intersection of terms (which ranks with block-max WAND); every job has one of each, so the
    // score they add is the same for all and changes no order.
    let keyword = analysed("raw", IndexRecordOption::WithFreqs).set_fast("raw");
    builder.add_text_field("category", keyword.clone());
    builder.add_text_field("job_type", keyword.clone());
    builder.add_text_field("work_mode", keyword);
    builder.add_i64_field("salary", INDEXED | FAST);
    builder.add_i64_field("posted", INDEXED | FAST);
    builder.add_i64_field("open_until", INDEXED | FAST);
    builder.add_text_field("open", analysed("raw", IndexRecordOption::WithFreqs));
    builder.build()
}

/// Every segment keeps its documents newest first (by `seq`, highest first), so the newest matches
/// of a segment are its first ones: a newest-first page reads a segment's first matches and stops
/// (`NewestFirst`) instead of sorting every match; merges keep the order.
fn settings() -> IndexSettings {
    IndexSettings {
        sort_by_field: Some(IndexSortByField { field: "seq".to_string(), order: Order::Desc }),
        ..IndexSettings::default()
    }
}

pub struct JobIndex {
    index: Index,
    reader: IndexReader,
    writer: Mutex<IndexWriter>,
    fields: Fields,
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
            job_type: field("job_type"),
            work_mode: field("work_mode"),
            salary: field("salary"),
            posted: field("posted"),
            open_until: field("open_until"),
            open: field("open"),
        };
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let writer = index.writer_with_num_threads(1, WRITER_HEAP_BYTES)?;
        Ok(Self { index, reader, writer: Mutex::new(writer), fields })
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
        document.add_text(f.job_type, &doc.job_type);
        document.add_text(f.work_mode, &doc.work_mode);
        document.add_i64(f.salary, doc.salary);
        document.add_i64(f.posted, doc.posted);
        document.add_i64(f.open_until, if doc.full { i64::MIN } else { doc.deadline });
        if !doc.full && doc.deadline > now {
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
        self.reader.reload()
    }

    /// Documents in the index, as searches see it.
    pub fn len(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// One page of jobs for `query`, with the exact total and facet counts.
    pub fn search(&self, query: &IndexQuery) -> tantivy::Result<Hits> {
        let searcher = self.reader.searcher();
        let filters = self.filters(query);
        // A facet whose filter is not chosen is counted in the same pass as the total.
        let unfiltered: Vec<&'static str> = [Facet::Category, Facet::JobType, Facet::WorkMode]
            .into_iter()
            .filter(|facet| filters.of(*facet).is_none())
            .map(Facet::field)
            .collect();
        let posted_unfiltered = filters.posted.is_none();
        let posted_counts =
            PostedCounts { since: if posted_unfiltered { query.posted_choices.clone() } else { Vec::new() } };
        let words = self.analysed(&query.words)?;
        let limit = query.exact_count_limit.unwrap_or(EXACT_COUNT_LIMIT);
        let facet_limit = limit.min(FACET_EXACT_LIMIT);
        let counted = |words: &[Searched]| {
            let full = self.combined(words, filters.chosen(None));
            let ((total, facets, posted), exact) = count_bounded(
                &searcher,
                &*full,
                || (Count, FacetCounts { fields: unfiltered.clone() }, posted_counts.clone()),
                limit,
            )?;
            tantivy::Result::Ok((full, (total, exact), facets, posted))
        };
        // Asked as typed, the last word is whole, not the start of others.
        let mut expanded = if query.as_typed {
            words.iter().map(|(_, stem)| Searched { stems: vec![stem.clone()] }).collect()
        } else {
            self.expanded(&searcher, &words)?
        };
        let (mut full, (mut total, mut total_exact), mut facets, mut posted) = counted(&expanded)?;
        // A word that no job spells so: with no matches, the spelling within one edit that the
        // most jobs use stands in for it; with matches (its stem matched), only a spelling of the
        // same stem does, so the results stay the same and only the words shown change.
        let respelt = if query.as_typed { None } else { self.respelt(&searcher, &words, total > 0)? };
        let corrected = match respelt {
            Some(respelt) if total > 0 => Some(respelt),
            Some(respelt) => {
                let analysed = self.analysed(&respelt)?;
                let respelt_expanded = self.expanded(&searcher, &analysed)?;
                let (respelt_full, (respelt_total, respelt_exact), respelt_facets, respelt_posted) =
                    counted(&respelt_expanded)?;
                (respelt_total > 0).then(|| {
                    (full, total, facets, posted) = (respelt_full, respelt_total, respelt_facets, respelt_posted);
                    total_exact = respelt_exact;
                    expanded = respelt_expanded;
                    respelt
                })
            }
            None => None,
        };
        let seqs = if query.limit == 0 || query.offset >= total {
            Vec::new()
        } else {
            self.page(&searcher, &*full, query, !expanded.is_empty())?
        };
        // A filtered field's facet: the same words, every filter but its own.
        let mut facets = unfiltered.into_iter().zip(facets).collect::<HashMap<_, _>>();
        let mut facets_exact = total_exact;
        let mut facet = |facet: Facet| match facets.remove(facet.field()) {
            Some(counts) => tantivy::Result::Ok(counts),
            None => {
                let query = self.combined(&expanded, filters.chosen(Some(facet)));
                let (mut counts, exact) =
                    count_bounded(&searcher, &*query, || FacetCounts { fields: vec![facet.field()] }, facet_limit)?;
                facets_exact &= exact;
                Ok(counts.remove(0))
            }
        };
        let categories = facet(Facet::Category)?;
        let job_types = facet(Facet::JobType)?;
        let work_modes = facet(Facet::WorkMode)?;
        if !posted_unfiltered && !query.posted_choices.is_empty() {
            let without = self.combined(&expanded, filters.chosen(Some(Facet::Posted)));
            let exact;
            (posted, exact) = count_bounded(
                &searcher,
                &*without,
                || PostedCounts { since: query.posted_choices.clone() },
                facet_limit,
            )?;
            facets_exact &= exact;
        }
        let matched = Matched { words: expanded.into_iter().flat_map(|word| word.stems).collect() };
        Ok(Hits {
            seqs,
            total,
            total_exact,
            facets_exact,
            corrected,
            categories,
            job_types,
            work_modes,
            posted,
            matched,
        })
    }

    /// Open jobs ranked by how well they match `words` (BM25 over the same text as searches, each
    /// word counting on its own: a job with more of them ranks higher, a rarer word weighs more);
    /// a job must hold one of `words`, and `boost` words only raise its rank. Only jobs indexed as
    /// open: one whose deadline passed since is re-indexed by the next sweep (within seconds), and
    /// the caller checks deadlines meanwhile; a range query on them would cost more than the rest.
    /// The `excluded` seqs are left out; at most `limit` seqs, best first.
    pub fn recommend(
        &self,
        words: &[String],
        boost: &[String],
        excluded: &[u64],
        limit: usize,
    ) -> tantivy::Result<Vec<u64>> {
        let f = self.fields;
        let mut seen = std::collections::HashSet::new();
        let mut terms = |words: &[String]| -> tantivy::Result<Vec<(Occur, Box<dyn Query>)>> {
            Ok(self
                .analysed(words)?
                .into_iter()
                .filter(|(_, stem)| seen.insert(stem.clone()))
                .map(|(_, stem)| -> (Occur, Box<dyn Query>) {
                    let term = Term::from_field_text(f.text, &stem);
                    (Occur::Should, Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)))
                })
                .collect())
        };
        let any = terms(words)?;
        let boosts = terms(boost)?;
        if any.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        // With frequencies, like the searches' filter: every open job holds it once, so it adds
        // the same to every score.
        let open = TermQuery::new(Term::from_field_text(f.open, OPEN), IndexRecordOption::WithFreqs);
        let mut clauses: Vec<(Occur, Box<dyn Query>)> =
            vec![(Occur::Must, Box::new(BooleanQuery::new(any))), (Occur::Must, Box::new(open))];
        clauses.extend(boosts);
        for seq in excluded {
            clauses.push((
                Occur::MustNot,
                Box::new(TermQuery::new(Term::from_field_u64(f.seq, *seq), IndexRecordOption::Basic)),
            ));
        }
        let searcher = self.reader.searcher();
        let ranked = searcher.search(&BooleanQuery::new(clauses), &TopDocs::with_limit(limit).order_by_score())?;
        let seqs = searcher
            .segment_readers()
            .iter()
            .map(|segment| segment.fast_fields().u64("seq"))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ranked
            .into_iter()
            .filter_map(|(_, address)| seqs[address.segment_ord as usize].first(address.doc_id))
            .collect())
    }

    /// Where the title holds the searched words: `[start, end)` ranges in UTF-16 code units (the
    /// offsets a browser's strings use), in order.
    pub fn title_matches(&self, title: &str, matched: &Matched) -> Vec<[usize; 2]> {
        let Ok(mut analyzer) = self.index.tokenizer_for_field(self.fields.text) else { return Vec::new() };
        let mut ranges = Vec::new();
        let mut stream = analyzer.token_stream(title);
        while let Some(token) = stream.next() {
            if matched.words.contains(&token.text) {
                let start = title[..token.offset_from].encode_utf16().count();
                ranges.push([start, start + title[token.offset_from..token.offset_to].encode_utf16().count()]);
            }
        }
        ranges
    }

    /// Each typed word with its stemmed form (the index's analysis of it).
    fn analysed(&self, words: &[String]) -> tantivy::Result<Vec<(String, String)>> {
        let mut analyzer = self.index.tokenizer_for_field(self.fields.text)?;
        let mut analysed = Vec::new();
        for word in words {
            let mut stream = analyzer.token_stream(word);
            while let Some(token) = stream.next() {
                analysed.push((word.to_lowercase(), token.text.clone()));
            }
        }
        Ok(analysed)
    }

    /// The stems each word stands for: its own; for the last word of two letters or more (the
    /// person may still be typing it) also the stems of the whole words it begins that the most
    /// jobs use in their title, skills, company or location.
    fn expanded(&self, searcher: &Searcher, words: &[(String, String)]) -> tantivy::Result<Vec<Searched>> {
        let mut expanded: Vec<Searched> =
            words.iter().map(|(_, stem)| Searched { stems: vec![stem.clone()] }).collect();
        let (Some((raw, _)), Some(last)) = (words.last(), expanded.last_mut()) else { return Ok(expanded) };
        if raw.chars().count() < PREFIX_MIN_CHARS {
            return Ok(expanded);
        }
        let mut completions: BTreeMap<String, u64> = BTreeMap::new();
        for segment in searcher.segment_readers() {
            let inverted = segment.inverted_index(self.fields.words)?;
            let mut stream = inverted.terms().range().ge(raw.as_bytes()).into_stream()?;
            while stream.advance() && stream.key().starts_with(raw.as_bytes()) {
                if let Ok(word) = std::str::from_utf8(stream.key()) {
                    *completions.entry(word.to_string()).or_default() += u64::from(stream.value().doc_freq);
                }
            }
        }
        let mut completions: Vec<(String, u64)> = completions.into_iter().collect();
        completions.sort_by(|(a, a_jobs), (b, b_jobs)| b_jobs.cmp(a_jobs).then_with(|| a.cmp(b)));
        // Two letters begin many common words: the three commonest are what such a search means.
        let expansions = if raw.chars().count() <= 2 { SHORT_PREFIX_EXPANSIONS } else { PREFIX_EXPANSIONS };
        for (word, _) in completions.into_iter().take(expansions) {
            for (_, stem) in self.analysed(std::slice::from_ref(&word))? {
                if !last.stems.contains(&stem) {
                    last.stems.push(stem);
                }
            }
        }
        Ok(expanded)
    }

    /// The filters, each a required clause.
    fn filters(&self, query: &IndexQuery) -> Filters {
        let f = self.fields;
        let mut filters: Vec<Box<dyn Query>> = Vec::new();
        let any_of = |field: Field, values: &[String]| -> Box<dyn Query> {
            let mut terms: Vec<Box<dyn Query>> = values
                .iter()
                .map(|value| {
                    Box::new(TermQuery::new(Term::from_field_text(field, value), IndexRecordOption::WithFreqs))
                        as Box<dyn Query>
                })
                .collect();
            if terms.len() == 1 {
                return terms.remove(0);
            }
            Box::new(ConstScoreQuery::new(Box::new(BooleanQuery::union(terms)), 0.0))
        };
        let category = (!query.categories.is_empty()).then(|| any_of(f.category, &query.categories));
        let job_type = (!query.job_types.is_empty()).then(|| any_of(f.job_type, &query.job_types));
        if !query.location.is_empty()
            && let Ok(mut analyzer) = self.index.tokenizer_for_field(f.location)
        {
            for word in &query.location {
                let mut stream = analyzer.token_stream(word);
                let mut analysed = false;
                while let Some(token) = stream.next() {
                    analysed = true;
                    let term = Term::from_field_text(f.location, &token.text);
                    filters.push(Box::new(ConstScoreQuery::new(
                        Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
                        0.0,
                    )));
                }
                // A word the index never keeps (over 40 letters) is in no job's location.
                if !analysed {
                    filters.push(Box::new(EmptyQuery));
                }
            }
        }
        let after = |field: Field, bound: Bound<i64>| -> Box<dyn Query> {
            let bound = bound.map(|value| Term::from_field_i64(field, value));
            Box::new(ConstScoreQuery::new(Box::new(RangeQuery::new(bound, Bound::Unbounded)), 0.0))
        };
        let work_mode = (!query.work_modes.is_empty()).then(|| any_of(f.work_mode, &query.work_modes));
        if let Some(salary) = query.salary_min {
            filters.push(after(f.salary, Bound::Included(salary)));
        }
        let posted = query.posted_since.map(|since| after(f.posted, Bound::Included(since)));
        if let Some((after, until)) = query.seq_window {
            let (after, until) = (Term::from_field_u64(f.seq, after), Term::from_field_u64(f.seq, until));
            let window = RangeQuery::new(Bound::Excluded(after), Bound::Included(until));
            filters.push(Box::new(ConstScoreQuery::new(Box::new(window), 0.0)));
        }
        if let Some(now) = query.open_at {
            filters.push(Box::new(TermQuery::new(Term::from_field_text(f.open, OPEN), IndexRecordOption::WithFreqs)));
            filters.push(after(f.open_until, Bound::Excluded(now)));
        }
        // Asked as typed, a word matches its own spelling only, not every word of its stem
        // ("enginer" is not "engineer"): as written in a title, skills, company or location.
        if query.as_typed
            && let Ok(mut analyzer) = self.index.tokenizer_for_field(f.words)
        {
            for word in &query.words {
                let mut stream = analyzer.token_stream(word);
                while let Some(token) = stream.next() {
                    let term = Term::from_field_text(f.words, &token.text);
                    filters.push(Box::new(ConstScoreQuery::new(
                        Box::new(TermQuery::new(term, IndexRecordOption::Basic)),
                        0.0,
                    )));
                }
            }
        }
        Filters { category, job_type, work_mode, posted, rest: filters }
    }

    /// Every word and every filter required, in one flat list: a list of plain terms (words, one
    /// category, one job type) ranks with block-max WAND. Everything when empty.
    fn combined(&self, words: &[Searched], filters: Vec<&dyn Query>) -> Box<dyn Query> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        for word in words {
            let mut terms: Vec<Box<dyn Query>> = word
                .stems
                .iter()
                .map(|stem| {
                    let term = Term::from_field_text(self.fields.text, stem);
                    Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs)) as Box<dyn Query>
                })
                .collect();
            let clause = if terms.len() == 1 { terms.remove(0) } else { Box::new(BooleanQuery::union(terms)) };
            clauses.push((Occur::Must, clause));
        }
        clauses.extend(filters.into_iter().map(|filter| (Occur::Must, filter.box_clone())));
        match clauses.len() {
            0 => Box::new(tantivy::query::AllQuery),
            1 => clauses.remove(0).1,
            _ => Box::new(BooleanQuery::new(clauses)),
        }
    }

    /// The requested page's `seq`s: best match first (block-max WAND skips what cannot make the
    /// page; equal scores in index order), or newest first (each segment's first matches).
    fn page(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
        request: &IndexQuery,
        words: bool,
    ) -> tantivy::Result<Vec<u64>> {
        if words && request.sort == Sort::Relevance {
            let top = TopDocs::with_limit(request.limit).and_offset(request.offset);
            let ranked = searcher.search(query, &top.order_by_score())?;
            let seqs = searcher
                .segment_readers()
                .iter()
                .map(|segment| segment.fast_fields().u64("seq"))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(ranked
                .into_iter()
                .filter_map(|(_, address)| seqs[address.segment_ord as usize].first(address.doc_id))
                .collect());
        }
        let newest = searcher.search(query, &NewestFirst { wanted: request.offset + request.limit })?;
        Ok(newest.into_iter().skip(request.offset).take(request.limit).collect())
    }

    /// The words with each word of five letters or more that no job spells so (in its title,
    /// skills, company or location) replaced by the spelling within one edit that the most jobs
    /// use; with `same_stem`, only by a spelling of the same stem. `None` when nothing changes.
    fn respelt(
        &self,
        searcher: &Searcher,
        words: &[(String, String)],
        same_stem: bool,
    ) -> tantivy::Result<Option<Vec<String>>> {
        let mut changed = false;
        let mut respelt = Vec::new();
        for (raw, stem) in words {
            let spelt = Term::from_field_text(self.fields.words, raw);
            if raw.chars().count() < FUZZY_MIN_CHARS || searcher.doc_freq(&spelt)? > 0 {
                respelt.push(raw.clone());
                continue;
            }
            // Every spelling within one edit, with the number of jobs that use it.
            let mut spellings: BTreeMap<String, u64> = BTreeMap::new();
            let automaton = FuzzyTermQuery::new(spelt, 1, true).automaton()?;
            for segment in searcher.segment_readers() {
                let inverted = segment.inverted_index(self.fields.words)?;
                let mut stream = inverted.terms().search(&automaton).into_stream()?;
                while stream.advance() {
                    if let Ok(word) = std::str::from_utf8(stream.key()) {
                        *spellings.entry(word.to_string()).or_default() += u64::from(stream.value().doc_freq);
                    }
                }
            }
            let best = spellings
                .into_iter()
                .filter(|(word, _)| {
                    !same_stem
                        || self.analysed(std::slice::from_ref(word)).is_ok_and(|a| a.iter().any(|(_, s)| s == stem))
                })
                .max_by(|(a, a_jobs), (b, b_jobs)| a_jobs.cmp(b_jobs).then_with(|| b.cmp(a)));
            match best {
                Some((word, _)) => {
                    changed = true;
                    respelt.push(word);
                }
                None => respelt.push(raw.clone()),
            }
        }
        Ok(changed.then_some(respelt))
    }
}

/// A filter that has a facet: its counts leave the filter itself out.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Facet {
    Category,
    JobType,
    WorkMode,
    Posted,
}

impl Facet {
    /// The FAST field the facet counts.
    fn field(self) -> &'static str {
        match self {
            Facet::Category => "category",
            Facet::JobType => "job_type",
            Facet::WorkMode => "work_mode",
            Facet::Posted => "posted",
        }
    }
}

/// The filters of a search; those with a facet apart.
struct Filters {
    category: Option<Box<dyn Query>>,
    job_type: Option<Box<dyn Query>>,
    work_mode: Option<Box<dyn Query>>,
    posted: Option<Box<dyn Query>>,
    rest: Vec<Box<dyn Query>>,
}

impl Filters {
    fn of(&self, facet: Facet) -> Option<&dyn Query> {
        match facet {
            Facet::Category => self.category.as_deref(),
            Facet::JobType => self.job_type.as_deref(),
            Facet::WorkMode => self.work_mode.as_deref(),
            Facet::Posted => self.posted.as_deref(),
        }
    }

    /// Every filter chosen, but the one of `left_out`.
    fn chosen(&self, left_out: Option<Facet>) -> Vec<&dyn Query> {
        [Facet::Category, Facet::JobType, Facet::WorkMode, Facet::Posted]
            .into_iter()
            .filter(|facet| Some(*facet) != left_out)
            .filter_map(|facet| self.of(facet))
            .chain(self.rest.iter().map(|filter| &**filter))
            .collect()
    }
}

/// `text` with each word at its first use only, words being the same when `analyzer` reads them
/// the same (by their stem: "Engineers" is "engineer"), separated by spaces.
fn once_each(analyzer: &mut tantivy::tokenizer::TextAnalyzer, text: &str) -> String {
    let mut seen = std::collections::HashSet::new();
    let mut once = String::with_capacity(text.len());
    let mut stream = analyzer.token_stream(text);
    while let Some(token) = stream.next() {
        if seen.insert(token.text.clone()) {
            once.push_str(&text[token.offset_from..token.offset_to]);
            once.push(' ');
        }
    }
    once
}

/// Counting with a bound on its work: `inner` sees every match while the search's exact budget
/// lasts (shared by the segments, in the order they are searched); past it, the rest of each
/// segment is split into strata, a few matches of each are counted, and each stratum's counts are
/// scaled up by the share of it they covered. So a pass visits at most the exact limit and
/// `ESTIMATE_SAMPLE` more matches however many there are, its counts are exact while they are
/// few, and `estimated` says when they are not.
struct Bounded<C> {
    inner: C,
    exact_left: std::sync::atomic::AtomicUsize,
    /// Matches sampled, in all, past the exact ones.
    sample: usize,
    /// The index's documents, to share the sample among segments by size.
    documents: u64,
    estimated: std::sync::atomic::AtomicBool,
}

/// Counts the matches of `query` with the collector `make` gives: exact up to `limit` matches,
/// estimated beyond from a sample (`ESTIMATE_SAMPLE` at most); true when the counts are exact.
/// (Sampling first and counting exactly only when the sample found few was measured slower on the
/// benchmark's stream: most of its searches then took both passes.)
fn count_bounded<C>(
    searcher: &Searcher,
    query: &dyn Query,
    make: impl Fn() -> C,
    limit: usize,
) -> tantivy::Result<(C::Fruit, bool)>
where
    C: tantivy::collector::Collector,
    <C::Child as tantivy::collector::SegmentCollector>::Fruit: Tally,
{
    let bounded = Bounded::new(make(), limit, limit.min(ESTIMATE_SAMPLE), searcher);
    let counts = searcher.search(query, &bounded)?;
    Ok((counts, !bounded.estimated()))
}

impl<C> Bounded<C> {
    fn new(inner: C, exact: usize, sample: usize, searcher: &Searcher) -> Self {
        Self {
            inner,
            exact_left: std::sync::atomic::AtomicUsize::new(exact),
            sample,
            documents: searcher.num_docs().max(1),
            estimated: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn estimated(&self) -> bool {
        self.estimated.load(std::sync::atomic::Ordering::Relaxed)
    }
}

/// Counts that can be scaled up from a sample and added up.
trait Tally: Sized {
    fn scaled(self, factor: f64) -> Self;
    fn plus(self, other: Self) -> Self;
}

impl Tally for usize {
    fn scaled(self, factor: f64) -> Self {
        (self as f64 * factor).round() as usize
    }
    fn plus(self, other: Self) -> Self {
        self + other
    }
}

impl Tally for Vec<usize> {
    fn scaled(self, factor: f64) -> Self {
        self.into_iter().map(|count| count.scaled(factor)).collect()
    }
    fn plus(self, other: Self) -> Self {
        if self.is_empty() {
            return other;
        }
        self.into_iter().zip(other).map(|(a, b)| a + b).collect()
    }
}

impl Tally for Vec<BTreeMap<String, usize>> {
    fn scaled(self, factor: f64) -> Self {
        self.into_iter()
            .map(|counts| counts.into_iter().map(|(value, count)| (value, count.scaled(factor))).collect())
            .collect()
    }
    fn plus(self, other: Self) -> Self {
        if self.is_empty() {
            return other;
        }
        self.into_iter()
            .zip(other)
            .map(|(mut into, from)| {
                for (value, count) in from {
                    *into.entry(value).or_default() += count;
                }
                into
            })
            .collect()
    }
}

impl<A: Tally, B: Tally, C: Tally> Tally for (A, B, C) {
    fn scaled(self, factor: f64) -> Self {
        (self.0.scaled(factor), self.1.scaled(factor), self.2.scaled(factor))
    }
    fn plus(self, other: Self) -> Self {
        (self.0.plus(other.0), self.1.plus(other.1), self.2.plus(other.2))
    }
}

/// Feeds `child` the live matches of `scorer` from its current document until `until` (a document
/// id) or `most` of them, in blocks; returns how many it fed.
fn feed(
    child: &mut impl tantivy::collector::SegmentCollector,
    scorer: &mut dyn tantivy::query::Scorer,
    alive: Option<&tantivy::fastfield::AliveBitSet>,
    until: tantivy::DocId,
    most: usize,
) -> usize {
    let mut block = Vec::with_capacity(64);
    let mut fed = 0;
    let mut doc = scorer.doc();
    while doc < until && fed < most {
        if alive.is_none_or(|alive| alive.is_alive(doc)) {
            block.push(doc);
            fed += 1;
            if block.len() == 64 {
                child.collect_block(&block);
                block.clear();
            }
        }
        doc = scorer.advance();
    }
    child.collect_block(&block);
    fed
}

impl<C> tantivy::collector::Collector for Bounded<C>
where
    C: tantivy::collector::Collector,
    <C::Child as tantivy::collector::SegmentCollector>::Fruit: Tally,
{
    type Fruit = C::Fruit;
    type Child = C::Child;

    fn for_segment(
        &self,
        segment_local_id: tantivy::SegmentOrdinal,
        segment: &tantivy::SegmentReader,
    ) -> tantivy::Result<C::Child> {
        self.inner.for_segment(segment_local_id, segment)
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(
        &self,
        fruits: Vec<<C::Child as tantivy::collector::SegmentCollector>::Fruit>,
    ) -> tantivy::Result<C::Fruit> {
        self.inner.merge_fruits(fruits)
    }

    fn collect_segment(
        &self,
        weight: &dyn tantivy::query::Weight,
        segment_ord: u32,
        reader: &tantivy::SegmentReader,
    ) -> tantivy::Result<<C::Child as tantivy::collector::SegmentCollector>::Fruit> {
        use std::sync::atomic::Ordering::Relaxed;
        use tantivy::collector::SegmentCollector;
        let alive = reader.alive_bitset();
        let mut scorer = weight.scorer(reader, 1.0)?;
        let mut exact = self.inner.for_segment(segment_ord, reader)?;
        let left = self.exact_left.load(Relaxed);
        let fed = feed(&mut exact, &mut *scorer, alive, tantivy::TERMINATED, left);
        self.exact_left.store(left - fed, Relaxed);
        let mut fruit = exact.harvest();
        let start = scorer.doc();
        if start == tantivy::TERMINATED {
            return Ok(fruit);
        }
        // The rest of the segment, sampled stratum by stratum (exact while each is read to its end).
        let end = reader.max_doc();
        let share = (self.sample as u64 * u64::from(end - start) / self.documents).max(u64::from(STRATA));
        let strata = STRATA.min(end - start).max(1);
        let per_stratum = (share / u64::from(strata)).max(1) as usize;
        let bound = |part: u32| start + (u64::from(end - start) * u64::from(part) / u64::from(strata)) as u32;
        for part in 0..strata {
            let (low, high) = (bound(part), bound(part + 1));
            if high <= low {
                continue;
            }
            if scorer.doc() < low {
                scorer.seek(low);
            }
            let mut counts = self.inner.for_segment(segment_ord, reader)?;
            feed(&mut counts, &mut *scorer, alive, high, per_stratum);
            // The documents of the stratum looked through: all of them, or up to the next match.
            let covered = scorer.doc().min(high).saturating_sub(low).max(1);
            if covered < high - low {
                self.estimated.store(true, Relaxed);
            }
            fruit = fruit.plus(counts.harvest().scaled(f64::from(high - low) / f64::from(covered)));
        }
        Ok(fruit)
    }
}

/// The `seq`s of the newest `wanted` matches, newest first. A segment holds its documents newest
/// first (`settings`), so its newest matches are the first ones it yields: each segment is read
/// only until it has given `wanted` live matches, whatever the number of matches.
struct NewestFirst {
    wanted: usize,
}

/// One segment's newest matches, in order.
struct NewestSegment {
    seqs: Option<tantivy::columnar::Column<u64>>,
    found: Vec<u64>,
}

impl tantivy::collector::SegmentCollector for NewestSegment {
    type Fruit = Vec<u64>;

    fn collect(&mut self, doc: tantivy::DocId, _score: tantivy::Score) {
        if let Some(seq) = self.seqs.as_ref().and_then(|seqs| seqs.first(doc)) {
            self.found.push(seq);
        }
    }

    fn harvest(self) -> Vec<u64> {
        self.found
    }
}

impl tantivy::collector::Collector for NewestFirst {
    type Fruit = Vec<u64>;
    type Child = NewestSegment;

    fn for_segment(
        &self,
        _segment_local_id: tantivy::SegmentOrdinal,
        segment: &tantivy::SegmentReader,
    ) -> tantivy::Result<NewestSegment> {
        Ok(NewestSegment { seqs: segment.fast_fields().u64("seq").ok(), found: Vec::with_capacity(self.wanted) })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<u64>>) -> tantivy::Result<Vec<u64>> {
        let mut all: Vec<u64> = fruits.into_iter().flatten().collect();
        all.sort_unstable_by(|a, b| b.cmp(a));
        all.truncate(self.wanted);
        Ok(all)
    }

    fn collect_segment(
        &self,
        weight: &dyn tantivy::query::Weight,
        segment_ord: u32,
        reader: &tantivy::SegmentReader,
    ) -> tantivy::Result<Vec<u64>> {
        use tantivy::collector::SegmentCollector;
        let mut scorer = weight.scorer(reader, 1.0)?;
        let mut newest = self.for_segment(segment_ord, reader)?;
        feed(&mut newest, &mut *scorer, reader.alive_bitset(), tantivy::TERMINATED, self.wanted);
        Ok(newest.harvest())
    }
}

/// Counts matches per value of string FAST fields; one map per field, in order.
struct FacetCounts {
    fields: Vec<&'static str>,
}

/// Per field: the column and a count per term ordinal (categories and job types are few).
struct FacetSegment {
    columns: Vec<Option<tantivy::columnar::StrColumn>>,
    counts: Vec<Vec<usize>>,
}

impl tantivy::collector::Collector for FacetCounts {
    type Fruit = Vec<BTreeMap<String, usize>>;
    type Child = FacetSegment;

    fn for_segment(
        &self,
        _segment_local_id: tantivy::SegmentOrdinal,
        segment: &tantivy::SegmentReader,
    ) -> tantivy::Result<FacetSegment> {
        let columns: Vec<_> = self.fields.iter().map(|name| segment.fast_fields().str(name).ok().flatten()).collect();
        let counts = columns
            .iter()
            .map(|column| vec![0; column.as_ref().map_or(0, |column| column.dictionary().num_terms())])
            .collect();
        Ok(FacetSegment { columns, counts })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Self::Fruit>) -> tantivy::Result<Self::Fruit> {
        let mut merged = vec![BTreeMap::new(); self.fields.len()];
        for fruit in fruits {
            for (into, from) in merged.iter_mut().zip(fruit) {
                for (value, count) in from {
                    *into.entry(value).or_default() += count;
                }
            }
        }
        Ok(merged)
    }
}

impl tantivy::collector::SegmentCollector for FacetSegment {
    type Fruit = Vec<BTreeMap<String, usize>>;

    fn collect(&mut self, doc: tantivy::DocId, _score: tantivy::Score) {
        self.collect_block(&[doc]);
    }

    /// Many matches at a time: one batched read of each column (every job has one category and
    /// one job type).
    fn collect_block(&mut self, docs: &[tantivy::DocId]) {
        let mut ordinals = vec![None; docs.len()];
        for (column, counts) in self.columns.iter().zip(self.counts.iter_mut()) {
            let Some(column) = column else { continue };
            column.ords().first_vals(docs, &mut ordinals);
            for ordinal in ordinals.iter().flatten() {
                if let Some(count) = counts.get_mut(*ordinal as usize) {
                    *count += 1;
                }
            }
        }
    }

    fn harvest(self) -> Self::Fruit {
        self.columns
            .iter()
            .zip(self.counts)
            .map(|(column, counts)| {
                let mut values = BTreeMap::new();
                if let Some(column) = column {
                    for (ordinal, count) in counts.into_iter().enumerate().filter(|(_, count)| *count > 0) {
                        let mut value = String::new();
                        if column.ord_to_str(ordinal as u64, &mut value).unwrap_or(false) {
                            values.insert(value, count);
                        }
                    }
                }
                values
            })
            .collect()
    }
}

/// Counts matches posted at or after each of `since` (Unix milliseconds), in order.
#[derive(Clone)]
struct PostedCounts {
    since: Vec<i64>,
}

struct PostedSegment {
    /// None when no time is asked for: nothing is read.
    posted: Option<tantivy::columnar::Column<i64>>,
    since: Vec<i64>,
    counts: Vec<usize>,
}

impl tantivy::collector::Collector for PostedCounts {
    type Fruit = Vec<usize>;
    type Child = PostedSegment;

    fn for_segment(
        &self,
        _segment_local_id: tantivy::SegmentOrdinal,
        segment: &tantivy::SegmentReader,
    ) -> tantivy::Result<PostedSegment> {
        let posted = if self.since.is_empty() { None } else { Some(segment.fast_fields().i64("posted")?) };
        Ok(PostedSegment { posted, since: self.since.clone(), counts: vec![0; self.since.len()] })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<Vec<usize>>) -> tantivy::Result<Vec<usize>> {
        let mut merged = vec![0; self.since.len()];
        for fruit in fruits {
            for (into, count) in merged.iter_mut().zip(fruit) {
                *into += count;
            }
        }
        Ok(merged)
    }
}

impl tantivy::collector::SegmentCollector for PostedSegment {
    type Fruit = Vec<usize>;

    fn collect(&mut self, doc: tantivy::DocId, _score: tantivy::Score) {
        self.collect_block(&[doc]);
    }

    /// Many matches at a time: one batched read of the column (every job has one posting time).
    fn collect_block(&mut self, docs: &[tantivy::DocId]) {
        let Some(column) = &self.posted else { return };
        let mut posted = vec![None; docs.len()];
        column.first_vals(docs, &mut posted);
        for time in posted.into_iter().flatten() {
            for (since, count) in self.since.iter().zip(self.counts.iter_mut()) {
                if time >= *since {
                    *count += 1;
                }
            }
        }
    }

    fn harvest(self) -> Vec<usize> {
        self.counts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A century after the tests start: open whenever they run.
    static FAR_AHEAD: std::sync::LazyLock<i64> =
        std::sync::LazyLock::new(|| crate::db::now_millis() + 100 * 365 * 86_400_000);

    fn job(seq: u64, title: &str, skills: &[&str]) -> JobDoc {
        JobDoc {
            seq,
            title: title.into(),
            company: "Acme Labs".into(),
            description: "Build and run services.".into(),
            location: "Pune, Maharashtra".into(),
            skills: skills.iter().map(|skill| skill.to_string()).collect(),
            category_id: "engineering".into(),
            job_type: "Full-time".into(),
            work_mode: "On-site".into(),
            salary: 80_000,
            posted: 1_000,
            deadline: *FAR_AHEAD,
            full: false,
        }
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn index_of(jobs: &[JobDoc]) -> JobIndex {
        let index = JobIndex::in_memory().unwrap();
        for job in jobs {
            index.upsert(job, crate::db::now_millis()).unwrap();
        }
        index.commit().unwrap();
        index
    }

    fn search(index: &JobIndex, text: &str) -> Hits {
        index.search(&IndexQuery { words: words(text), limit: 20, ..IndexQuery::default() }).unwrap()
    }

    #[test]
    fn words_match_by_their_stem_and_every_word_is_required() {
        let index = index_of(&[job(1, "Backend Engineer", &["rust"]), job(2, "Data Analyst", &["sql"])]);
        assert_eq!(search(&index, "engineers").seqs, [1]);
        assert_eq!(search(&index, "engineering rust").seqs, [1]);
        assert_eq!(search(&index, "engineer sql").total, 0);
        assert_eq!(search(&index, "pune").total, 2, "the location is searched too");
    }

    #[test]
    fn the_last_word_matches_as_a_prefix() {
        let index = index_of(&[job(1, "Backend Engineer", &["kubernetes"]), job(2, "Data Analyst", &["sql"])]);
        assert_eq!(search(&index, "backend kuber").seqs, [1]);
        assert_eq!(search(&index, "analy").seqs, [2]);
        assert_eq!(search(&index, "serv").total, 0, "descriptions match whole words only");
        assert_eq!(search(&index, "services").total, 2);
    }

    #[test]
    fn one_typo_is_forgiven_and_the_words_searched_are_spelt_as_the_jobs_spell_them() {
        let index = index_of(&[job(1, "Backend Engineer", &["rust"]), job(2, "Data Analyst", &["sql"])]);
        let stemmed = search(&index, "enginer");
        assert_eq!(stemmed.seqs, [1], "the stem alone finds Engineer");
        assert_eq!(stemmed.corrected, Some(vec!["engineer".to_string()]), "and the spelling shown is the jobs'");
        let hits = search(&index, "data analyts");
        assert_eq!(hits.seqs, [2]);
        assert_eq!(hits.corrected, Some(vec!["data".to_string(), "analyst".to_string()]));
        assert_eq!(search(&index, "analyst").corrected, None);
        assert_eq!(search(&index, "analy").corrected, None, "a word being typed is a prefix, not a typo");
        assert_eq!(search(&index, "jav").total, 0, "short words are never matched with a typo");
        let nonsense = search(&index, "qwertyuiop");
        assert_eq!((nonsense.total, nonsense.corrected), (0, None));
    }

    #[test]
    fn the_spelling_most_jobs_use_wins_a_correction() {
        let index = index_of(&[
            job(1, "Java Tester", &["qa"]),
            job(2, "Java Tester", &["qa"]),
            job(3, "Java Taster", &["food"]),
        ]);
        assert_eq!(search(&index, "tuster").corrected, Some(vec!["tester".to_string()]));
        let as_typed =
            index.search(&IndexQuery { words: words("tuster"), limit: 20, as_typed: true, ..IndexQuery::default() });
        let as_typed = as_typed.unwrap();
        assert_eq!((as_typed.total, as_typed.corrected), (0, None), "asked as typed, the typo is searched as it is");
        assert_eq!(search(&index, "tuster").seqs, [2, 1], "equal matches newest first");
    }

    #[test]
    fn asked_as_typed_a_word_matches_its_own_spelling_not_its_stem() {
        let index = index_of(&[
            job(1, "Senior Engineer", &["rust"]),
            job(2, "Backend Engineer", &["go"]),
            job(3, "Enginer Wanted", &["rust"]),
        ]);
        assert_eq!(search(&index, "enginer").total, 3, "searched by its stem, every engineer matches");
        let as_typed = IndexQuery { words: words("enginer"), limit: 20, as_typed: true, ..IndexQuery::default() };
        let as_typed = index.search(&as_typed).unwrap();
        assert_eq!((as_typed.seqs, as_typed.total, as_typed.corrected), (vec![3], 1, None));
        let engin = IndexQuery { words: words("engin"), limit: 20, as_typed: true, ..IndexQuery::default() };
        assert_eq!(index.search(&engin).unwrap().total, 0, "as typed, a word is whole, not the start of others");
    }

    #[test]
    fn matched_words_are_marked_in_titles_in_utf16_offsets() {
        let index = index_of(&[job(1, "Backend Engineer", &["rust"])]);
        let hits = search(&index, "engineers back");
        assert_eq!(index.title_matches("Backend Engineer", &hits.matched), [[0, 7], [8, 16]]);
        assert_eq!(index.title_matches("🚀 Engineering lead", &hits.matched), [[3, 14]], "an emoji is two code units");
        assert_eq!(index.title_matches("Data Analyst", &hits.matched), Vec::<[usize; 2]>::new());
        assert!(index.title_matches("Backend Engineer", &search(&index, "").matched).is_empty());
    }

    #[test]
    fn counts_are_exact_up_to_the_limit_and_estimated_beyond_it() {
        // 3,000 jobs: Java ones first, then Rust ones, as a board's newest jobs bunch at its end.
        let jobs: Vec<JobDoc> = (1..=3_000)
            .map(|seq| {
                let mut doc = job(seq, if seq <= 1_200 { "Java Developer" } else { "Rust Developer" }, &["sql"]);
                doc.work_mode = if seq % 3 == 0 { "Remote".into() } else { "On-site".into() };
                doc
            })
            .collect();
        let index = index_of(&jobs);
        let count = |text: &str, limit: usize| {
            let query =
                IndexQuery { words: words(text), limit: 10, exact_count_limit: Some(limit), ..IndexQuery::default() };
            index.search(&query).unwrap()
        };
        let exact = count("rust", 2_000);
        assert_eq!((exact.total, exact.total_exact, exact.facets_exact), (1_800, true, true));
        assert_eq!(exact.work_modes, BTreeMap::from([("On-site".into(), 1_200), ("Remote".into(), 600)]));

        let estimated = count("rust", 200);
        assert!(!estimated.total_exact && !estimated.facets_exact);
        let near = |value: usize, truth: usize| value.abs_diff(truth) * 100 <= truth * 5;
        assert!(near(estimated.total, 1_800), "within 5 %: {}", estimated.total);
        assert!(near(estimated.work_modes["Remote"], 600), "{:?}", estimated.work_modes);
        assert_eq!(estimated.seqs.len(), 10, "the page is whole whatever the count");
        let few = count("java", 2_000);
        assert_eq!((few.total, few.total_exact), (1_200, true), "few matches are counted exactly");
        let browse = count("", 500);
        assert!(!browse.total_exact && near(browse.total, 3_000), "{}", browse.total);
        // A chosen filter's facet is a pass of its own, exact up to FACET_EXACT_LIMIT matches.
        let query = IndexQuery {
            words: words("rust"),
            work_modes: vec!["Remote".into()],
            limit: 10,
            exact_count_limit: Some(2_000),
            ..IndexQuery::default()
        };
        let remote = index.search(&query).unwrap();
        assert_eq!((remote.total, remote.total_exact, remote.facets_exact), (600, true, false));
        assert!(near(remote.work_modes["On-site"], 1_200), "{:?}", remote.work_modes);
        let query = IndexQuery { words: words("java"), work_modes: vec!["Remote".into()], ..query };
        let java = index.search(&query).unwrap();
        assert_eq!((java.total, java.facets_exact), (400, false), "1,200 Java jobs: past the facet's bound");
    }

    #[test]
    fn a_word_repeated_in_a_title_skills_or_description_ranks_no_higher_than_once() {
        let mut repeated = job(2, "Rust Engineer, Rust", &["rust", "Rust", "RUST"]);
        repeated.description = "Rust, rust and more rust; rusty engineers.".into();
        let mut once = job(1, "Rust Engineer", &["rust"]);
        once.description = "Rust and engineers.".into();
        // The job that says it once comes first (its description is the shorter).
        let index = index_of(&[once, repeated]);
        assert_eq!(search(&index, "rust").seqs, [1, 2]);
        assert_eq!(search(&index, "rust engineer").seqs, [1, 2]);
    }

    #[test]
    fn titles_and_skills_weigh_more_than_descriptions() {
        let mut in_description = job(1, "Data Analyst", &["sql"]);
        in_description.description = "Work next to our rust team.".into();
        let index = index_of(&[in_description, job(2, "Rust Developer", &["rust"])]);
        assert_eq!(search(&index, "rust").seqs, [2, 1]);
    }

    #[test]
    fn filters_facets_and_open_only() {
        let mut closed = job(1, "Rust Developer", &["rust"]);
        closed.deadline = 500;
        let mut full = job(2, "Rust Developer", &["rust"]);
        full.full = true;
        let mut intern = job(3, "Rust Intern", &["rust"]);
        intern.job_type = "Internship".into();
        intern.salary = 10_000;
        intern.category_id = "internships".into();
        let index = index_of(&[closed, full, intern, job(4, "Rust Lead", &["rust"])]);
        let query = |change: &dyn Fn(&mut IndexQuery)| {
            let mut query = IndexQuery { words: words("rust"), limit: 20, sort: Sort::Newest, ..IndexQuery::default() };
            change(&mut query);
            index.search(&query).unwrap()
        };
        assert_eq!(query(&|_| {}).seqs, [4, 3, 2, 1]);
        let now = crate::db::now_millis();
        assert_eq!(query(&|q| q.open_at = Some(now)).seqs, [4, 3], "not past its deadline, not full");
        assert_eq!(
            query(&|q| q.open_at = Some(*FAR_AHEAD)).seqs,
            Vec::<u64>::new(),
            "a deadline passed since the job was indexed closes it at once, before the sweep re-indexes it"
        );
        assert_eq!(query(&|q| q.job_types = vec!["Internship".into()]).seqs, [3]);
        assert_eq!(query(&|q| q.salary_min = Some(50_000)).seqs, [4, 2, 1]);
        assert_eq!(query(&|q| q.categories = vec!["internships".into()]).seqs, [3]);
        assert_eq!(query(&|q| q.location = vec!["maharashtra".into()]).total, 4);
        assert_eq!(query(&|q| q.location = vec!["delhi".into()]).total, 0);
        assert_eq!(
            query(&|q| q.location = vec!["x".repeat(60)]).total,
            0,
            "a word too long to index is in no location"
        );
        let hits = query(&|_| {});
        assert_eq!(hits.job_types, BTreeMap::from([("Full-time".into(), 3), ("Internship".into(), 1)]));
        assert_eq!(hits.categories, BTreeMap::from([("engineering".into(), 3), ("internships".into(), 1)]));
        let interns = query(&|q| q.job_types = vec!["Internship".into()]);
        assert_eq!(interns.total, 1);
        assert_eq!(
            interns.job_types,
            BTreeMap::from([("Full-time".into(), 3), ("Internship".into(), 1)]),
            "the job-type counts leave out the job-type filter: what choosing another would add"
        );
        assert_eq!(interns.categories, BTreeMap::from([("internships".into(), 1)]), "the other facets keep it");
    }

    #[test]
    fn work_mode_and_posted_within_facets_leave_out_their_own_filter() {
        let mut remote = job(2, "Rust Developer", &["rust"]);
        (remote.work_mode, remote.posted) = ("Remote".into(), 5_000);
        let mut hybrid = job(3, "Rust Developer", &["rust"]);
        (hybrid.work_mode, hybrid.posted) = ("Hybrid".into(), 9_000);
        let index = index_of(&[job(1, "Rust Developer", &["rust"]), remote, hybrid, job(4, "Chef", &["cooking"])]);
        let query = |change: &dyn Fn(&mut IndexQuery)| {
            let mut query = IndexQuery {
                words: words("rust"),
                limit: 20,
                posted_choices: vec![9_000, 5_000, 0],
                ..IndexQuery::default()
            };
            change(&mut query);
            index.search(&query).unwrap()
        };
        let modes = |counts: &[(&str, usize)]| -> BTreeMap<String, usize> {
            counts.iter().map(|(mode, count)| (mode.to_string(), *count)).collect()
        };
        let all = query(&|_| {});
        assert_eq!((all.total, all.posted.as_slice()), (3, [1, 2, 3].as_slice()));
        assert_eq!(all.work_modes, modes(&[("Hybrid", 1), ("On-site", 1), ("Remote", 1)]));
        let remote = query(&|q| q.work_modes = vec!["Remote".into()]);
        assert_eq!(remote.total, 1);
        assert_eq!(remote.work_modes, all.work_modes, "the work-mode counts leave out the work-mode filter");
        assert_eq!(remote.posted, [0, 1, 1], "the other facets keep it");
        let recent = query(&|q| q.posted_since = Some(5_000));
        assert_eq!(recent.total, 2);
        assert_eq!(recent.posted, [1, 2, 3], "the posted-within counts leave out the posting-date filter");
        assert_eq!(recent.work_modes, modes(&[("Hybrid", 1), ("Remote", 1)]));
        let none = query(&|q| {
            q.posted_since = Some(5_000);
            q.work_modes = vec!["On-site".into()];
        });
        assert_eq!((none.total, none.posted.as_slice()), (0, [0, 0, 1].as_slice()));
        assert_eq!(none.work_modes, modes(&[("Hybrid", 1), ("Remote", 1)]));
        assert!(search(&index, "rust").posted.is_empty(), "no choices, nothing counted");
    }

    #[test]
    fn pages_follow_one_order_and_documents_are_replaced_or_removed() {
        let jobs: Vec<JobDoc> = (1..=25).map(|seq| job(seq, "Rust Developer", &["rust"])).collect();
        let index = index_of(&jobs);
        let page = |offset| {
            index.search(&IndexQuery { words: words("rust"), offset, limit: 10, ..IndexQuery::default() }).unwrap().seqs
        };
        let all: Vec<u64> = [page(0), page(10), page(20)].concat();
        assert_eq!(all, (1..=25).rev().collect::<Vec<u64>>(), "equal scores newest first: one order, no repeats");
        index.upsert(&job(25, "Go Developer", &["go"]), crate::db::now_millis()).unwrap();
        index.remove(24);
        index.commit().unwrap();
        assert_eq!(search(&index, "rust").total, 23);
        assert_eq!(index.len(), 24);
    }

    #[test]
    fn recommendations_rank_by_the_words_a_job_holds_and_leave_out_closed_and_excluded_jobs() {
        let mut closed = job(5, "Rust SQL Kafka Engineer", &["rust", "sql", "kafka"]);
        closed.full = true;
        let jobs = vec![
            job(1, "Rust Developer", &["rust"]),
            job(2, "Rust and SQL Engineer", &["rust", "sql"]),
            job(3, "Chef", &["cooking"]),
            job(4, "Data Engineer", &["sql", "kafka"]),
            closed,
        ];
        let index = index_of(&jobs);
        let words: Vec<String> = ["Rust", "SQL", "Kafka"].map(String::from).to_vec();
        let seqs = index.recommend(&words, &[], &[], 10).unwrap();
        assert_eq!(seqs.len(), 3, "the chef and the full job are left out: {seqs:?}");
        assert!(!seqs.contains(&3) && !seqs.contains(&5));
        assert_eq!(index.recommend(&words, &[], &[2, 4], 10).unwrap(), [1]);
        assert_eq!(index.recommend(&words, &[], &[], 1).unwrap().len(), 1);
        let chef = ["cooking".to_string()];
        assert_eq!(index.recommend(&chef, &words, &[], 10).unwrap(), [3], "a boost alone brings in no job");
        assert_eq!(index.recommend(&[], &words, &[], 10).unwrap(), Vec::<u64>::new());
    }
}
