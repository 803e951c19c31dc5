//! The applicant index (docs/rules.md#applicant-search): each application a hiring team may search,
//! with its applicant's name, statement of purpose, answers, skills and resume words. It is
//! private: it answers only among the jobs the caller names (the jobs the caller works, read from
//! the database for each search), and the page's applications are read again from the database
//! under the same rule, so a change the index has not applied yet can hide a result but never
//! show one the caller may not open. It lives beside the job index and follows the same change
//! log (`application:{id}` rows), so it is rebuilt and caught up with it.

use std::path::Path;
use std::sync::Mutex;

use serde::Serialize;
use tantivy::collector::{Count, TopDocs};
use tantivy::query::{AllQuery, BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery, TermSetQuery};
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::tokenizer::TextAnalyzer;
use tantivy::{Index, IndexReader, IndexWriter, Order, ReloadPolicy, TantivyDocument, Term};
use utoipa::ToSchema;

/// Bumped whenever the schema or the analysis changes: an index of another version is rebuilt.
pub const SCHEMA_VERSION: u32 = 1;
const VERSION_FILE: &str = "jobportal-applicants-version";
const WRITER_HEAP_BYTES: usize = 32 * 1024 * 1024;
/// Words of a search beyond this many are left out.
pub const MAX_WORDS: usize = 10;
/// The `meets` field's value on an application that meets every requirement of its job.
const MEETS_ALL: &str = "all";

/// An application as the index holds it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ApplicantDoc {
    pub id: String,
    pub job_id: String,
    pub stage: String,
    pub meets_all: bool,
    /// Its yes/no, number and choice answers as filter keys (`questions::answer_key`).
    pub answer_keys: Vec<String>,
    /// When it was made (Unix milliseconds): the order without words, newest first.
    pub applied: i64,
    pub name: String,
    pub statement: String,
    pub answers: String,
    pub skills: Vec<String>,
    pub resume: String,
}

#[derive(Clone, Copy)]
struct Fields {
    id: Field,
    job: Field,
    stage: Field,
    meets: Field,
    answer: Field,
    applied: Field,
    /// Every searched text, stemmed: the name twice and the skills twice (their weight), the
    /// answers, statement and resume once.
    text: Field,
    /// The same texts as written (lower-cased, not stemmed): what a misspelt word is matched to.
    words: Field,
}

fn schema() -> Schema {
    let mut builder = Schema::builder();
    let analysed = |tokenizer: &str, record: IndexRecordOption| {
        TextOptions::default()
            .set_indexing_options(TextFieldIndexing::default().set_tokenizer(tokenizer).set_index_option(record))
    };
    builder.add_text_field("id", STRING | STORED);
    builder.add_text_field("job", STRING);
    builder.add_text_field("stage", STRING);
    builder.add_text_field("meets", STRING);
    builder.add_text_field("answer", STRING);
    builder.add_i64_field("applied", INDEXED | FAST);
    builder.add_text_field("text", analysed("en_stem", IndexRecordOption::WithFreqs));
    builder.add_text_field("words", analysed("default", IndexRecordOption::Basic));
    builder.build()
}

/// What a search asks of the index.
pub struct ApplicantQuery<'a> {
    /// The jobs whose applications may be returned: those the caller works (never empty).
    pub jobs: &'a [String],
    pub stage: Option<&'a str>,
    pub meets_all: bool,
    /// An answer it must have given (`questions::answer_key`).
    pub answer: Option<&'a str>,
    pub offset: usize,
    pub limit: usize,
}

/// A page of matches: application ids, best first, and how many match in all.
pub struct ApplicantHits {
    pub ids: Vec<String>,
    pub total: usize,
    /// The words were matched with typos (their stems found nothing).
    pub typos: bool,
}

/// Where a snippet's text comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SnippetSource {
    Resume,
    Statement,
    Answers,
    Skills,
    Name,
}

/// A stretch of a snippet: matching words are `matched`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct SnippetPart {
    pub text: String,
    #[serde(rename = "match")]
    pub matched: bool,
}

/// Up to about 200 characters around the first matching words of one source, in parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Snippet {
    pub source: SnippetSource,
    pub parts: Vec<SnippetPart>,
}

const SNIPPET_CHARS: usize = 200;

/// The words of a search as the index compares them: each word's stem, and the word as written.
pub struct SearchWords {
    stems: Vec<String>,
    written: Vec<String>,
}

impl SearchWords {
    pub fn is_empty(&self) -> bool {
        self.stems.is_empty()
    }

    /// How far (in edits) a word may be from one of these to match it: none for short words, one
    /// from four letters, two from eight.
    fn tolerance(word: &str) -> u8 {
        match word.chars().count() {
            0..=3 => 0,
            4..=7 => 1,
            _ => 2,
        }
    }

    /// Whether a word of a text (its stem, and as written, lower-cased) matches one searched,
    /// with `typos` as the search matched them.
    fn matches(&self, stem: &str, written: &str, typos: bool) -> bool {
        self.stems.iter().any(|searched| searched == stem)
            || (typos && self.written.iter().any(|searched| within(searched, written, Self::tolerance(searched))))
    }
}

/// Whether `a` and `b` are at most `edits` insertions, deletions, substitutions or swaps of two
/// neighbours apart (as the index's fuzzy match counts them).
fn within(a: &str, b: &str, edits: u8) -> bool {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    if a.len().abs_diff(b.len()) > edits as usize {
        return false;
    }
    if edits == 0 {
        return a == b;
    }
    // Optimal string alignment distance, row by row.
    let mut before: Vec<usize> = Vec::new();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut current = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            current[j] = (previous[j] + 1).min(current[j - 1] + 1).min(previous[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                current[j] = current[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut previous, current);
    }
    previous[b.len()] <= edits as usize
}

pub struct ApplicantIndex {
    index: Index,
    reader: IndexReader,
    writer: Mutex<IndexWriter>,
    fields: Fields,
}

impl ApplicantIndex {
    /// Opens the index in `dir`, or makes an empty one when it is missing, of another version or
    /// unreadable; the flag says whether it is new (and must be filled from the database).
    pub fn open(dir: &Path) -> tantivy::Result<(Self, bool)> {
        let version = std::fs::read_to_string(dir.join(VERSION_FILE)).ok();
        let current = version.as_deref().map(str::trim) == Some(SCHEMA_VERSION.to_string().as_str());
        let opened =
            if current { Index::open_in_dir(dir).ok().filter(|index| index.schema() == schema()) } else { None };
        let (index, fresh) = match opened {
            Some(index) => (index, false),
            None => {
                if dir.exists() {
                    std::fs::remove_dir_all(dir)?;
                }
                std::fs::create_dir_all(dir)?;
                let index = Index::builder().schema(schema()).create_in_dir(dir)?;
                std::fs::write(dir.join(VERSION_FILE), SCHEMA_VERSION.to_string())?;
                (index, true)
            }
        };
        Ok((Self::from_index(index)?, fresh))
    }

    /// An index in memory (the search index turned off, and tests).
    pub fn in_memory() -> tantivy::Result<Self> {
        Self::from_index(Index::builder().schema(schema()).create_in_ram()?)
    }

    fn from_index(index: Index) -> tantivy::Result<Self> {
        let schema = index.schema();
        let field = |name: &str| schema.get_field(name).expect("the schema has every field");
        let fields = Fields {
            id: field("id"),
            job: field("job"),
            stage: field("stage"),
            meets: field("meets"),
            answer: field("answer"),
            applied: field("applied"),
            text: field("text"),
            words: field("words"),
        };
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let writer = index.writer_with_num_threads(1, WRITER_HEAP_BYTES)?;
        Ok(Self { index, reader, writer: Mutex::new(writer), fields })
    }

    fn writer(&self) -> std::sync::MutexGuard<'_, IndexWriter> {
        self.writer.lock().expect("the index writer lock is never poisoned")
    }

    fn analyzer(&self, field: Field) -> TextAnalyzer {
        self.index.tokenizer_for_field(field).expect("the index knows its fields' analysers")
    }

    /// Replaces the document of `doc.id` (or adds it).
    pub fn upsert(&self, doc: &ApplicantDoc) -> tantivy::Result<()> {
        let writer = self.writer();
        writer.delete_term(Term::from_field_text(self.fields.id, &doc.id));
        writer.add_document(self.document(doc))?;
        Ok(())
    }

    /// Adds documents known not to be in the index (a rebuild after `clear`).
    pub fn add(&self, docs: &[ApplicantDoc]) -> tantivy::Result<()> {
        let writer = self.writer();
        for doc in docs {
            writer.add_document(self.document(doc))?;
        }
        Ok(())
    }

    /// Removes an application (deleted, withdrawn, or its applicant's account deleted).
    pub fn remove(&self, id: &str) {
        self.writer().delete_term(Term::from_field_text(self.fields.id, id));
    }

    pub fn clear(&self) -> tantivy::Result<()> {
        self.writer().delete_all_documents()?;
        Ok(())
    }

    pub fn commit(&self) -> tantivy::Result<()> {
        self.writer().commit()?;
        self.reader.reload()
    }

    pub fn len(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn document(&self, doc: &ApplicantDoc) -> TantivyDocument {
        let f = self.fields;
        let mut document = TantivyDocument::default();
        document.add_text(f.id, &doc.id);
        document.add_text(f.job, &doc.job_id);
        document.add_text(f.stage, &doc.stage);
        if doc.meets_all {
            document.add_text(f.meets, MEETS_ALL);
        }
        for key in &doc.answer_keys {
            document.add_text(f.answer, key);
        }
        document.add_i64(f.applied, doc.applied);
        let skills = doc.skills.join(" \n ");
        for text in [&doc.name, &doc.name, &skills, &skills, &doc.answers, &doc.statement, &doc.resume] {
            document.add_text(f.text, text);
        }
        for text in [&doc.name, &skills, &doc.answers, &doc.statement, &doc.resume] {
            document.add_text(f.words, text);
        }
        document
    }

    /// The words of `text` as a search compares them (at most `MAX_WORDS`).
    pub fn search_words(&self, text: &str) -> SearchWords {
        let mut stems = Vec::new();
        let mut written = Vec::new();
        let mut stemmer = self.analyzer(self.fields.text);
        let mut plain = self.analyzer(self.fields.words);
        let mut stemmed = stemmer.token_stream(text);
        let mut lowered = plain.token_stream(text);
        // Both analysers split the same way; the stemmer only changes each word's ending.
        while stemmed.advance() && lowered.advance() {
            if stems.len() == MAX_WORDS {
                break;
            }
            stems.push(stemmed.token().text.clone());
            written.push(lowered.token().text.clone());
        }
        SearchWords { stems, written }
    }

    /// A page of the applications among `query.jobs` that hold every word and pass the filters,
    /// best matches first; without words, newest first. The words are matched by their stems; only
    /// when that finds nothing, also within a typo or two of words the applications hold (`typos`).
    pub fn search(&self, query: &ApplicantQuery, words: &SearchWords) -> tantivy::Result<ApplicantHits> {
        let exact = self.run(query, words, false)?;
        let tolerant = words.written.iter().any(|word| SearchWords::tolerance(word) > 0);
        if exact.total > 0 || !tolerant {
            return Ok(exact);
        }
        self.run(query, words, true)
    }

    fn run(&self, query: &ApplicantQuery, words: &SearchWords, typos: bool) -> tantivy::Result<ApplicantHits> {
        let f = self.fields;
        let jobs = TermSetQuery::new(query.jobs.iter().map(|job| Term::from_field_text(f.job, job)));
        let mut clauses: Vec<(Occur, Box<dyn Query>)> = vec![(Occur::Must, Box::new(jobs))];
        if let Some(stage) = query.stage {
            clauses.push((Occur::Must, term(f.stage, stage)));
        }
        if query.meets_all {
            clauses.push((Occur::Must, term(f.meets, MEETS_ALL)));
        }
        if let Some(answer) = query.answer {
            clauses.push((Occur::Must, term(f.answer, answer)));
        }
        for (stem, written) in words.stems.iter().zip(&words.written) {
            let exact: Box<dyn Query> =
                Box::new(TermQuery::new(Term::from_field_text(f.text, stem), IndexRecordOption::WithFreqs));
            let tolerance = SearchWords::tolerance(written);
            let word: Box<dyn Query> = if tolerance == 0 || !typos {
                exact
            } else {
                let near = FuzzyTermQuery::new(Term::from_field_text(f.words, written), tolerance, true);
                // A misspelt match counts for less than the word itself.
                let near: Box<dyn Query> = Box::new(BoostQuery::new(Box::new(near), 0.1));
                Box::new(BooleanQuery::new(vec![(Occur::Should, exact), (Occur::Should, near)]))
            };
            clauses.push((Occur::Must, word));
        }
        if clauses.len() == 1 {
            clauses.push((Occur::Must, Box::new(AllQuery)));
        }
        let searcher = self.reader.searcher();
        let boolean = BooleanQuery::new(clauses);
        let limit = query.limit.max(1);
        let (addresses, total): (Vec<tantivy::DocAddress>, usize) = if words.is_empty() {
            let top =
                TopDocs::with_limit(limit).and_offset(query.offset).order_by_fast_field::<i64>("applied", Order::Desc);
            let (top, total) = searcher.search(&boolean, &(top, Count))?;
            (top.into_iter().map(|(_, address)| address).collect(), total)
        } else {
            let top = TopDocs::with_limit(limit).and_offset(query.offset).order_by_score();
            let (top, total) = searcher.search(&boolean, &(top, Count))?;
            (top.into_iter().map(|(_, address)| address).collect(), total)
        };
        let mut ids = Vec::with_capacity(addresses.len());
        for address in addresses {
            let document: TantivyDocument = searcher.doc(address)?;
            if let Some(id) = document.get_first(f.id).and_then(|value| value.as_str()) {
                ids.push(id.to_string());
            }
        }
        Ok(ApplicantHits { ids, total, typos })
    }

    /// The snippet of the first of `sources` (in their order) that holds a searched word, with
    /// each matching word marked; `None` when none does (or no word was searched).
    pub fn snippet(&self, words: &SearchWords, typos: bool, sources: &[(SnippetSource, &str)]) -> Option<Snippet> {
        if words.is_empty() {
            return None;
        }
        let mut analyzer = self.analyzer(self.fields.text);
        for (source, text) in sources {
            let mut matches: Vec<(usize, usize)> = Vec::new();
            let mut stream = analyzer.token_stream(text);
            while let Some(token) = stream.next() {
                let written = text[token.offset_from..token.offset_to].to_lowercase();
                if words.matches(&token.text, &written, typos) {
                    matches.push((token.offset_from, token.offset_to));
                }
            }
            if let Some(&(first, _)) = matches.first() {
                return Some(Snippet { source: *source, parts: parts_around(text, first, &matches) });
            }
        }
        None
    }
}

fn term(field: Field, value: &str) -> Box<dyn Query> {
    Box::new(TermQuery::new(Term::from_field_text(field, value), IndexRecordOption::Basic))
}

/// About `SNIPPET_CHARS` characters of `text` from a little before `first`, cut at spaces, in
/// parts that are or are not one of `matches` (byte ranges, in order).
fn parts_around(text: &str, first: usize, matches: &[(usize, usize)]) -> Vec<SnippetPart> {
    let lead = SNIPPET_CHARS / 4;
    let mut start = text[..first].char_indices().rev().nth(lead).map_or(0, |(index, _)| index);
    if start > 0 {
        // From the next word's start.
        start = text[start..].find(char::is_whitespace).map_or(start, |space| start + space + 1).min(first);
    }
    let mut end = text[start..].char_indices().nth(SNIPPET_CHARS).map_or(text.len(), |(index, _)| start + index);
    if end < text.len() {
        end = text[..end].rfind(char::is_whitespace).filter(|&space| space > first).unwrap_or(end);
    }
    let mut parts = Vec::new();
    let mut push = |piece: &str, matched: bool| {
        let piece = piece.replace(['\n', '\r', '\t'], " ");
        if !piece.is_empty() {
            parts.push(SnippetPart { text: piece, matched });
        }
    };
    if start > 0 {
        push("…", false);
    }
    let mut at = start;
    for &(from, to) in matches.iter().filter(|(from, to)| *from >= start && *to <= end) {
        push(&text[at..from], false);
        push(&text[from..to], true);
        at = to;
    }
    push(&text[at..end], false);
    if end < text.len() {
        push("…", false);
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn doc(id: &str, job: &str, resume: &str) -> ApplicantDoc {
        ApplicantDoc {
            id: id.into(),
            job_id: job.into(),
            stage: "applied".into(),
            applied: 1,
            name: format!("Person {id}"),
            resume: resume.into(),
            ..ApplicantDoc::default()
        }
    }

    fn search(index: &ApplicantIndex, jobs: &[&str], words: &str) -> Vec<String> {
        let jobs: Vec<String> = jobs.iter().map(|job| job.to_string()).collect();
        let query = ApplicantQuery { jobs: &jobs, stage: None, meets_all: false, answer: None, offset: 0, limit: 10 };
        index.search(&query, &index.search_words(words)).unwrap().ids
    }

    #[test]
    fn only_the_named_jobs_applications_are_found() {
        let index = ApplicantIndex::in_memory().unwrap();
        index.add(&[doc("a", "job-1", "Kubernetes operator"), doc("b", "job-2", "Kubernetes operator")]).unwrap();
        index.commit().unwrap();
        assert_eq!(search(&index, &["job-1"], "kubernetes"), ["a"]);
        assert_eq!(search(&index, &["job-3"], "kubernetes"), Vec::<String>::new());
    }

    #[test]
    fn words_are_stemmed_and_a_typo_is_tolerated() {
        let index = ApplicantIndex::in_memory().unwrap();
        index.add(&[doc("a", "job-1", "Managed distributed databases"), doc("b", "job-1", "Gardening")]).unwrap();
        index.commit().unwrap();
        assert_eq!(search(&index, &["job-1"], "managing database"), ["a"]);
        assert_eq!(search(&index, &["job-1"], "distribted"), ["a"]);
        assert_eq!(search(&index, &["job-1"], "databases gardening"), Vec::<String>::new());
    }

    #[test]
    fn typos_are_tolerated_only_when_the_words_themselves_find_nothing() {
        let index = ApplicantIndex::in_memory().unwrap();
        index.add(&[doc("a", "job-1", "Kotlin"), doc("b", "job-1", "Kotlon")]).unwrap();
        index.commit().unwrap();
        assert_eq!(search(&index, &["job-1"], "kotlin"), ["a"]);
        let mut near = search(&index, &["job-1"], "kotlan");
        near.sort();
        assert_eq!(near, ["a", "b"]);
    }

    #[test]
    fn a_removed_application_is_not_found() {
        let index = ApplicantIndex::in_memory().unwrap();
        index.add(&[doc("a", "job-1", "Haskell")]).unwrap();
        index.commit().unwrap();
        index.remove("a");
        index.commit().unwrap();
        assert_eq!(search(&index, &["job-1"], "haskell"), Vec::<String>::new());
    }

    #[test]
    fn the_snippet_marks_the_matching_words_of_the_first_source_holding_one() {
        let index = ApplicantIndex::in_memory().unwrap();
        let words = index.search_words("kubernetes");
        let snippet = index
            .snippet(
                &words,
                false,
                &[(SnippetSource::Statement, "I like boats"), (SnippetSource::Resume, "Ran Kubernetes clusters")],
            )
            .unwrap();
        assert_eq!(snippet.source, SnippetSource::Resume);
        let parts: Vec<(&str, bool)> = snippet.parts.iter().map(|part| (part.text.as_str(), part.matched)).collect();
        assert_eq!(parts, [("Ran ", false), ("Kubernetes", true), (" clusters", false)]);
    }

    #[test]
    fn a_long_text_is_cut_around_the_first_match() {
        let index = ApplicantIndex::in_memory().unwrap();
        let text = format!("{} Terraform {}", "word ".repeat(100), "tail ".repeat(100));
        let snippet =
            index.snippet(&index.search_words("terraform"), false, &[(SnippetSource::Resume, &text)]).unwrap();
        assert_eq!(snippet.parts.first().map(|part| part.text.as_str()), Some("…"));
        assert_eq!(snippet.parts.last().map(|part| part.text.as_str()), Some("…"));
        assert!(snippet.parts.iter().any(|part| part.matched && part.text == "Terraform"));
        let length: usize = snippet.parts.iter().map(|part| part.text.chars().count()).sum();
        assert!(length <= SNIPPET_CHARS + 2, "{length}");
    }

    #[test]
    fn edits_are_counted_with_swaps_of_neighbours() {
        assert!(within("kubernetes", "kuberentes", 1));
        assert!(within("rust", "rusty", 1));
        assert!(!within("rust", "dusty", 1));
        assert!(!within("go", "ga", 0));
    }
}
