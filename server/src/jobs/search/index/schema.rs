//! The index's fields and how their text is analysed.

use tantivy::schema::{FAST, Field, INDEXED, IndexRecordOption, Schema, TextFieldIndexing, TextOptions};
use tantivy::{IndexSettings, IndexSortByField, Order};

#[derive(Clone, Copy)]
pub(super) struct Fields {
    pub(super) seq: Field,
    /// Every searched text in one field, so a word is one posting list: the title three times and
    /// the skills twice (that is their weight), the company, location and description once.
    pub(super) text: Field,
    /// The location alone, for the location filter.
    pub(super) location: Field,
    /// Title, skills, company and location as written (lower-cased, not stemmed): the spellings
    /// that typos are corrected to and that a last word being typed is completed to.
    pub(super) words: Field,
    pub(super) category: Field,
    /// The slug of the job's company.
    pub(super) company: Field,
    pub(super) job_type: Field,
    pub(super) work_mode: Field,
    pub(super) salary: Field,
    pub(super) posted: Field,
    /// The deadline, or `i64::MIN` once the job is full: "open at t" is `open_until > t`.
    pub(super) open_until: Field,
    /// `yes` on a job that was open when it was indexed (the indexer re-indexes a job when its
    /// deadline passes): a term to intersect first, so the exact `open_until` check reads only
    /// the open jobs' values.
    pub(super) open: Field,
}

/// The `open` field's one value.
pub(super) const OPEN: &str = "yes";

/// How many times each text goes into `text`: a match in the title counts most, then the skills.
pub(super) const TITLE_WEIGHT: usize = 3;
pub(super) const SKILLS_WEIGHT: usize = 2;

pub(super) fn schema() -> Schema {
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
    builder.add_text_field("company", analysed("raw", IndexRecordOption::Basic));
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
pub(super) fn settings() -> IndexSettings {
    IndexSettings {
        sort_by_field: Some(IndexSortByField { field: "seq".to_string(), order: Order::Desc }),
        ..IndexSettings::default()
    }
}
/// `text` with each word at its first use only, words being the same when `analyzer` reads them
/// the same (by their stem: "Engineers" is "engineer"), separated by spaces.
pub(super) fn once_each(analyzer: &mut tantivy::tokenizer::TextAnalyzer, text: &str) -> String {
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

/// A filter that has a facet: its counts leave the filter itself out.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Facet {
    Category,
    JobType,
    WorkMode,
    Posted,
}

impl Facet {
    /// The FAST field the facet counts.
    pub(super) fn field(self) -> &'static str {
        match self {
            Facet::Category => "category",
            Facet::JobType => "job_type",
            Facet::WorkMode => "work_mode",
            Facet::Posted => "posted",
        }
    }
}
