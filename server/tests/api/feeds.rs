//! The job feeds (docs/rules.md#feeds): the whole feed of open jobs for the aggregators, read page
//! after page, and the Atom feeds of a search and of a company, each read as XML.

use std::collections::BTreeMap;

use jobportal::jobs::model::{LISTED, WorkMode, open_at};
use jobportal::jobs::repo as jobs_repo;

use crate::helpers::{TestApp, error, midnight_millis, new_job, xml_entity};
use crate::on_both_engines;

on_both_engines!(
    the_whole_feed_lists_each_open_job_with_the_fields_aggregators_read,
    the_whole_feed_reads_every_open_job_page_after_page_once_each,
    a_searchs_feed_has_its_newest_open_jobs_and_refuses_what_the_search_refuses,
    a_companys_feed_has_its_open_jobs_and_an_unknown_company_is_404,
    the_pages_that_list_jobs_name_their_feed_for_feed_readers,
);

/// How many jobs the whole feed reads at a time (the server's `site::feeds::PAGE`).
const FEED_PAGE: usize = 200;

/// An element's name and text, in document order; the text with its entities read.
type Elements = Vec<(String, String)>;

/// The children of each `entry` element of `xml` (under `root`), in order, after checking the
/// document is well-formed XML.
fn entries(xml: &str, root: &str, entry: &str) -> Vec<Elements> {
    use quick_xml::events::Event;
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"), "{}", &xml[..100.min(xml.len())]);
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut stack, mut found, mut current, mut text) = (Vec::<String>::new(), Vec::new(), Vec::new(), String::new());
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(element) => {
                let name = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
                if stack.is_empty() {
                    assert_eq!(name, root);
                }
                stack.push(name);
                text.clear();
            }
            Event::Empty(element) => {
                let name = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
                let attributes: Vec<String> = element
                    .attributes()
                    .map(|attribute| {
                        let attribute = attribute.unwrap();
                        format!(
                            "{}={}",
                            String::from_utf8_lossy(attribute.key.as_ref()),
                            attribute.normalized_value(quick_xml::XmlVersion::Explicit1_0).unwrap()
                        )
                    })
                    .collect();
                if stack.last().map(String::as_str) == Some(entry) {
                    current.push((name, attributes.join(" ")));
                }
            }
            Event::Text(content) => text.push_str(&content.decode().unwrap()),
            Event::GeneralRef(reference) => text.push_str(xml_entity(reference.as_ref())),
            Event::End(_) => {
                let name = stack.pop().unwrap();
                if name == entry {
                    found.push(std::mem::take(&mut current));
                } else if stack.last().map(String::as_str) == Some(entry) {
                    current.push((name, text.trim().to_string()));
                }
            }
            Event::Eof => break,
            Event::Decl(_) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(stack.is_empty(), "every element closed");
    found
}

fn field<'a>(elements: &'a Elements, name: &str) -> Option<&'a str> {
    elements.iter().find(|(element, _)| element == name).map(|(_, text)| text.as_str())
}

/// Status, content type and body of a GET.
async fn fetch(app: &TestApp, path: &str) -> (u16, String, String) {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    let status = response.status().as_u16();
    let content_type = response.headers()[reqwest::header::CONTENT_TYPE].to_str().unwrap().to_string();
    (status, content_type, response.text().await.unwrap())
}

async fn open_jobs(app: &TestApp) -> i64 {
    let sql = format!("SELECT CAST(COUNT(*) AS BIGINT) FROM jobs j WHERE {LISTED} AND {}", open_at("$1"));
    let (count,): (i64,) = jobportal::dispatch!(&app.db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(jobportal::db::now_millis()).fetch_one(pool).await
    })
    .unwrap();
    count
}

async fn the_whole_feed_lists_each_open_job_with_the_fields_aggregators_read(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    let mut remote = new_job(&recruiter, &category, "R&D <Lead> \"Rust\"");
    remote.work_mode = WorkMode::Remote;
    remote.location = "Remote".into();
    remote.salary = 90_000;
    remote.salary_max = Some(120_000);
    remote.description = "Lead the lab.\n\nShip <safe> code & tests.".into();
    let jobs_repo::Posted::Listed(remote) = jobs_repo::insert(&app.db, &remote).await.unwrap() else { panic!() };
    let onsite = app.job(&recruiter, &category, "Backend Developer").await;
    let closed = app.job(&recruiter, &category, "Closed Early").await;
    jobs_repo::close(&app.db, &closed.id, &recruiter).await.unwrap();
    let mut past = new_job(&recruiter, &category, "Deadline Passed");
    past.deadline = midnight_millis(-1);
    jobs_repo::insert(&app.db, &past).await.unwrap();

    let (status, content_type, xml) = fetch(app, "/feeds/jobs.xml").await;
    assert_eq!((status, content_type.as_str()), (200, "application/xml; charset=utf-8"));
    assert!(xml.contains(&format!(
        "<source>\n<publisher>jobportal</publisher>\n<publisherurl>{}</publisherurl>\n<lastBuildDate>",
        app.address
    )));
    let jobs = entries(&xml, "source", "job");
    let titles: Vec<_> = jobs.iter().map(|job| field(job, "title").unwrap()).collect();
    assert_eq!(titles, ["R&D <Lead> \"Rust\"", "Backend Developer"], "open jobs only, oldest first");

    let company_slug = app.company_slug_of(&recruiter).await;
    let expected: Elements = [
        ("title", "R&D <Lead> \"Rust\"".to_string()),
        ("date", field(&jobs[0], "date").unwrap().to_string()),
        ("referencenumber", remote.id.clone()),
        ("url", format!("{}/job/{}", app.address, remote.id)),
        ("company", "Acme Labs".to_string()),
        ("companyurl", format!("{}/company/{company_slug}", app.address)),
        ("country", "IN".to_string()),
        ("description", "<p>Lead the lab.</p><p>Ship &lt;safe&gt; code &amp; tests.</p>".to_string()),
        ("salary", "₹90,000–₹1,20,000 per month".to_string()),
        ("jobtype", "fulltime".to_string()),
        ("category", "Engineering".to_string()),
        ("expirationdate", field(&jobs[0], "expirationdate").unwrap().to_string()),
        ("remotetype", "Fully remote".to_string()),
    ]
    .into_iter()
    .map(|(name, text)| (name.to_string(), text))
    .collect();
    assert_eq!(jobs[0], expected, "a remote job names no city");
    // RFC 2822 dates, in GMT.
    let posted =
        time::OffsetDateTime::parse(field(&jobs[0], "date").unwrap(), &time::format_description::well_known::Rfc2822)
            .unwrap();
    assert_eq!(posted.unix_timestamp() * 1000, midnight_millis(-30));
    let expires = time::OffsetDateTime::parse(
        field(&jobs[0], "expirationdate").unwrap(),
        &time::format_description::well_known::Rfc2822,
    )
    .unwrap();
    assert_eq!(expires.unix_timestamp() * 1000, midnight_millis(30));
    assert_eq!(field(&jobs[1], "city"), Some("Pune"));
    assert_eq!(field(&jobs[1], "referencenumber"), Some(onsite.id.as_str()));
    assert_eq!(field(&jobs[1], "remotetype"), None);
}

async fn the_whole_feed_reads_every_open_job_page_after_page_once_each(app: &TestApp) {
    // More than two pages of the feed's reads.
    jobportal::ops::bench_data::seed(&app.db, 2, 2 * FEED_PAGE + 50).await.unwrap();
    // All open but every seventh, closed early: the pages skip those wherever they fall.
    const OPEN: &str = "UPDATE jobs SET deadline = $1, closed_at = CASE WHEN seq % 7 = 0 THEN $2 ELSE NULL END";
    jobportal::dispatch!(&app.db, |pool| {
        sqlx::query(OPEN).bind(midnight_millis(30)).bind(midnight_millis(-1)).execute(pool).await.map(|_| ())
    })
    .unwrap();
    // Read compressed, as crawlers ask for it: the compressing layer goes on asking the stream for
    // more once it has ended.
    let response = app.client.get(app.url("/feeds/jobs.xml")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-encoding"], "gzip");
    let mut xml = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&response.bytes().await.unwrap()[..]), &mut xml)
        .unwrap();
    let jobs = entries(&xml, "source", "job");
    let ids: BTreeMap<&str, usize> =
        jobs.iter().enumerate().map(|(at, job)| (field(job, "referencenumber").unwrap(), at)).collect();
    assert_eq!(ids.len(), jobs.len(), "no job twice");
    assert_eq!(jobs.len() as i64, open_jobs(app).await, "every open job");
    assert_eq!(jobs.len(), 2 * FEED_PAGE + 50 - (2 * FEED_PAGE + 50) / 7, "{} open jobs", jobs.len());
}

async fn a_searchs_feed_has_its_newest_open_jobs_and_refuses_what_the_search_refuses(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    let mut older = new_job(&recruiter, &category, "Rust Engineer");
    older.date_of_posting = midnight_millis(-10);
    jobs_repo::insert(&app.db, &older).await.unwrap();
    let mut newer = new_job(&recruiter, &category, "Senior Rust Engineer");
    newer.date_of_posting = midnight_millis(-2);
    jobs_repo::insert(&app.db, &newer).await.unwrap();
    let mut other = new_job(&recruiter, &category, "Data Analyst");
    other.skillsets = vec!["sql".into()];
    jobs_repo::insert(&app.db, &other).await.unwrap();
    let closed = app.job(&recruiter, &category, "Rust Intern").await;
    jobs_repo::close(&app.db, &closed.id, &recruiter).await.unwrap();
    app.sync_index().await;

    let (status, content_type, xml) = fetch(app, "/feeds/jobs.atom?q=rust&sort=relevance").await;
    assert_eq!((status, content_type.as_str()), (200, "application/atom+xml; charset=utf-8"));
    assert!(
        xml.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">\n<title>Jobs for “rust” on jobportal</title>\n")
    );
    let self_url = format!("{}/feeds/jobs.atom?q=rust&amp;sort=relevance", app.address);
    assert!(xml.contains(&format!(
        "<id>{self_url}</id>\n<link rel=\"self\" type=\"application/atom+xml\" href=\"{self_url}\"/>\n"
    )));
    assert!(xml.contains(&format!(
        "<link rel=\"alternate\" type=\"text/html\" href=\"{}/jobs?q=rust&amp;sort=relevance\"/>",
        app.address
    )));
    let found = entries(&xml, "feed", "entry");
    let titles: Vec<_> = found.iter().map(|entry| field(entry, "title").unwrap()).collect();
    assert_eq!(titles, ["Senior Rust Engineer", "Rust Engineer"], "open matches only, newest first");
    let entry = &found[0];
    assert_eq!(field(entry, "summary"), Some("Acme Labs · Pune · Full-time · On-site · ₹85,000 per month"));
    assert_eq!(field(entry, "content"), Some("<p>Build and run the systems our customers rely on.</p>"));
    assert_eq!(field(entry, "author"), Some("Acme Labs"));
    assert_eq!(field(entry, "category"), Some("term=Engineering"));
    let link = field(entry, "link").unwrap();
    assert!(link.starts_with(&format!("rel=alternate type=text/html href={}/job/", app.address)), "{link}");

    let (status, _, body) = fetch(app, "/feeds/jobs.atom?jobType=Contract").await;
    assert_eq!(status, 400);
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&body).unwrap(),
        error("jobType must be Full-time, Part-time or Internship")
    );
}

async fn a_companys_feed_has_its_open_jobs_and_an_unknown_company_is_404(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let other = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    app.job(&recruiter, &category, "Platform Engineer").await;
    app.job(&other, &category, "Someone Else's Job").await;
    let slug = app.company_slug_of(&recruiter).await;

    let (status, content_type, xml) = fetch(app, &format!("/feeds/companies/{slug}.atom")).await;
    assert_eq!((status, content_type.as_str()), (200, "application/atom+xml; charset=utf-8"));
    let name = app.company_of(&recruiter).await.unwrap();
    assert!(xml.contains(&format!("<title>Jobs at {name} on jobportal</title>")), "{xml}");
    assert!(
        xml.contains(&format!("<link rel=\"alternate\" type=\"text/html\" href=\"{}/company/{slug}\"/>", app.address))
    );
    let titles: Vec<_> =
        entries(&xml, "feed", "entry").iter().map(|entry| field(entry, "title").unwrap().to_string()).collect();
    assert_eq!(titles, ["Platform Engineer"]);

    for path in ["/feeds/companies/no-such-company.atom", &format!("/feeds/companies/{slug}.rss")] {
        let (status, _, body) = fetch(app, path).await;
        assert_eq!(status, 404, "{path}");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&body).unwrap(), error("Company not found"));
    }
}

async fn the_pages_that_list_jobs_name_their_feed_for_feed_readers(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Engineering").await;
    app.job(&recruiter, &category, "Platform Engineer").await;
    let slug = app.company_slug_of(&recruiter).await;
    let name = app.company_of(&recruiter).await.unwrap();
    let link = |title: &str, href: &str| {
        format!(
            "<link rel=\"alternate\" type=\"application/atom+xml\" title=\"{title}\" href=\"{}{href}\" />",
            app.address
        )
    };
    let pages = [
        ("/jobs?q=rust&jobType=Full-time", link("Jobs | jobportal", "/feeds/jobs.atom?q=rust&amp;jobType=Full-time")),
        ("/jobs", link("Jobs | jobportal", "/feeds/jobs.atom")),
        (
            &*format!("/company/{slug}"),
            link(&format!("{name} jobs | jobportal"), &format!("/feeds/companies/{slug}.atom")),
        ),
        (
            "/category/engineering",
            link("Engineering jobs | jobportal", &format!("/feeds/jobs.atom?category={category}")),
        ),
    ];
    for (path, link) in pages {
        let (status, _, html) = fetch(app, path).await;
        assert_eq!(status, 200, "{path}");
        assert!(html.contains(&link), "{path}: {link} in {}", &html[..html.find("</head>").unwrap()]);
    }
}
