//! The search index of listed jobs (issue 11): an embedded Tantivy index derived from the
//! database, which stays the source of truth. Words are matched with BM25 over title, skills,
//! company, location and description (English stemming, every word required, the last word also
//! as a prefix, one typo tolerated when the exact words find nothing); filters are indexed and
//! FAST fields; the index answers job `seq`s in order and the page's rows come from the database.

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;
use std::path::Path;
use std::sync::Mutex;

use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::{Index, IndexReader, IndexWriter, Order, ReloadPolicy, Searcher, TantivyDocument, Term};

/// Bumped whenever the schema or the analysis changes: an index of another version is rebuilt.
pub const SCHEMA_VERSION: u32 = 1;
const VERSION_FILE: &str = "jobportal-index-version";
/// The writer's memory budget; a rebuild of a million jobs fits in a few flushes.
const WRITER_HEAP_BYTES: usize = 64 * 1024 * 1024;
/// Words shorter than this are never matched with a typo ("java" is not "lava").
const FUZZY_MIN_CHARS: usize = 5;

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
    pub salary: i64,
    pub posted: i64,
    pub deadline: i64,
    /// Every place taken (`applications_count >= max_applicants`).
    pub full: bool,
}

/// What a search asks the index for.
#[derive(Clone, Debug, Default)]
pub struct IndexQuery {
    /// Words as the person typed them (already split into letters and digits, lower-cased).
    pub words: Vec<String>,
    pub categories: Vec<String>,
    pub job_types: Vec<String>,
    /// Words that must all be in the location.
    pub location: Vec<String>,
    pub salary_min: Option<i64>,
    /// Posted at or after this time (Unix milliseconds).
    pub posted_since: Option<i64>,
    /// Open at this time: deadline after it, and not full.
    pub open_at: Option<i64>,
    pub sort: Sort,
    pub offset: usize,
    pub limit: usize,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sort {
    /// Best match first (BM25), newest first among equals; newest when there are no words.
    #[default]
    Relevance,
    Newest,
}

/// One page of an index search.
#[derive(Debug, PartialEq)]
pub struct Hits {
    /// The jobs' `seq`s, in order.
    pub seqs: Vec<u64>,
    /// Every match, exactly.
    pub total: usize,
    /// Set when the exact words found nothing and one typo per word did: the words searched.
    pub corrected: Option<Vec<String>>,
    /// Matches per category and per job type, for the same query and filters.
    pub categories: BTreeMap<String, usize>,
    pub job_types: BTreeMap<String, usize>,
}

#[derive(Clone, Copy)]
struct Fields {
    seq: Field,
    title: Field,
    skills: Field,
    company: Field,
    location: Field,
    description: Field,
    category: Field,
    job_type: Field,
    salary: Field,
    posted: Field,
    deadline: Field,
    full: Field,
}

/// Text fields and how much a match in each counts.
const WEIGHTS: [(&str, f32); 5] = [("title", 3.0), ("skills", 2.0), ("company", 1.5), ("location", 1.0), ("description", 1.0)];

fn schema() -> Schema {
    let mut builder = Schema::builder();
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer("en_stem").set_index_option(IndexRecordOption::WithFreqs),
    );
    builder.add_u64_field("seq", INDEXED | FAST);
    for (name, _) in WEIGHTS {
        builder.add_text_field(name, words.clone());
    }
    builder.add_text_field("category", STRING | FAST);
    builder.add_text_field("job_type", STRING | FAST);
    builder.add_i64_field("salary", INDEXED | FAST);
    builder.add_i64_field("posted", INDEXED | FAST);
    builder.add_i64_field("deadline", INDEXED | FAST);
    builder.add_u64_field("full", INDEXED | FAST);
    builder.build()
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
        let opened = if current { Index::open_in_dir(dir).ok() } else { None };
        let (index, fresh) = match opened {
            Some(index) => (index, false),
            None => {
                if dir.exists() {
                    std::fs::remove_dir_all(dir)?;
                }
                std::fs::create_dir_all(dir)?;
                let index = Index::create_in_dir(dir, schema())?;
                std::fs::write(dir.join(VERSION_FILE), SCHEMA_VERSION.to_string())?;
                (index, true)
            }
        };
        Ok((Self::from_index(index)?, fresh))
    }

    /// An index in memory, for tests.
    pub fn in_memory() -> tantivy::Result<Self> {
        Self::from_index(Index::create_in_ram(schema()))
    }

    fn from_index(index: Index) -> tantivy::Result<Self> {
        let schema = index.schema();
        let field = |name: &str| schema.get_field(name).expect("the schema has every field");
        let fields = Fields {
            seq: field("seq"),
            title: field("title"),
            skills: field("skills"),
            company: field("company"),
            location: field("location"),
            description: field("description"),
            category: field("category"),
            job_type: field("job_type"),
            salary: field("salary"),
            posted: field("posted"),
            deadline: field("deadline"),
            full: field("full"),
        };
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let writer = index.writer_with_num_threads(1, WRITER_HEAP_BYTES)?;
        Ok(Self { index, reader, writer: Mutex::new(writer), fields })
    }

    fn writer(&self) -> std::sync::MutexGuard<'_, IndexWriter> {
        self.writer.lock().expect("the index writer lock is never poisoned")
    }

    /// Replaces the document of `doc.seq` (or adds it).
    pub fn upsert(&self, doc: &JobDoc) -> tantivy::Result<()> {
        let f = self.fields;
        let writer = self.writer();
        writer.delete_term(Term::from_field_u64(f.seq, doc.seq));
        let mut document = TantivyDocument::default();
        document.add_u64(f.seq, doc.seq);
        document.add_text(f.title, &doc.title);
        document.add_text(f.skills, doc.skills.join(" \n "));
        document.add_text(f.company, &doc.company);
        document.add_text(f.location, &doc.location);
        document.add_text(f.description, &doc.description);
        document.add_text(f.category, &doc.category_id);
        document.add_text(f.job_type, &doc.job_type);
        document.add_i64(f.salary, doc.salary);
        document.add_i64(f.posted, doc.posted);
        document.add_i64(f.deadline, doc.deadline);
        document.add_u64(f.full, u64::from(doc.full));
        writer.add_document(document)?;
        Ok(())
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
        let words = self.analysed(&query.words)?;
        let mut corrected = None;
        // The exact total and the facets in one pass over the matches.
        let counted = |query: &dyn Query| searcher.search(query, &(Count, FacetCounts { fields: FACET_FIELDS }));
        let mut full_query = self.combined(self.words_query(&words, false), &filters);
        let (mut total, mut facets) = counted(&*full_query)?;
        if total == 0 && words.iter().any(|(raw, _)| raw.chars().count() >= FUZZY_MIN_CHARS) {
            let fuzzy = self.combined(self.words_query(&words, true), &filters);
            let (fuzzy_total, fuzzy_facets) = counted(&*fuzzy)?;
            if fuzzy_total > 0 {
                corrected = Some(self.corrections(&searcher, &words)?);
                (full_query, total, facets) = (fuzzy, fuzzy_total, fuzzy_facets);
            }
        }
        let seqs = if query.limit == 0 || query.offset >= total {
            Vec::new()
        } else {
            self.page(&searcher, &*full_query, query, !words.is_empty())?
        };
        let [categories, job_types] = facets;
        Ok(Hits { seqs, total, corrected, categories, job_types })
    }

    /// Each typed word with its stemmed form (the index's analysis of it).
    fn analysed(&self, words: &[String]) -> tantivy::Result<Vec<(String, String)>> {
        let mut analyzer = self.index.tokenizer_for_field(self.fields.title)?;
        let mut analysed = Vec::new();
        for word in words {
            let mut stream = analyzer.token_stream(word);
            while let Some(token) = stream.next() {
                analysed.push((word.to_lowercase(), token.text.clone()));
            }
        }
        Ok(analysed)
    }

    /// Every word required; each may match in any text field, with that field's weight. The last
    /// word also matches as a prefix (the person may still be typing it). With `fuzzy`, a word of
    /// five letters or more also matches at one edit.
    fn words_query(&self, words: &[(String, String)], fuzzy: bool) -> Option<Box<dyn Query>> {
        if words.is_empty() {
            return None;
        }
        let last = words.len() - 1;
        let required = words
            .iter()
            .enumerate()
            .map(|(position, (raw, stem))| {
                let mut alternatives: Vec<(Occur, Box<dyn Query>)> = Vec::new();
                for (name, weight) in WEIGHTS {
                    let field = self.index.schema().get_field(name).expect("a text field");
                    let term = Term::from_field_text(field, stem);
                    let exact: Box<dyn Query> = if fuzzy && raw.chars().count() >= FUZZY_MIN_CHARS {
                        Box::new(FuzzyTermQuery::new(term, 1, true))
                    } else {
                        Box::new(TermQuery::new(term, IndexRecordOption::WithFreqs))
                    };
                    alternatives.push((Occur::Should, Box::new(BoostQuery::new(exact, weight))));
                    if position == last && !fuzzy {
                        let prefix = FuzzyTermQuery::new_prefix(Term::from_field_text(field, raw), 0, false);
                        alternatives.push((Occur::Should, Box::new(BoostQuery::new(Box::new(prefix), weight * 0.5))));
                    }
                }
                (Occur::Must, Box::new(BooleanQuery::new(alternatives)) as Box<dyn Query>)
            })
            .collect();
        Some(Box::new(BooleanQuery::new(required)))
    }

    /// The filters, each a required clause that does not score.
    fn filters(&self, query: &IndexQuery) -> Vec<Box<dyn Query>> {
        let f = self.fields;
        let mut filters: Vec<Box<dyn Query>> = Vec::new();
        let any_of = |field: Field, values: &[String]| -> Box<dyn Query> {
            let terms = values.iter().map(|value| Term::from_field_text(field, value)).collect();
            Box::new(BooleanQuery::new_multiterms_query(terms))
        };
        if !query.categories.is_empty() {
            filters.push(any_of(f.category, &query.categories));
        }
        if !query.job_types.is_empty() {
            filters.push(any_of(f.job_type, &query.job_types));
        }
        if !query.location.is_empty()
            && let Ok(mut analyzer) = self.index.tokenizer_for_field(f.location)
        {
            for word in &query.location {
                let mut stream = analyzer.token_stream(word);
                while let Some(token) = stream.next() {
                    let term = Term::from_field_text(f.location, &token.text);
                    filters.push(Box::new(TermQuery::new(term, IndexRecordOption::Basic)));
                }
            }
        }
        let at_least = |field: Field, value: i64| -> Box<dyn Query> {
            Box::new(RangeQuery::new(Bound::Included(Term::from_field_i64(field, value)), Bound::Unbounded))
        };
        if let Some(salary) = query.salary_min {
            filters.push(at_least(f.salary, salary));
        }
        if let Some(since) = query.posted_since {
            filters.push(at_least(f.posted, since));
        }
        if let Some(now) = query.open_at {
            filters.push(Box::new(RangeQuery::new(
                Bound::Excluded(Term::from_field_i64(f.deadline, now)),
                Bound::Unbounded,
            )));
            filters.push(Box::new(TermQuery::new(Term::from_field_u64(f.full, 0), IndexRecordOption::Basic)));
        }
        filters
    }

    /// The words (scoring) and the filters (not scoring), all required; everything when empty.
    fn combined(&self, words: Option<Box<dyn Query>>, filters: &[Box<dyn Query>]) -> Box<dyn Query> {
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
        if let Some(words) = words {
            clauses.push((Occur::Must, words));
        }
        for filter in filters {
            clauses.push((Occur::Must, Box::new(BoostQuery::new(filter.box_clone(), 0.0))));
        }
        if clauses.is_empty() {
            return Box::new(tantivy::query::AllQuery);
        }
        Box::new(BooleanQuery::new(clauses))
    }

    fn page(&self, searcher: &Searcher, query: &dyn Query, request: &IndexQuery, words: bool) -> tantivy::Result<Vec<u64>> {
        let top = TopDocs::with_limit(request.limit).and_offset(request.offset);
        if words && request.sort == Sort::Relevance {
            // Best match first; among equal scores the newest job first: one order across pages.
            let best = top.tweak_score(|segment: &tantivy::SegmentReader| {
                let seqs = segment.fast_fields().u64("seq").ok();
                move |doc: tantivy::DocId, score: tantivy::Score| {
                    (score, seqs.as_ref().and_then(|column| column.first(doc)).unwrap_or_default())
                }
            });
            let ranked = searcher.search(query, &best)?;
            return Ok(ranked.into_iter().map(|((_, seq), _)| seq).collect());
        }
        // The sort key is the seq itself.
        let newest = searcher.search(query, &top.order_by_fast_field::<u64>("seq", Order::Desc))?;
        Ok(newest.into_iter().filter_map(|(seq, _)| seq).collect())
    }

    /// For each word that matched only with a typo, the indexed word it stands for: the stem
    /// within one edit that the most titles and skills hold (shown as "showing results for ...").
    /// Only titles and skills are walked: their dictionaries are small, and they are what a person
    /// searches for by name.
    fn corrections(&self, searcher: &Searcher, words: &[(String, String)]) -> tantivy::Result<Vec<String>> {
        let mut corrected = Vec::new();
        for (raw, stem) in words {
            let mut best: Option<(u32, String)> = None;
            for field in [self.fields.title, self.fields.skills] {
                for segment in searcher.segment_readers() {
                    let inverted = segment.inverted_index(field)?;
                    let mut stream = inverted.terms().stream()?;
                    while stream.advance() {
                        let Ok(word) = std::str::from_utf8(stream.key()) else { continue };
                        if word == stem {
                            best = Some((u32::MAX, raw.clone()));
                            continue;
                        }
                        if !within_one_edit(stem, word) {
                            continue;
                        }
                        let frequency = stream.value().doc_freq;
                        if best.as_ref().is_none_or(|(count, _)| frequency > *count) {
                            best = Some((frequency, word.to_string()));
                        }
                    }
                }
            }
            corrected.push(best.map_or_else(|| raw.clone(), |(_, word)| word));
        }
        Ok(corrected)
    }
}

/// Whether `a` becomes `b` by at most one insertion, deletion, substitution or swap of neighbours.
fn within_one_edit(a: &str, b: &str) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let (a_rest, b_rest) = (&a[common..], &b[common..]);
    match (a_rest.len(), b_rest.len()) {
        (0, 0) | (0, 1) | (1, 0) => true,
        (x, y) if x == y => {
            a_rest[1..] == b_rest[1..] || (x >= 2 && a_rest[0] == b_rest[1] && a_rest[1] == b_rest[0] && a_rest[2..] == b_rest[2..])
        }
        (x, y) if x == y + 1 => a_rest[1..] == *b_rest,
        (x, y) if y == x + 1 => *a_rest == b_rest[1..],
        _ => false,
    }
}

const FACET_FIELDS: [&str; 2] = ["category", "job_type"];

/// Counts matches per value of two string FAST fields.
struct FacetCounts {
    fields: [&'static str; 2],
}

struct FacetSegment {
    columns: [Option<tantivy::columnar::StrColumn>; 2],
    counts: [HashMap<u64, usize>; 2],
}

impl tantivy::collector::Collector for FacetCounts {
    type Fruit = [BTreeMap<String, usize>; 2];
    type Child = FacetSegment;

    fn for_segment(
        &self,
        _segment_local_id: tantivy::SegmentOrdinal,
        segment: &tantivy::SegmentReader,
    ) -> tantivy::Result<FacetSegment> {
        let columns = self.fields.map(|name| segment.fast_fields().str(name).ok().flatten());
        Ok(FacetSegment { columns, counts: [HashMap::new(), HashMap::new()] })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<[BTreeMap<String, usize>; 2]>) -> tantivy::Result<Self::Fruit> {
        let mut merged: [BTreeMap<String, usize>; 2] = [BTreeMap::new(), BTreeMap::new()];
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
    type Fruit = [BTreeMap<String, usize>; 2];

    fn collect(&mut self, doc: tantivy::DocId, _score: tantivy::Score) {
        for (column, counts) in self.columns.iter().zip(self.counts.iter_mut()) {
            if let Some(column) = column {
                for ordinal in column.term_ords(doc) {
                    *counts.entry(ordinal).or_default() += 1;
                }
            }
        }
    }

    fn harvest(self) -> Self::Fruit {
        let mut fruit: [BTreeMap<String, usize>; 2] = [BTreeMap::new(), BTreeMap::new()];
        for ((column, counts), into) in self.columns.iter().zip(self.counts).zip(fruit.iter_mut()) {
            let Some(column) = column else { continue };
            for (ordinal, count) in counts {
                let mut value = String::new();
                if column.ord_to_str(ordinal, &mut value).unwrap_or(false) {
                    into.insert(value, count);
                }
            }
        }
        fruit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            salary: 80_000,
            posted: 1_000,
            deadline: 10_000,
            full: false,
        }
    }

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(str::to_string).collect()
    }

    fn index_of(jobs: &[JobDoc]) -> JobIndex {
        let index = JobIndex::in_memory().unwrap();
        for job in jobs {
            index.upsert(job).unwrap();
        }
        index.commit().unwrap();
        index
    }

    fn search(index: &JobIndex, text: &str) -> Hits {
        index.search(&IndexQuery { words: words(text), limit: 20, ..IndexQuery::default() }).unwrap()
    }

    #[test]
    fn one_edit_is_an_insertion_deletion_substitution_or_swap() {
        for (a, b) in [("engin", "engin"), ("engn", "engin"), ("enginn", "engin"), ("engim", "engin"), ("egnin", "engin")] {
            assert!(within_one_edit(a, b), "{a} {b}");
        }
        for (a, b) in [("eng", "engin"), ("nigne", "engin"), ("abcde", "vwxyz")] {
            assert!(!within_one_edit(a, b), "{a} {b}");
        }
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
    }

    #[test]
    fn one_typo_is_forgiven_when_the_exact_words_find_nothing() {
        let index = index_of(&[job(1, "Backend Engineer", &["rust"]), job(2, "Data Analyst", &["sql"])]);
        let stemmed = search(&index, "enginer");
        assert_eq!((stemmed.seqs, stemmed.corrected), (vec![1], None), "the stem alone finds Engineer");
        let hits = search(&index, "analyts");
        assert_eq!(hits.seqs, [2]);
        assert_eq!(hits.corrected, Some(vec!["analyst".to_string()]));
        assert_eq!(search(&index, "analyst").corrected, None);
        assert_eq!(search(&index, "jav").total, 0, "short words are never matched with a typo");
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
        assert_eq!(query(&|q| q.open_at = Some(1_000)).seqs, [4, 3], "not past its deadline, not full");
        assert_eq!(query(&|q| q.job_types = vec!["Internship".into()]).seqs, [3]);
        assert_eq!(query(&|q| q.salary_min = Some(50_000)).seqs, [4, 2, 1]);
        assert_eq!(query(&|q| q.categories = vec!["internships".into()]).seqs, [3]);
        assert_eq!(query(&|q| q.location = vec!["maharashtra".into()]).total, 4);
        assert_eq!(query(&|q| q.location = vec!["delhi".into()]).total, 0);
        let hits = query(&|_| {});
        assert_eq!(hits.job_types, BTreeMap::from([("Full-time".into(), 3), ("Internship".into(), 1)]));
        assert_eq!(hits.categories, BTreeMap::from([("engineering".into(), 3), ("internships".into(), 1)]));
    }

    #[test]
    fn pages_follow_one_order_and_documents_are_replaced_or_removed() {
        let jobs: Vec<JobDoc> = (1..=25).map(|seq| job(seq, "Rust Developer", &["rust"])).collect();
        let index = index_of(&jobs);
        let page = |offset| {
            index.search(&IndexQuery { words: words("rust"), offset, limit: 10, ..IndexQuery::default() }).unwrap().seqs
        };
        let all: Vec<u64> = [page(0), page(10), page(20)].concat();
        assert_eq!(all, (1..=25).rev().collect::<Vec<u64>>(), "equal scores: newest first, no repeats");
        index.upsert(&job(25, "Go Developer", &["go"])).unwrap();
        index.remove(24);
        index.commit().unwrap();
        assert_eq!(search(&index, "rust").total, 23);
        assert_eq!(index.len(), 24);
    }
}
