use std::collections::BTreeMap;

use super::query::*;
use super::store::*;

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
        company_slug: "acme-labs".into(),
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
    let index =
        index_of(&[job(1, "Java Tester", &["qa"]), job(2, "Java Tester", &["qa"]), job(3, "Java Taster", &["food"])]);
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
    let by_default = index.search(&IndexQuery { words: words("java"), limit: 10, ..IndexQuery::default() }).unwrap();
    assert_eq!(EXACT_COUNT_LIMIT, 1_000);
    assert!(!by_default.total_exact && near(by_default.total, 1_200), "past 1,000: {}", by_default.total);
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
    assert_eq!(query(&|q| q.location = vec!["x".repeat(60)]).total, 0, "a word too long to index is in no location");
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
