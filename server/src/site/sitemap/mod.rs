//! `/robots.txt` and `/sitemap.xml` (https://www.sitemaps.org/protocol.html): every open job's page,
//! every listed category's page and every company's page, with `lastmod`. Up to 50,000 addresses it
//! is one `urlset`; past that `/sitemap.xml` is a sitemap index of `/sitemaps/pages.xml` (the site's
//! own pages and the categories), `/sitemaps/companies-{n}.xml` (the n-th 50,000 companies, oldest
//! first) and `/sitemaps/jobs-{n}.xml`, each holding the open jobs whose `seq` falls in the n-th
//! block of 50,000 (so no file can pass the limit).
//!
//! Anyone may ask for these, and the job files read many rows: each file is made at most once a
//! minute and one at a time, and kept (an empty block too, as a 404) for that minute; a name past
//! the newest job's block is a 404 after one look at the primary key. So no run of names makes the
//! server read a block of jobs more than once a minute.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use bytes::Bytes;

use crate::categories::model::Category;
use crate::db::{Db, now_millis};
use crate::jobs::model::rfc3339_from_millis;
use crate::site::seo::company_url;
use crate::site::xml::escape as xml_escape;

mod repo;

/// The most addresses one sitemap file may hold (the protocol's limit).
pub const MAX_URLS: i64 = 50_000;
/// How long a made file is served before it is made again.
const FRESH_FOR: Duration = Duration::from_secs(60);

/// The public pages of the site itself, always in the sitemap.
const SITE_PAGES: [&str; 6] = ["/", "/jobs", "/about", "/privacy-policy", "/terms", "/contact"];

/// A category's path segment, as the app makes it (web/src/lib/slug.ts): its name lower-cased,
/// runs of white space turned to one hyphen.
pub fn category_slug(name: &str) -> String {
    name.trim().to_lowercase().split_whitespace().collect::<Vec<_>>().join("-")
}

/// All but the unreserved characters of RFC 3986 are escaped in a path segment.
const SEGMENT: &percent_encoding::AsciiSet =
    &percent_encoding::NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `segment` percent-encoded for a path.
pub fn path_segment(segment: &str) -> String {
    percent_encoding::utf8_percent_encode(segment, SEGMENT).to_string()
}

pub fn category_url(public_url: &str, name: &str) -> String {
    format!("{public_url}/category/{}", path_segment(&category_slug(name)))
}

/// A made file, as it is and gzip-compressed: compressing a 4 MB file for every request would cost
/// far more than reading it from the database once a minute.
#[derive(Clone)]
pub struct SitemapFile {
    pub xml: Bytes,
    pub gzip: Bytes,
}

impl SitemapFile {
    fn new(xml: String) -> Self {
        use std::io::Write;
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        encoder.write_all(xml.as_bytes()).expect("writing to memory cannot fail");
        let gzip = encoder.finish().expect("writing to memory cannot fail");
        Self { xml: Bytes::from(xml), gzip: Bytes::from(gzip) }
    }
}

/// The sitemap files, made on demand and kept a minute.
pub struct Sitemaps {
    db: Db,
    public_url: String,
    /// Each file as last made, or that it has no addresses: at most the main file, the pages and
    /// one per block of 50,000 jobs up to the newest job (a job file of 50,000 addresses is about
    /// 4 MB, 0.3 MB compressed).
    made: tokio::sync::Mutex<HashMap<String, (Instant, Option<SitemapFile>)>>,
}

impl Sitemaps {
    pub fn new(db: Db, public_url: &str) -> Self {
        Self { db, public_url: public_url.trim_end_matches('/').to_string(), made: Default::default() }
    }

    /// `robots.txt`: everything public may be crawled; the dashboard, the API and one-time links (resets, invitations)
    /// may not; where the sitemap is.
    pub fn robots(&self) -> String {
        format!(
            "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /alerts/\nDisallow: /update-password/\nDisallow: /invitations/\n\nSitemap: {}/sitemap.xml\n",
            self.public_url
        )
    }

    /// A sitemap file by name (`sitemap.xml`, `pages.xml`, `jobs-3.xml`); `None` for no such file.
    /// Each file has one name: another spelling of a block (`jobs-03.xml`) is no file, answered
    /// without a read and never kept, so it cannot pass the minute's limit.
    pub async fn file(&self, name: &str) -> Result<Option<SitemapFile>, sqlx::Error> {
        let numbered =
            |prefix: &str| name.strip_prefix(prefix).and_then(|rest| rest.strip_suffix(".xml")).and_then(job_block);
        let block = match name {
            "sitemap.xml" | "pages.xml" => None,
            _ => match (numbered("jobs-"), numbered("companies-")) {
                (Some(block), _) => Some(Block::Jobs(block)),
                (_, Some(block)) => Some(Block::Companies(block)),
                _ => return Ok(None),
            },
        };
        // One file is made at a time: whoever waits finds it made.
        let mut made = self.made.lock().await;
        if let Some((at, body)) = made.get(name)
            && at.elapsed() < FRESH_FOR
        {
            return Ok(body.clone());
        }
        let body = match block {
            // A block past the newest job's costs one look at the primary key, and is not kept.
            Some(Block::Jobs(block)) if block > self.last_block().await? => return Ok(None),
            Some(Block::Jobs(block)) => self.jobs_file(block).await?,
            // A block past the last company's costs one bounded count, and is not kept.
            Some(Block::Companies(block)) if block * MAX_URLS >= self.companies(MAX_URLS * (block + 1)).await? => {
                return Ok(None);
            }
            Some(Block::Companies(block)) => self.companies_file(block).await?,
            None if name == "pages.xml" => Some(self.pages_file().await?),
            None => Some(self.main_file().await?),
        };
        let body = body.map(SitemapFile::new);
        made.retain(|_, (at, _)| at.elapsed() < FRESH_FOR);
        made.insert(name.to_string(), (Instant::now(), body.clone()));
        Ok(body)
    }

    /// The block of the newest job's `seq`.
    async fn last_block(&self) -> Result<i64, sqlx::Error> {
        Ok(repo::last_seq(&self.db).await? / MAX_URLS)
    }

    /// How many companies have a page, counted up to `limit` at most.
    async fn companies(&self, limit: i64) -> Result<i64, sqlx::Error> {
        repo::count_companies(&self.db, limit).await
    }

    async fn main_file(&self) -> Result<String, sqlx::Error> {
        let now = now_millis();
        let pages = self.page_urls().await?;
        let room = MAX_URLS - pages.len() as i64;
        let companies = self.companies(room + 1).await?;
        let room = room - companies;
        let open = if room >= 0 { repo::count_open(&self.db, now, room + 1).await? } else { 0 };
        if room >= 0 && open <= room {
            let mut urls = pages;
            urls.extend(self.company_urls(0, companies).await?);
            // Jobs posted since the count are left to the next minute's file, not past the limit.
            urls.extend(self.job_urls(now, None, room).await?);
            return Ok(urlset(&urls));
        }
        let blocks = repo::open_blocks(&self.db, now, MAX_URLS).await?;
        let newest_page = pages.iter().filter_map(|(_, lastmod)| *lastmod).max();
        let mut files = vec![(format!("{}/sitemaps/pages.xml", self.public_url), newest_page)];
        // Counted once more, exactly: the count above stopped where one file's room ended.
        let companies = self.companies(i64::MAX).await?;
        for block in 0..(companies + MAX_URLS - 1) / MAX_URLS {
            files.push((format!("{}/sitemaps/companies-{block}.xml", self.public_url), None));
        }
        for (block, newest) in blocks {
            files.push((format!("{}/sitemaps/jobs-{block}.xml", self.public_url), Some(newest)));
        }
        Ok(sitemap_index(&files))
    }

    async fn pages_file(&self) -> Result<String, sqlx::Error> {
        Ok(urlset(&self.page_urls().await?))
    }

    /// The n-th 50,000 companies; `None` when there are none (no such file).
    async fn companies_file(&self, block: i64) -> Result<Option<String>, sqlx::Error> {
        let urls = self.company_urls(block * MAX_URLS, MAX_URLS).await?;
        Ok((!urls.is_empty()).then(|| urlset(&urls)))
    }

    /// Companies' pages, oldest company first, from the `skip`-th, at most `limit`; each with its
    /// newest listed job as `lastmod` (its last change when it has none).
    async fn company_urls(&self, skip: i64, limit: i64) -> Result<Vec<(String, Option<i64>)>, sqlx::Error> {
        let rows = repo::companies(&self.db, skip, limit.clamp(0, MAX_URLS)).await?;
        Ok(rows
            .into_iter()
            .map(|(slug, newest)| (company_url(&self.public_url, &path_segment(&slug)), Some(newest)))
            .collect())
    }

    /// The n-th block's open jobs; `None` when it has none (no such file).
    async fn jobs_file(&self, block: i64) -> Result<Option<String>, sqlx::Error> {
        let urls = self.job_urls(now_millis(), Some(block), MAX_URLS).await?;
        Ok((!urls.is_empty()).then(|| urlset(&urls)))
    }

    /// The site's own pages, and each listed category's with its newest listed job as `lastmod`.
    async fn page_urls(&self) -> Result<Vec<(String, Option<i64>)>, sqlx::Error> {
        let categories = repo::categories_with_newest_job(&self.db).await?;
        let mut urls: Vec<(String, Option<i64>)> = SITE_PAGES
            .iter()
            .map(|path| (format!("{}{}", self.public_url, path.trim_end_matches('/')), None))
            .collect();
        urls[0].0.push('/');
        urls.extend(categories.into_iter().map(|(name, newest)| (category_url(&self.public_url, &name), Some(newest))));
        Ok(urls)
    }

    /// Open jobs, oldest first, at most `limit`: all, or those of one block of `seq`.
    async fn job_urls(
        &self,
        now: i64,
        block: Option<i64>,
        limit: i64,
    ) -> Result<Vec<(String, Option<i64>)>, sqlx::Error> {
        let (from, to) = block.map_or((0, i64::MAX), |block| (block * MAX_URLS, (block + 1) * MAX_URLS));
        let rows = repo::open_jobs(&self.db, now, from..to, limit.clamp(0, MAX_URLS)).await?;
        Ok(rows
            .into_iter()
            .map(|(id, created)| (format!("{}/job/{}", self.public_url, path_segment(&id)), Some(created)))
            .collect())
    }
}

/// A numbered sitemap file: a block of jobs by `seq`, or of companies.
enum Block {
    Jobs(i64),
    Companies(i64),
}

/// The block a job or company file's number names, in its one spelling: decimal digits without a leading
/// zero (`0`, `12`), nine at most.
fn job_block(digits: &str) -> Option<i64> {
    let canonical = !digits.is_empty()
        && digits.len() <= 9
        && digits.bytes().all(|b| b.is_ascii_digit())
        && (digits == "0" || !digits.starts_with('0'));
    canonical.then(|| digits.parse().ok()).flatten()
}

/// What a category page needs: the listed category whose slug is `slug`.
pub fn category_by_slug<'a>(categories: &'a [Category], slug: &str) -> Option<&'a Category> {
    let slug = slug.to_lowercase();
    categories.iter().find(|category| category_slug(&category.name) == slug)
}

/// `lastmod` as the W3C date-time the protocol asks for, to the second.
fn lastmod(millis: i64) -> String {
    rfc3339_from_millis(millis.div_euclid(1000) * 1000)
}

fn urlset(urls: &[(String, Option<i64>)]) -> String {
    sitemap_xml("urlset", "url", urls)
}

fn sitemap_index(files: &[(String, Option<i64>)]) -> String {
    sitemap_xml("sitemapindex", "sitemap", files)
}

/// A `<root>` of one `<entry>` per address, each with its `lastmod` when it has one.
fn sitemap_xml(root: &str, entry: &str, items: &[(String, Option<i64>)]) -> String {
    let mut xml = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<{root} xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
    );
    for (loc, modified) in items {
        xml.push_str(&format!("  <{entry}><loc>{}</loc>", xml_escape(loc)));
        if let Some(modified) = modified {
            xml.push_str(&format!("<lastmod>{}</lastmod>", lastmod(*modified)));
        }
        xml.push_str(&format!("</{entry}>\n"));
    }
    xml.push_str(&format!("</{root}>\n"));
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_categorys_slug_is_the_apps() {
        // As web/src/lib/slug.ts makes them.
        assert_eq!(category_slug("Human Resource"), "human-resource");
        assert_eq!(category_slug("  Business   Development "), "business-development");
        assert_eq!(category_slug("Engineering"), "engineering");
        assert_eq!(category_url("https://x.example", "R&D Labs"), "https://x.example/category/r%26d-labs");
    }

    #[test]
    fn a_job_file_has_one_name_per_block() {
        assert_eq!(job_block("0"), Some(0));
        assert_eq!(job_block("12"), Some(12));
        assert_eq!(job_block("999999999"), Some(999_999_999));
        for other in ["", "00", "012", "000000000", "1000000000", "+1", "-1", "1 ", "１"] {
            assert_eq!(job_block(other), None, "{other:?}");
        }
    }

    #[tokio::test]
    async fn another_spelling_of_a_job_file_is_answered_without_a_read_and_not_kept() {
        // A closed pool: any read fails, so an answer without an error read nothing.
        let pool = sqlx::sqlite::SqlitePool::connect_lazy("sqlite::memory:").unwrap();
        pool.close().await;
        let sitemaps = Sitemaps::new(Db::Sqlite(pool), "https://x.example");
        for other in ["jobs-00.xml", "jobs-000000000.xml", "jobs-012.xml"] {
            assert!(matches!(sitemaps.file(other).await, Ok(None)), "{other}");
        }
        assert!(sitemaps.made.lock().await.is_empty(), "nothing kept");
        assert!(sitemaps.file("jobs-0.xml").await.is_err(), "the one name is read from the database");
    }

    #[test]
    fn files_escape_their_addresses_and_give_lastmod_to_the_second() {
        let xml = urlset(&[
            ("https://x.example/category/r%26d?a=1&b=2".into(), Some(1_795_392_000_250)),
            ("https://x.example/".into(), None),
        ]);
        assert!(xml.contains("<url><loc>https://x.example/category/r%26d?a=1&amp;b=2</loc><lastmod>2026-11-23T00:00:00Z</lastmod></url>"), "{xml}");
        assert!(xml.contains("<url><loc>https://x.example/</loc></url>"), "{xml}");
        let index = sitemap_index(&[("https://x.example/sitemaps/jobs-0.xml".into(), Some(0))]);
        assert!(index.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">"));
        assert!(index.contains(
            "<sitemap><loc>https://x.example/sitemaps/jobs-0.xml</loc><lastmod>1970-01-01T00:00:00Z</lastmod></sitemap>"
        ));
    }
}
