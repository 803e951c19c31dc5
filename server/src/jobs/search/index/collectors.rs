//! The collectors that bound a search's work: counts exact while few and estimated from a
//! sample beyond (`Bounded`), the newest matches read first (`NewestFirst`), and the counts per
//! facet value (`FacetCounts`, `PostedCounts`).

use std::collections::BTreeMap;

use tantivy::Searcher;
use tantivy::query::Query;

/// Matches sampled past the exact ones for an estimate: within about 2 % of the truth.
const ESTIMATE_SAMPLE: usize = 2_000;

/// The parts each sampled stretch of a segment is split into, so that matches bunched in one part
/// of it (the newest jobs, the open ones) are weighed as they are spread.
const STRATA: u32 = 32;

/// Counting with a bound on its work: `inner` sees every match while the search's exact budget
/// lasts (shared by the segments, in the order they are searched); past it, the rest of each
/// segment is split into strata, a few matches of each are counted, and each stratum's counts are
/// scaled up by the share of it they covered. So a pass visits at most the exact limit and
/// `ESTIMATE_SAMPLE` more matches however many there are, its counts are exact while they are
/// few, and `estimated` says when they are not.
pub(super) struct Bounded<C> {
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
pub(super) fn count_bounded<C>(
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
pub(super) trait Tally: Sized {
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
pub(super) struct NewestFirst {
    pub(super) wanted: usize,
}

/// One segment's newest matches, in order.
pub(super) struct NewestSegment {
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
pub(super) struct FacetCounts {
    pub(super) fields: Vec<&'static str>,
}

/// Per field: the column and a count per term ordinal (categories and job types are few).
pub(super) struct FacetSegment {
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
pub(super) struct PostedCounts {
    pub(super) since: Vec<i64>,
}

pub(super) struct PostedSegment {
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
