//! The built web app: files from `WEB_DIR`, and for any other path the app's page, with the status
//! and the `<head>` that path deserves (docs/product.md#public-pages): a job's page names the job
//! and, while it is open, carries its schema.org `JobPosting` (`seo`); a deleted job's page is 410,
//! a hidden one's and an unknown path's 404, each the app's own page. `/robots.txt` and
//! `/sitemap.xml` are made here too (`sitemap`). A public screen's page also carries its visible
//! content and the API answers it starts from (`content`). Hashed assets are cached for a year;
//! pages are revalidated.
//!
//! Each screen's code is its own chunk, which the app asks for only once its main script runs: on a
//! slow phone connection that is one more round trip before the page can paint. So the page served
//! for a public screen's path names that screen's chunks as `modulepreload` links, read from Vite's
//! build manifest (`.vite/manifest.json`), and the browser fetches them beside the main script.

mod company_pages;
pub mod content;
pub mod feeds;
mod pages;
mod screens;
pub mod seo;
pub mod sitemap;
mod template;
pub mod xml;

use std::path::Path;
use std::sync::Arc;

use axum::extract::{Path as UrlPath, RawQuery, Request, State};
use axum::handler::HandlerWithoutStateExt;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{Router, get, get_service};
use tower_http::services::ServeDir;

use crate::categories::repo as categories;
use crate::companies;
use crate::db::{Db, now_millis};
use crate::http::compress::Ready;
use crate::http::compress::pieces::{Pieced, Shell};
use crate::http::error::AppError;
use crate::jobs::Listings;
use crate::jobs::repo::JobPage;
use crate::jobs::search::query::{JobSearch, SortOrder};
use crate::state::AppState;

use company_pages::CompanyPages;
use content::{Content, SearchHeading};
use feeds::Feeds;
use pages::{Page, Pages, PublicScreen, SITE_PAGES};
use screens::{Screen, percent_decoded, private, screen};
use seo::Head;
use sitemap::Sitemaps;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// What the page handler and the sitemaps need.
struct Site {
    pages: Pages,
    /// The lines every job's page shares (`job_shell`), kept once for all the jobs kept.
    job_shell: Shell,
    /// The public screens whose page is the same for everyone (all but the search's), each drawn
    /// and compressed once.
    fixed: std::sync::Mutex<std::collections::HashMap<&'static str, Arc<Ready>>>,
    /// Company pages asked for without a query, kept drawn while nothing they show changed.
    companies: CompanyPages,
    db: Db,
    /// For the search a search page shows (the API's own handler answers it).
    state: AppState,
    /// The job cache a job's page is read through, and the index that search.
    listings: Arc<Listings>,
    public_url: String,
    /// Where the API is reached (a company's logo is served there).
    api_public_url: String,
    sitemaps: Sitemaps,
    feeds: Feeds,
}

/// The web app's router, and what it keeps answered in memory (sent before the stack: `kept`).
/// Long on purpose: every route the site answers is listed here, in one place.
pub fn service(state: &AppState, listings: &Arc<Listings>) -> (Router, Held) {
    let web_dir = &state.config.web_dir;
    let public_url = state.config.public_url.trim_end_matches('/').to_string();
    let pages = Pages::load(web_dir);
    let site = Arc::new(Site {
        job_shell: job_shell(&pages),
        pages,
        fixed: Default::default(),
        companies: CompanyPages::default(),
        db: state.db.clone(),
        state: state.clone(),
        listings: listings.clone(),
        sitemaps: Sitemaps::new(state.db.clone(), &public_url),
        feeds: Feeds::new(state.db.clone(), &public_url),
        public_url,
        api_public_url: state.config.api_public_url.trim_end_matches('/').to_string(),
    });
    let kept_assets = Arc::new(load_assets(&web_dir.join("assets")));
    let held = Held { site: site.clone(), assets: kept_assets.clone() };
    // A missing asset is a 404, never the page: a browser would cache that page as the script.
    let assets = {
        let kept = kept_assets;
        let assets = ServeDir::new(web_dir.join("assets"));
        move |request: Request| {
            let mut assets = assets.clone();
            let kept = kept.clone();
            async move {
                if let Some(asset) = kept.get(request.uri().path().trim_start_matches('/')) {
                    return asset.answer(request.headers());
                }
                match assets.try_call(request).await {
                    Ok(response) => response.into_response(),
                    Err(error) if no_such_file(&error) => StatusCode::NOT_FOUND.into_response(),
                    Err(error) => file_error(error),
                }
            }
        }
    };
    let page_service = {
        let site = site.clone();
        move |request: Request| {
            let site = site.clone();
            async move { page(&site, request.uri().path(), request.uri().query(), request.headers()).await }
        }
    };
    let files = {
        let site = site.clone();
        let files = ServeDir::new(web_dir).fallback(page_service.into_service());
        move |request: Request| {
            let (site, mut files) = (site.clone(), files.clone());
            async move {
                let (path, query) = (request.uri().path().to_owned(), request.uri().query().map(str::to_owned));
                let headers = request.headers().clone();
                match files.try_call(request).await {
                    Ok(response) => response.into_response(),
                    // A missing file is the fallback's already; one no file could be is too.
                    Err(error) if no_such_file(&error) => page(&site, &path, query.as_deref(), &headers).await,
                    Err(error) => file_error(error),
                }
            }
        }
    };
    // The home page is the app's page with its own head, not `index.html` as built.
    let home = {
        let site = site.clone();
        move |RawQuery(query): RawQuery, headers: HeaderMap| {
            let site = site.clone();
            async move { page(&site, "/", query.as_deref(), &headers).await }
        }
    };
    // A job's page and the public screens' are never files: no look in WEB_DIR first.
    let direct = {
        let site = site.clone();
        move |request: Request| {
            let site = site.clone();
            async move { page(&site, request.uri().path(), request.uri().query(), request.headers()).await }
        }
    };
    let mut router = Router::new().route("/job/{id}", get(direct.clone()));
    for screen in SITE_PAGES.public_screens.iter().filter(|screen| screen.path != "/") {
        router = router.route(&screen.path, get(direct.clone()));
    }
    let router = router
        .route("/", get(home.clone()))
        .route("/index.html", get(home))
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap_index))
        .route("/sitemaps/{file}", get(sitemap_file))
        .route("/feeds/jobs.xml", get(jobs_feed))
        .route("/feeds/jobs.atom", get(search_feed))
        .route("/feeds/companies/{file}", get(company_feed))
        .with_state(site)
        .fallback_service(get_service(files.into_service()))
        .nest_service("/assets", get_service(assets.into_service()))
        .layer(middleware::from_fn(cache_control));
    (router, held)
}

/// The site's answers kept in memory, as `kept` sends them before the stack: each is the answer
/// the router's handler gives, without the headers the layers add (`kept` adds those).
pub struct Held {
    site: Arc<Site>,
    assets: Arc<std::collections::HashMap<String, Arc<Ready>>>,
}

impl Held {
    /// A kept job's page at `path`, drawn now if it was not yet.
    pub fn job_page(&self, cached: &crate::jobs::cache::Cached, path: &str, headers: &HeaderMap) -> Response {
        cached.page(|job| self.site.job_page(self.site.pages.page(path), job)).answer(headers)
    }

    /// The page of the company `slug` when it is kept drawn and still true (`CompanyPages::kept`).
    pub fn company_page(&self, slug: &str, version: Option<u64>, now: i64, headers: &HeaderMap) -> Option<Response> {
        self.site.companies.kept(slug, version, now).map(|page| page.answer(headers))
    }

    /// A build's asset kept in memory (`name` under `/assets/`).
    pub fn asset(&self, name: &str, headers: &HeaderMap) -> Option<Response> {
        self.assets.get(name).map(|asset| asset.answer(headers))
    }

    /// The page of the public screen at exactly `path` when it is the same for everyone (all but
    /// the search's).
    pub fn fixed_page(&self, path: &str, headers: &HeaderMap) -> Option<Response> {
        let screen = SITE_PAGES.public_screens.iter().find(|screen| screen.path == path && fixed(screen))?;
        Some(self.site.fixed_page(screen).answer(headers))
    }
}

/// The most of the built app's assets kept in memory, and the largest file kept.
const ASSETS_KEPT: u64 = 64 << 20;
const ASSET_KEPT: u64 = 8 << 20;

/// The build's assets (`WEB_DIR/assets`, named by their content's hash, so never changed in
/// place), read once at start and each encoding made the first time it is asked for: answered
/// from memory as nginx answers from a precompressed file. What does not fit is read from disk.
fn load_assets(dir: &Path) -> std::collections::HashMap<String, Arc<Ready>> {
    let mut kept = std::collections::HashMap::new();
    let Ok(entries) = std::fs::read_dir(dir) else { return kept };
    let mut total = 0;
    for entry in entries.flatten() {
        let (Ok(name), Ok(meta)) = (entry.file_name().into_string(), entry.metadata()) else { continue };
        if !meta.is_file() || meta.len() > ASSET_KEPT || total + meta.len() > ASSETS_KEPT {
            continue;
        }
        let Ok(bytes) = std::fs::read(entry.path()) else { continue };
        total += bytes.len() as u64;
        let kind = mime_guess::from_path(&name).first_or_octet_stream();
        let Ok(kind) = HeaderValue::from_str(kind.as_ref()) else { continue };
        kept.insert(name, Arc::new(Ready::lasting(StatusCode::OK, kind, bytes)));
    }
    kept
}

/// Whether `ServeDir` found no file at the path: none there (which it answers 404 itself only
/// through `call`), or a path the file system refuses as a name (a segment over 255 bytes, a path
/// over 4096 bytes), which no file can have, though `ServeDir` makes a 500 of it.
fn no_such_file(error: &std::io::Error) -> bool {
    use std::io::ErrorKind;
    matches!(
        error.kind(),
        ErrorKind::NotFound | ErrorKind::PermissionDenied | ErrorKind::NotADirectory | ErrorKind::InvalidFilename
    )
}

/// A file that is there could not be read: 500, logged, as `ServeDir` answers it.
fn file_error(error: std::io::Error) -> Response {
    tracing::error!(%error, "a static file could not be read");
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}

async fn robots(State(site): State<Arc<Site>>) -> Response {
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], site.sitemaps.robots()).into_response()
}

async fn sitemap_index(State(site): State<Arc<Site>>, headers: HeaderMap) -> Response {
    sitemap_answer(&site, "sitemap.xml", &headers).await
}

async fn sitemap_file(State(site): State<Arc<Site>>, UrlPath(file): UrlPath<String>, headers: HeaderMap) -> Response {
    sitemap_answer(&site, &file, &headers).await
}

async fn sitemap_answer(site: &Site, name: &str, headers: &HeaderMap) -> Response {
    match site.sitemaps.file(name).await {
        Ok(Some(file)) => {
            let xml = [(header::CONTENT_TYPE, "application/xml; charset=utf-8"), (header::VARY, "accept-encoding")];
            if accepts_gzip(headers) {
                (xml, [(header::CONTENT_ENCODING, "gzip")], file.gzip).into_response()
            } else {
                (xml, file.xml).into_response()
            }
        }
        Ok(None) => html(StatusCode::NOT_FOUND, &Head::not_found().apply(site.pages.for_path(name))),
        Err(error) => {
            tracing::warn!(%error, "the sitemap could not be read from the database");
            (StatusCode::SERVICE_UNAVAILABLE, [(header::RETRY_AFTER, "5")]).into_response()
        }
    }
}

/// Every open job, for the aggregators (`feeds`): streamed, or 503 while the instance sends as
/// many as it may.
async fn jobs_feed(State(site): State<Arc<Site>>) -> Response {
    match site.feeds.jobs_xml() {
        Some(stream) => {
            ([(header::CONTENT_TYPE, "application/xml; charset=utf-8")], axum::body::Body::from_stream(stream))
                .into_response()
        }
        None => {
            let mut busy = AppError::Busy(feeds::BUSY.into()).into_response();
            busy.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("60"));
            busy
        }
    }
}

/// The newest open jobs of a search (the job search's parameters) as an Atom feed.
async fn search_feed(State(site): State<Arc<Site>>, RawQuery(query): RawQuery) -> Response {
    let search = match JobSearch::parse(query.as_deref()) {
        Ok(search) => search,
        Err(error) => return error.into_response(),
    };
    let words = search.q.join(" ");
    let title =
        if words.is_empty() { "Jobs on jobportal".to_string() } else { format!("Jobs for “{words}” on jobportal") };
    let query = query.map(|query| format!("?{query}")).unwrap_or_default();
    atom_answer(&site, search, &title, &format!("/feeds/jobs.atom{query}"), &format!("/jobs{query}")).await
}

/// A company's newest open jobs as an Atom feed (`{slug}.atom`); 404 for no company with a page.
async fn company_feed(State(site): State<Arc<Site>>, UrlPath(file): UrlPath<String>) -> Response {
    let not_found = || AppError::NotFound(companies::handlers::COMPANY_NOT_FOUND.into()).into_response();
    let Some(slug) = file.strip_suffix(".atom") else { return not_found() };
    let company = match companies::repo::by_slug(&site.db, slug).await {
        Ok(Some(company)) if !company.removed && !company.suspended => company,
        Ok(_) => return not_found(),
        Err(error) => return AppError::from(error).into_response(),
    };
    let search = JobSearch { company: Some(company.slug.clone()), ..JobSearch::default() };
    let title = format!("Jobs at {} on jobportal", company.name);
    let page = format!("/company/{}", sitemap::path_segment(&company.slug));
    atom_answer(
        &site,
        search,
        &title,
        &format!("/feeds/companies/{}.atom", sitemap::path_segment(&company.slug)),
        &page,
    )
    .await
}

/// `search`'s newest `feeds::ATOM_ENTRIES` open jobs as an Atom feed.
async fn atom_answer(site: &Site, mut search: JobSearch, title: &str, self_path: &str, page_path: &str) -> Response {
    search.sort = SortOrder::Newest;
    search.open_only = true;
    search.page = 1;
    search.limit = feeds::ATOM_ENTRIES;
    match site.listings.search.find(&site.db, &search).await {
        Ok(found) => {
            let jobs: Vec<_> = found.jobs.into_iter().map(|found| found.job).collect();
            let atom = site.feeds.atom(title, self_path, page_path, &jobs);
            ([(header::CONTENT_TYPE, "application/atom+xml; charset=utf-8")], atom).into_response()
        }
        Err(error) => error.into_response(),
    }
}

/// Whether `Accept-Encoding` takes gzip (named without `q=0`).
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers.get_all(header::ACCEPT_ENCODING).iter().filter_map(|value| value.to_str().ok()).any(|value| {
        value.split(',').any(|coding| {
            let mut parts = coding.split(';').map(str::trim);
            let named = parts.next().is_some_and(|name| name.eq_ignore_ascii_case("gzip"));
            let refused = parts.any(|parameter| {
                let parameter = parameter.replace(' ', "");
                parameter.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0)
            });
            named && !refused
        })
    })
}

fn html(status: StatusCode, page: &str) -> Response {
    (status, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], page.to_owned()).into_response()
}

/// The app's page for `path` (and its `query`), with its status, its head and, on a public
/// screen, its content (`content`). A job's page is kept with the job (`jobs::cache`), a public
/// screen's that is the same for everyone once drawn; the others are drawn each time.
async fn page(site: &Site, path: &str, query: Option<&str>, headers: &HeaderMap) -> Response {
    let built = site.pages.page(path);
    let now = now_millis();
    let (status, head, content) = match screen(path) {
        Screen::Job(id) => match site.listings.cache.find(&site.db, id, now).await {
            Ok(Some(cached)) => return cached.page(|job| site.job_page(built, job)).answer(headers),
            Ok(None) => (StatusCode::NOT_FOUND, Some(Head::not_found()), None),
            Err(error) => return unavailable(error, &built.plain),
        },
        Screen::Category(slug) => match categories::list(&site.db).await {
            Ok(list) => match percent_decoded(slug).and_then(|slug| sitemap::category_by_slug(&list, &slug)) {
                Some(category) => {
                    let canonical = sitemap::category_url(&site.public_url, &category.name);
                    let mut head = seo::category_head(&category.name, &category.description, canonical);
                    head.feed = Some(format!("{}/feeds/jobs.atom?category={}", site.public_url, category.id));
                    let content = search_content(site, SearchHeading::Category(category), query, &list, now).await;
                    (StatusCode::OK, Some(head), content)
                }
                None => (StatusCode::NOT_FOUND, Some(Head::not_found()), None),
            },
            Err(error) => return unavailable(error, &built.plain),
        },
        Screen::Company(slug) => {
            // Only the page as linked is kept: with a query it is a search of the company's jobs.
            let kept_as =
                query.is_none().then(|| percent_decoded(slug)).flatten().map(|slug| slug.to_ascii_lowercase());
            let version = site.listings.search.version();
            if let Some(page) = kept_as.as_deref().and_then(|slug| site.companies.kept(slug, version, now)) {
                return page.answer(headers);
            }
            match company_page(site, slug, query, now).await {
                Ok(CompanyPage { status, head, content, next_deadline }) => match (kept_as, version, next_deadline) {
                    (Some(slug), Some(version), Some(next_deadline)) if content.is_some() => {
                        let page = Arc::new(Ready::new(status, html_type(), drawn(built, head, content)));
                        site.companies.keep(slug, version, now, next_deadline, page.clone());
                        return page.answer(headers);
                    }
                    _ => (status, head, content),
                },
                Err(error) => return unavailable(error, &built.plain),
            }
        }
        Screen::App(Some(screen)) if fixed(screen) => return site.fixed_page(screen).answer(headers),
        Screen::App(Some(screen)) => {
            let content = match categories::list(&site.db).await {
                Ok(list) => search_content(site, SearchHeading::Jobs, query, &list, now).await,
                Err(error) => return unavailable(error, &built.plain),
            };
            let mut head = screen_head(&site.public_url, screen);
            // The search's own feed: the same parameters under the feed's address.
            let query = query.map(|query| format!("?{query}")).unwrap_or_default();
            head.feed = Some(format!("{}/feeds/jobs.atom{query}", site.public_url));
            (StatusCode::OK, Some(head), content)
        }
        Screen::App(None) if private(path) => {
            let login = path.trim_end_matches('/').eq_ignore_ascii_case("/login");
            (StatusCode::OK, Some(Head::private()), if login { content::login(query) } else { None })
        }
        Screen::App(None) => (StatusCode::OK, None, None),
        Screen::Missing => (StatusCode::NOT_FOUND, Some(Head::not_found()), None),
    };
    html(status, &drawn(built, head, content))
}

/// The app's page with its head and content (drawn into the page as deferred once for all).
fn drawn(page: &Page, head: Option<Head>, content: Option<Content>) -> String {
    let Some(content) = content else {
        return head.map_or_else(|| page.plain.clone(), |head| head.apply(&page.plain));
    };
    let deferred = &page.deferred;
    match head {
        Some(head) => content.fill(&head.apply(&deferred.page), deferred.boot.as_deref()),
        None => content.fill(&deferred.page, deferred.boot.as_deref()),
    }
}

/// The lines a job's page has of the app's page: those of the job route's page as built, and as
/// it is drawn around content (its scripts deferred: `content`).
fn job_shell(pages: &Pages) -> Shell {
    let plain = pages.for_path("/job/shell");
    Shell::new([plain, &Content::empty().apply(plain)])
}

/// Whether a public screen's page is the same for everyone (all but the search's, which shows a
/// search), and so drawn once.
fn fixed(screen: &PublicScreen) -> bool {
    screen.path != "/jobs"
}

/// A public screen's head: its title and description, and one address for the screen however the
/// path was written (`/Terms/` is `/terms`).
fn screen_head(public_url: &str, screen: &PublicScreen) -> Head {
    let canonical = format!("{public_url}{}", screen.path);
    Head { canonical: Some(canonical), ..Head::titled(&screen.title, &screen.description) }
}

fn html_type() -> HeaderValue {
    HeaderValue::from_static("text/html; charset=utf-8")
}

/// A company's page as drawn, and, for one that is found, the first deadline of its jobs after
/// now (`Some(None)` when none is coming): what may keep it drawn.
struct CompanyPage {
    status: StatusCode,
    head: Option<Head>,
    content: Option<Content>,
    next_deadline: Option<Option<i64>>,
}

/// A company's page: its profile and, below, a search of its jobs; 404 for no such company, 410
/// for one its owners removed.
async fn company_page(site: &Site, slug: &str, query: Option<&str>, now: i64) -> Result<CompanyPage, sqlx::Error> {
    let missing = CompanyPage {
        status: StatusCode::NOT_FOUND,
        head: Some(Head::not_found()),
        content: None,
        next_deadline: None,
    };
    let Some(slug) = percent_decoded(slug) else { return Ok(missing) };
    let row = companies::repo::by_slug(&site.db, &slug.to_ascii_lowercase()).await?.filter(|row| !row.suspended);
    let Some(row) = row else { return Ok(missing) };
    if row.removed {
        return Ok(CompanyPage {
            status: StatusCode::GONE,
            head: Some(seo::company_removed()),
            content: None,
            next_deadline: None,
        });
    }
    let next_deadline = companies::repo::next_deadline(&site.db, &row.id, now).await?;
    let company = row.shown();
    let list = categories::list(&site.db).await?;
    let content = search_content(site, SearchHeading::Company(&company), query, &list, now).await;
    let head = Some(seo::company_head(&company, site.addresses()));
    Ok(CompanyPage { status: StatusCode::OK, head, content, next_deadline: Some(next_deadline) })
}

impl Site {
    /// The site's address and the API's.
    fn addresses(&self) -> seo::Addresses<'_> {
        seo::Addresses { site: &self.public_url, api: &self.api_public_url }
    }

    /// A job's page as `job` stands, as the pieces it shares with every job's page and its own.
    fn job_page(&self, built: &Page, job: &JobPage) -> Pieced {
        let (status, head, content) = match job {
            JobPage::Listed { job, open } => {
                (StatusCode::OK, seo::job_head(job, *open, self.addresses()), Some(content::job(job, *open)))
            }
            JobPage::Deleted => (StatusCode::GONE, Head::job_removed(), None),
            JobPage::Hidden => (StatusCode::NOT_FOUND, Head::not_found(), None),
        };
        self.job_shell.split(status, html_type(), drawn(built, Some(head), content))
    }

    /// The page of a public screen that is the same for everyone, drawn the first time.
    fn fixed_page(&self, screen: &'static PublicScreen) -> Arc<Ready> {
        let mut fixed = self.fixed.lock().expect("the fixed pages' lock");
        let page = fixed.entry(screen.path.as_str()).or_insert_with(|| {
            let content = (screen.path == "/").then(content::landing);
            let page = drawn(self.pages.page(&screen.path), Some(screen_head(&self.public_url, screen)), content);
            Arc::new(Ready::lasting(StatusCode::OK, html_type(), page))
        });
        page.clone()
    }
}

/// A search page's content: the first page of the search its address asks for, found by the
/// API's own handler (the same answer, and the same work, as the app's request it saves). A search
/// the API refuses has none: the app says why.
async fn search_content(
    site: &Site,
    heading: SearchHeading<'_>,
    query: Option<&str>,
    categories: &[crate::categories::model::Category],
    now: i64,
) -> Option<Content> {
    let (api_query, words) = content::search_query(query.unwrap_or_default(), heading.scope());
    let answer = crate::jobs::handlers::all_jobs(
        State(site.state.clone()),
        State(site.listings.clone()),
        RawQuery(Some(api_query.clone())),
    )
    .await;
    let found = serde_json::to_value(&answer.ok()?.0).ok()?;
    let categories = serde_json::to_value(categories).ok()?;
    Some(content::search(heading, &words, &api_query, found, categories, now))
}

/// The database did not answer: the app's page all the same (it shows its own error), as a 503.
fn unavailable(error: sqlx::Error, plain: &str) -> Response {
    tracing::warn!(%error, "a page's data could not be read from the database");
    let mut response = html(StatusCode::SERVICE_UNAVAILABLE, plain);
    response.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    response
}

async fn cache_control(request: Request, next: Next) -> Response {
    // Vite names everything under /assets/ by its content hash, so a changed file is a new URL.
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    if let Some(policy) = cache_policy(hashed, response.status().is_success()) {
        response.headers_mut().insert(header::CACHE_CONTROL, policy);
    }
    response
}

/// The `Cache-Control` of an answer under `/assets/` (`hashed`) or not, found or not: a hashed
/// asset is kept for a year; a missing asset is not cached at all; every page, found or not, is
/// revalidated.
pub fn cache_policy(hashed: bool, success: bool) -> Option<HeaderValue> {
    match (hashed, success) {
        (true, true) => Some(HeaderValue::from_static(IMMUTABLE)),
        (true, false) => None,
        (false, _) => Some(HeaderValue::from_static(REVALIDATE)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_drawn_from_its_deferred_form_is_the_page_deferred_after_its_head_and_content() {
        let built = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta name=\"description\" content=\"x\" />\n    \
                     <title>jobportal</title>\n    <script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>\n    \
                     <link rel=\"modulepreload\" crossorigin href=\"/assets/react-2.js\">\n    \
                     <link rel=\"modulepreload\" crossorigin href=\"/assets/job-3.js\">\n  </head>\n  <body>\n    \
                     <div id=\"root\"><!--main--></div>\n  </body>\n</html>\n";
        let page = Page::new(built.to_string());
        let contents: [fn() -> Content; 2] = [|| content::login(None).unwrap(), content::landing];
        for content in contents {
            let whole = content().apply(&Head::not_found().apply(built));
            assert_eq!(drawn(&page, Some(Head::not_found()), Some(content())), whole);
            assert!(whole.contains("data-preload=\"/assets/react-2.js /assets/job-3.js\""), "{whole}");
            assert_eq!(drawn(&page, None, Some(content())), content().apply(built));
        }
        assert_eq!(drawn(&page, Some(Head::not_found()), None), Head::not_found().apply(built), "no content: as built");
        assert_eq!(drawn(&page, None, None), built);
    }

    #[test]
    fn gzip_is_taken_when_named_without_q_0() {
        let accepts = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(header::ACCEPT_ENCODING, value.parse().unwrap());
            accepts_gzip(&headers)
        };
        assert!(accepts("gzip") && accepts("br, GZIP;q=0.5") && accepts("deflate, gzip ; q=1"));
        assert!(!accepts("br") && !accepts("gzip;q=0") && !accepts("gzip; q=0.0") && !accepts("x-gzip"));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
