//! A search of the index: its words matched (stems, a last word as a prefix, one typo when the
//! exact words find nothing), its filters, its page in the order asked, its counts.

use std::collections::{BTreeMap, HashMap};
use std::ops::Bound;

use tantivy::collector::{Count, TopDocs};
use tantivy::query::{BooleanQuery, ConstScoreQuery, EmptyQuery, FuzzyTermQuery, Occur, Query, RangeQuery, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, Term};

use super::collectors::{FacetCounts, NewestFirst, PostedCounts, count_bounded};
use super::schema::{Facet, OPEN};
use super::store::JobIndex;

/// What a search asks the index for.
#[derive(Clone, Debug, Default)]
pub struct IndexQuery {
    /// Words as the person typed them (already split into letters and digits, lower-cased).
    pub words: Vec<String>,
    pub categories: Vec<String>,
    /// Only the jobs of this company (its slug).
    pub company: Option<String>,
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

/// Words shorter than this are never matched with a typo ("java" is not "lava").
const FUZZY_MIN_CHARS: usize = 5;

/// A last word shorter than this matches only whole words: one letter is no prefix worth reading.
const PREFIX_MIN_CHARS: usize = 2;

/// A search's total (and the facets counted with it) is exact while it has at most this many
/// matches; beyond, it is estimated from a sample, which a person reads as they read an exact
/// figure, for a bounded cost (docs/rules.md#search).
pub const EXACT_COUNT_LIMIT: usize = 1_000;

/// The facet of a chosen filter is counted in a pass of its own (every filter but its own): exact
/// while that pass has at most this many matches, estimated beyond.
pub const FACET_EXACT_LIMIT: usize = 1_000;

/// A last word being typed stands for at most this many whole words (those most jobs use).
const PREFIX_EXPANSIONS: usize = 8;
const SHORT_PREFIX_EXPANSIONS: usize = 3;

impl JobIndex {
    /// One page of jobs for `query`, with the exact total and facet counts. Long on purpose: the
    /// passes of one search (the total with the open facets, each chosen facet, the page) in order.
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
    pub(super) fn analysed(&self, words: &[String]) -> tantivy::Result<Vec<(String, String)>> {
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
        if let Some(company) = &query.company {
            let term = Term::from_field_text(f.company, company);
            filters.push(Box::new(ConstScoreQuery::new(Box::new(TermQuery::new(term, IndexRecordOption::Basic)), 0.0)));
        }
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
