//! The job feeds (docs/rules.md#feeds), for the software that reads jobs rather than people:
//!
//! - `/feeds/jobs.xml`: every open job, in the XML the big job aggregators take (a `<source>` of
//!   `<job>`s: title, company, place, description, salary, job type, address, dates). Sent as it
//!   is read, a page of `PAGE` jobs at a time in `seq` order, so a million jobs cost one page of
//!   memory. Anyone may ask for it and it reads every open job: an instance sends at most `STREAMS`
//!   at once, each within `STREAM_LIMIT`; another meanwhile is 503 with `Retry-After`.
//! - `/feeds/jobs.atom?{search}`: an Atom feed (RFC 4287) of the newest open jobs of a search, its
//!   parameters those of the job search (`/jobs?{search}` in the app), read through the search
//!   index as the API's search is; `/feeds/companies/{slug}.atom`, a company's.

use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use futures_util::StreamExt;
use time::OffsetDateTime;
use time::format_description::well_known::Rfc2822;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::db::{Db, now_millis};
use crate::jobs::model::{Job, JobRow, JobType, WorkMode};
use crate::site::seo::{company_url, description_html, names_no_place, salary_text};
use crate::site::xml::escape;

mod repo;

/// Jobs read, and sent, at a time.
pub const PAGE: i64 = 200;
/// Whole feeds an instance sends at once.
const STREAMS: usize = 2;
/// How long one whole feed may take to send: a reader that stops reading gives its place back.
const STREAM_LIMIT: Duration = Duration::from_secs(30 * 60);
/// Entries in an Atom feed: the newest jobs.
pub const ATOM_ENTRIES: i64 = 50;

/// What a feed reader is told when the whole feed is already being sent twice.
pub const BUSY: &str = "The job feed is being sent to other readers; try again in a minute";

/// The feeds of one instance: where they read, the site's address, and the places of the
/// whole-feed streams.
pub struct Feeds {
    db: Db,
    public_url: String,
    streams: Arc<Semaphore>,
}

/// Where a whole feed's stream is.
enum Part {
    Head,
    /// The next page: the jobs after this `seq`.
    After(i64),
    Done,
}

/// A whole feed's stream: its place, taken before anything is read and given back when the stream
/// ends or is dropped, and the time it must end by.
struct Stream {
    db: Db,
    public_url: String,
    now: i64,
    until: tokio::time::Instant,
    _place: OwnedSemaphorePermit,
}

impl Feeds {
    pub fn new(db: Db, public_url: &str) -> Self {
        Self {
            db,
            public_url: public_url.trim_end_matches('/').to_string(),
            streams: Arc::new(Semaphore::new(STREAMS)),
        }
    }

    /// The whole feed of the jobs open now, as a stream of bytes; `None` when `STREAMS` are being
    /// sent already. A read that fails ends the stream with an error, so the reader sees a cut
    /// transfer rather than a shorter feed.
    pub fn jobs_xml(&self) -> Option<impl futures_util::Stream<Item = Result<Bytes, std::io::Error>> + use<>> {
        let place = self.streams.clone().try_acquire_owned().ok()?;
        let stream = Stream {
            db: self.db.clone(),
            public_url: self.public_url.clone(),
            now: now_millis(),
            until: tokio::time::Instant::now() + STREAM_LIMIT,
            _place: place,
        };
        Some(
            futures_util::stream::unfold((Part::Head, stream), |(part, stream)| async move {
                let (bytes, next) = match part {
                    Part::Done => return None,
                    Part::Head => (Ok(Bytes::from(xml_head(&stream.public_url, stream.now))), Part::After(0)),
                    Part::After(_) if tokio::time::Instant::now() >= stream.until => (
                        Err(std::io::Error::new(std::io::ErrorKind::TimedOut, "the job feed took too long")),
                        Part::Done,
                    ),
                    Part::After(after) => match repo::open_after(&stream.db, stream.now, after, PAGE).await {
                        Ok(rows) if rows.is_empty() => (Ok(Bytes::from_static(b"</source>\n")), Part::Done),
                        Ok(rows) => {
                            let last = rows.last().map_or(after, |row| row.seq);
                            let mut xml = String::with_capacity(rows.len() * 2048);
                            for row in &rows {
                                job_xml(&mut xml, &row.job, &stream.public_url);
                            }
                            (Ok(Bytes::from(xml)), Part::After(last))
                        }
                        Err(error) => {
                            tracing::warn!(%error, "the job feed could not be read from the database");
                            (Err(std::io::Error::other(error)), Part::Done)
                        }
                    },
                };
                Some((bytes, (next, stream)))
            })
            // Fused: the compressing layer may ask again once it has ended.
            .fuse(),
        )
    }

    /// An Atom feed titled `title` of `jobs` (newest first), itself at `self_path` and shown to
    /// people at `page_path` (both from the site's root, with their query).
    pub fn atom(&self, title: &str, self_path: &str, page_path: &str, jobs: &[Job]) -> String {
        let site = &self.public_url;
        let updated = jobs
            .iter()
            .map(|job| job.date_of_posting.as_str())
            .max()
            .map_or_else(|| crate::jobs::model::rfc3339_from_millis(now_millis() / 1000 * 1000), str::to_string);
        let self_url = format!("{site}{self_path}");
        let mut xml = format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n\
             <title>{}</title>\n<id>{}</id>\n<link rel=\"self\" type=\"application/atom+xml\" href=\"{}\"/>\n\
             <link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n<updated>{updated}</updated>\n\
             <author><name>jobportal</name><uri>{}</uri></author>\n<generator>jobportal</generator>\n",
            escape(title),
            escape(&self_url),
            escape(&self_url),
            escape(&format!("{site}{page_path}")),
            escape(site),
        );
        for job in jobs {
            entry_xml(&mut xml, job, site);
        }
        xml.push_str("</feed>\n");
        xml
    }
}

/// The whole feed's opening: who publishes it, and when it was made.
fn xml_head(site: &str, now: i64) -> String {
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<source>\n<publisher>jobportal</publisher>\n\
         <publisherurl>{}</publisherurl>\n<lastBuildDate>{}</lastBuildDate>\n",
        escape(site),
        http_date(now)
    )
}

/// A date as the aggregators' feeds write it (RFC 2822, in GMT).
fn http_date(millis: i64) -> String {
    OffsetDateTime::from_unix_timestamp(millis.div_euclid(1000))
        .ok()
        .and_then(|at| at.format(&Rfc2822).ok())
        .unwrap_or_default()
}

/// The job type as the aggregators name it.
fn feed_job_type(job_type: JobType) -> &'static str {
    match job_type {
        JobType::FullTime => "fulltime",
        JobType::PartTime => "parttime",
        JobType::Internship => "internship",
    }
}

/// One `<job>` of the whole feed.
fn job_xml(xml: &mut String, job: &JobRow, site: &str) {
    xml.push_str("<job>\n");
    let mut field = |name: &str, text: &str| {
        xml.push_str(&format!("<{name}>{}</{name}>\n", escape(text)));
    };
    field("title", &job.title);
    field("date", &http_date(job.date_of_posting));
    field("referencenumber", &job.id);
    field("url", &format!("{site}/job/{}", job.id));
    field("company", &job.company);
    if let Some(slug) = &job.company_slug {
        field("companyurl", &company_url(site, slug));
    }
    if !names_no_place(&job.location) {
        field("city", &job.location);
    }
    field("country", "IN");
    field("description", &description_html(&job.description));
    field("salary", &format!("{} per month", salary_text(job.salary, job.salary_max)));
    field("jobtype", feed_job_type(job.job_type));
    field("category", &job.category_name);
    field("expirationdate", &http_date(job.deadline));
    match job.work_mode {
        WorkMode::Remote => field("remotetype", "Fully remote"),
        WorkMode::Hybrid => field("remotetype", "Hybrid remote"),
        WorkMode::OnSite => {}
    }
    xml.push_str("</job>\n");
}

/// One Atom `<entry>`: the job's page, its dates, its company, a line of its facts and its
/// description.
fn entry_xml(xml: &mut String, job: &Job, site: &str) {
    let url = format!("{site}/job/{}", job.id);
    let facts = [
        job.company.as_str(),
        job.location.as_str(),
        job.job_type.as_str(),
        job.work_mode.as_str(),
        &format!("{} per month", salary_text(job.salary, job.salary_max)),
    ]
    .join(" · ");
    xml.push_str(&format!(
        "<entry>\n<title>{}</title>\n<id>{}</id>\n<link rel=\"alternate\" type=\"text/html\" href=\"{}\"/>\n\
         <published>{}</published>\n<updated>{}</updated>\n<author><name>{}</name></author>\n\
         <category term=\"{}\"/>\n<summary type=\"text\">{}</summary>\n<content type=\"html\">{}</content>\n</entry>\n",
        escape(&job.title),
        escape(&url),
        escape(&url),
        escape(&job.date_of_posting),
        escape(&job.date_of_posting),
        escape(&job.company),
        escape(&job.category_name),
        escape(&facts),
        escape(&description_html(&job.description)),
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn closed_db() -> Db {
        let pool = sqlx::sqlite::SqlitePool::connect_lazy("sqlite::memory:").unwrap();
        Db::Sqlite(pool)
    }

    #[tokio::test]
    async fn two_whole_feeds_are_sent_at_once_and_a_place_comes_back_when_a_stream_is_dropped() {
        let feeds = Feeds::new(closed_db(), "https://x.example/");
        let first = feeds.jobs_xml().expect("a first place");
        let second = feeds.jobs_xml().expect("a second place");
        assert!(feeds.jobs_xml().is_none(), "a third reader waits");
        drop(first);
        let third = feeds.jobs_xml().expect("the first reader's place");
        assert!(feeds.jobs_xml().is_none());
        drop((second, third));
    }

    #[tokio::test]
    async fn a_read_that_fails_cuts_the_stream_after_its_opening_and_gives_the_place_back() {
        use futures_util::StreamExt;
        let db = closed_db();
        if let Db::Sqlite(pool) = &db {
            pool.close().await;
        }
        let feeds = Feeds::new(db, "https://x.example/");
        let parts: Vec<_> = feeds.jobs_xml().unwrap().collect().await;
        assert_eq!(parts.len(), 2);
        let head = parts[0].as_ref().unwrap();
        assert!(head.starts_with(b"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<source>\n<publisher>jobportal</publisher>\n<publisherurl>https://x.example</publisherurl>\n<lastBuildDate>"));
        assert!(parts[1].is_err(), "a cut transfer, never a shorter feed");
        assert!(feeds.jobs_xml().is_some() && feeds.jobs_xml().is_some(), "both places are free again");
    }

    #[test]
    fn dates_are_written_as_the_aggregators_read_them() {
        // fixed date: a formatting check, not a deadline
        assert_eq!(http_date(1_796_558_400_000), "Sun, 06 Dec 2026 12:00:00 +0000");
    }
}
