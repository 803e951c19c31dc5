//! The search index of listed jobs (issue 11): an embedded Tantivy index derived from the
//! database, which stays the source of truth. Words are matched with BM25 over title, skills,
//! company, location and description (English stemming, every word required, the last word also
//! as a prefix, one typo tolerated when the exact words find nothing); filters are indexed and
//! FAST fields; the index answers job `seq`s in order and the page's rows come from the database.

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;
use std::path::Path;
use std::sync::Mutex;

use tantivy::collector::{Count, MultiCollector, TopDocs};
use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::{Index, IndexReader, IndexWriter, Order, ReloadPolicy, Searcher, TantivyDocument, Term};

/// Bumped whenever the schema or the analysis changes: an index of another version is rebuilt.
pub const SCHEMA_VERSION: u32 = 2;
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
    /// Set when a word was taken for a misspelling of an indexed word: the words searched, as
    /// they are spelt in the jobs ("showing results for ...").
    pub corrected: Option<Vec<String>>,
    /// Matches per category for the words and every filter but the category's, and per job type
    /// for the words and every filter but the job types' (what choosing one more would give).
    pub categories: BTreeMap<String, usize>,
    pub job_types: BTreeMap<String, usize>,
    /// The words searched (after any correction), to mark them in titles.
    pub matched: Matched,
}

/// The words a search matched: each as searched and by its stem; the last also as a prefix.
#[derive(Debug, Default, PartialEq)]
pub struct Matched {
    words: Vec<(String, String)>,
}

#[derive(Clone, Copy)]
struct Fields {
    seq: Field,
    title: Field,
    skills: Field,
    company: Field,
    location: Field,
    description: Field,
    /// Title, skills, company and location as written (lower-cased, not stemmed): the spellings
    /// that typos are corrected to.
    words: Field,
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
    let spellings = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer("default").set_index_option(IndexRecordOption::Basic),
    );
    builder.add_text_field("words", spellings);
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
            words: field("words"),
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
        let writer = self.writer();
        writer.delete_term(Term::from_field_u64(self.fields.seq, doc.seq));
        writer.add_document(self.document(doc))?;
        Ok(())
    }

    /// Adds documents known not to be in the index (a rebuild after `clear`).
    pub fn add(&self, docs: &[JobDoc]) -> tantivy::Result<()> {
        let writer = self.writer();
        for doc in docs {
            writer.add_document(self.document(doc))?;
        }
        Ok(())
    }

    fn document(&self, doc: &JobDoc) -> TantivyDocument {
        let f = self.fields;
        let mut document = TantivyDocument::default();
        document.add_u64(f.seq, doc.seq);
        document.add_text(f.title, &doc.title);
        document.add_text(f.skills, doc.skills.join(" \n "));
        document.add_text(f.company, &doc.company);
        document.add_text(f.location, &doc.location);
        document.add_text(f.description, &doc.description);
        for text in [doc.title.as_str(), doc.company.as_str(), doc.location.as_str()].into_iter().chain(doc.skills.iter().map(String::as_str)) {
            document.add_text(f.words, text);
        }
        document.add_text(f.category, &doc.category_id);
        document.add_text(f.job_type, &doc.job_type);
        document.add_i64(f.salary, doc.salary);
        document.add_i64(f.posted, doc.posted);
        document.add_i64(f.deadline, doc.deadline);
        document.add_u64(f.full, u64::from(doc.full));
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
        // A facet whose field is not filtered on is counted in the same pass as the total.
        let unfiltered: Vec<&'static str> = [("category", &filters.category), ("job_type", &filters.job_type)]
            .into_iter()
            .filter_map(|(field, filter)| filter.is_none().then_some(field))
            .collect();
        let gathered = |words: &[(String, String)]| {
            let full = self.combined(self.words_query(words), filters.chosen(true, true));
            self.gather(&searcher, &*full, query, !words.is_empty(), unfiltered.clone())
        };
        let mut words = self.analysed(&query.words)?;
        let (mut total, mut facets, mut seqs) = gathered(&words)?;
        // A word that no job spells so: with no matches, the spelling within one edit that the
        // most jobs use stands in for it; with matches (its stem matched), only a spelling of the
        // same stem does, so the results stay the same and only the words shown change.
        let corrected = match self.respelt(&searcher, &words, total > 0)? {
            Some(respelt) if total > 0 => Some(respelt),
            Some(respelt) => {
                let analysed = self.analysed(&respelt)?;
                let (respelt_total, respelt_facets, respelt_seqs) = gathered(&analysed)?;
                (respelt_total > 0).then(|| {
                    (total, facets, seqs, words) = (respelt_total, respelt_facets, respelt_seqs, analysed);
                    respelt
                })
            }
            None => None,
        };
        // A filtered field's facet: the same words, every filter but its own.
        let mut facets = unfiltered.into_iter().zip(facets).collect::<HashMap<_, _>>();
        let mut facet = |field: &'static str, chosen: Vec<&dyn Query>| match facets.remove(field) {
            Some(counts) => Ok(counts),
            None => {
                let query = self.combined(self.words_query(&words), chosen);
                searcher.search(&*query, &FacetCounts { fields: vec![field] }).map(|mut counts| counts.remove(0))
            }
        };
        let categories = facet("category", filters.chosen(false, true))?;
        let job_types = facet("job_type", filters.chosen(true, false))?;
        Ok(Hits { seqs, total, corrected, categories, job_types, matched: Matched { words } })
    }

    /// Where the title holds the searched words: `[start, end)` ranges in UTF-16 code units (the
    /// offsets a browser's strings use), in order.
    pub fn title_matches(&self, title: &str, matched: &Matched) -> Vec<[usize; 2]> {
        let Some((last_raw, _)) = matched.words.last() else { return Vec::new() };
        let Ok(mut analyzer) = self.index.tokenizer_for_field(self.fields.title) else { return Vec::new() };
        let stems: Vec<&str> = matched.words.iter().map(|(_, stem)| stem.as_str()).collect();
        let mut ranges = Vec::new();
        let mut stream = analyzer.token_stream(title);
        while let Some(token) = stream.next() {
            let written = &title[token.offset_from..token.offset_to];
            if stems.contains(&token.text.as_str()) || written.to_lowercase().starts_with(last_raw.as_str()) {
                let start = title[..token.offset_from].encode_utf16().count();
                ranges.push([start, start + written.encode_utf16().count()]);
            }
        }
        ranges
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
    /// word of two letters or more also matches as a prefix of a word in the title, skills,
    /// company or location (the person may still be typing it).
    fn words_query(&self, words: &[(String, String)]) -> Option<Box<dyn Query>> {
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
                    let exact = TermQuery::new(Term::from_field_text(field, stem), IndexRecordOption::WithFreqs);
                    alternatives.push((Occur::Should, Box::new(BoostQuery::new(Box::new(exact), weight))));
                    // Descriptions are left out: a prefix there spans millions of postings.
                    if position == last && name != "description" && raw.chars().count() >= PREFIX_MIN_CHARS {
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
    fn filters(&self, query: &IndexQuery) -> Filters {
        let f = self.fields;
        let mut filters: Vec<Box<dyn Query>> = Vec::new();
        let any_of = |field: Field, values: &[String]| -> Box<dyn Query> {
            let terms = values.iter().map(|value| Term::from_field_text(field, value)).collect();
            Box::new(BooleanQuery::new_multiterms_query(terms))
        };
        let category = (!query.categories.is_empty()).then(|| any_of(f.category, &query.categories));
        let job_type = (!query.job_types.is_empty()).then(|| any_of(f.job_type, &query.job_types));
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
        Filters { category, job_type, rest: filters }
    }

    /// The words (scoring) and the filters (not scoring), all required; everything when empty.
    fn combined(&self, words: Option<Box<dyn Query>>, filters: Vec<&dyn Query>) -> Box<dyn Query> {
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

    /// One pass over the matches of `query`: their exact number, their facet counts for
    /// `facet_fields`, and the `seq`s of the requested page in order.
    fn gather(
        &self,
        searcher: &Searcher,
        query: &dyn Query,
        request: &IndexQuery,
        words: bool,
        facet_fields: Vec<&'static str>,
    ) -> tantivy::Result<(usize, Vec<BTreeMap<String, usize>>, Vec<u64>)> {
        let mut collectors = MultiCollector::new();
        let count = collectors.add_collector(Count);
        let facets = collectors.add_collector(FacetCounts { fields: facet_fields });
        let top = TopDocs::with_limit(request.limit.max(1)).and_offset(request.offset);
        let (ranked, newest) = if words && request.sort == Sort::Relevance {
            // Best match first; among equal scores the newest job first: one order across pages.
            let best = top.tweak_score(|segment: &tantivy::SegmentReader| {
                let seqs = segment.fast_fields().u64("seq").ok();
                move |doc: tantivy::DocId, score: tantivy::Score| {
                    (score, seqs.as_ref().and_then(|column| column.first(doc)).unwrap_or_default())
                }
            });
            (Some(collectors.add_collector(best)), None)
        } else {
            // The sort key is the seq itself.
            (None, Some(collectors.add_collector(top.order_by_fast_field::<u64>("seq", Order::Desc))))
        };
        let mut fruits = searcher.search(query, &collectors)?;
        let mut seqs: Vec<u64> = match (ranked, newest) {
            (Some(ranked), _) => ranked.extract(&mut fruits).into_iter().map(|((_, seq), _)| seq).collect(),
            (_, Some(newest)) => newest.extract(&mut fruits).into_iter().filter_map(|(seq, _)| seq).collect(),
            (None, None) => Vec::new(),
        };
        seqs.truncate(request.limit);
        Ok((count.extract(&mut fruits), facets.extract(&mut fruits), seqs))
    }

    /// The words with each word of five letters or more that no job spells so (in its title,
    /// skills, company or location) replaced by the spelling within one edit that the most jobs
    /// use; with `same_stem`, only by a spelling of the same stem. `None` when nothing changes.
    fn respelt(&self, searcher: &Searcher, words: &[(String, String)], same_stem: bool) -> tantivy::Result<Option<Vec<String>>> {
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
                .filter(|(word, _)| !same_stem || self.analysed(std::slice::from_ref(word)).is_ok_and(|a| a.iter().any(|(_, s)| s == stem)))
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

/// The filters of a search; the category and job-type filters apart, for their facets.
struct Filters {
    category: Option<Box<dyn Query>>,
    job_type: Option<Box<dyn Query>>,
    rest: Vec<Box<dyn Query>>,
}

impl Filters {
    /// The filters, with or without the category's and the job types'.
    fn chosen(&self, category: bool, job_type: bool) -> Vec<&dyn Query> {
        let category = self.category.as_deref().filter(|_| category);
        let job_type = self.job_type.as_deref().filter(|_| job_type);
        category.into_iter().chain(job_type).chain(self.rest.iter().map(|filter| &**filter)).collect()
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
        for (column, counts) in self.columns.iter().zip(self.counts.iter_mut()) {
            if let Some(column) = column {
                for ordinal in column.term_ords(doc) {
                    if let Some(count) = counts.get_mut(ordinal as usize) {
                        *count += 1;
                    }
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
        assert_eq!(search(&index, "tuster").seqs, [2, 1]);
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
