//! Jobs for a person: the open jobs that hold their skills, best first.

use tantivy::Term;
use tantivy::collector::TopDocs;
use tantivy::query::{BooleanQuery, Occur, Query, TermQuery};
use tantivy::schema::IndexRecordOption;

use super::schema::OPEN;
use super::store::JobIndex;

impl JobIndex {
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
}
