//! What a public page shows, written into the page the server sends, so a phone paints it before
//! any script has arrived (docs/product.md#content-before-script): the home page's hero, a job's
//! title, facts and description, the first results of /jobs and of a category's page, and the
//! login form, each as the app draws it for a guest. Each is the app's own components, rendered
//! into a template at build time and filled here with the page's values (`template`,
//! docs/architecture.md#one-source-for-each-screen): this file says what the values are, never how
//! they look. The app's first render of the page is the same markup; the API answers that screen
//! asks for first travel in the page as JSON (`#page-data`), so the app draws it at once instead
//! of asking again.
//!
//! The markup is plain HTML that works without any script: links go where the app's would, the
//! search box is a form that loads /jobs with the words, a search page's filters are a form of
//! their own behind "Filters", and its pages are links.

use std::sync::LazyLock;

use serde_json::{Value, json};

use crate::categories::model::Category;
use crate::companies::model::Company;
use crate::jobs::model::{Job, open_when};
use crate::mail::html_escape;

use super::seo::{indian_grouping, script_safe};
use super::sitemap::{category_slug, path_segment as segment};
use super::template::Template;

/// Where `index.html` takes a page's main content: the comment after the header, inside the
/// app's root, so the app's first render replaces it with everything else.
pub const MAIN_MARK: &str = "<!--main-->";

/// Jobs per page, as the app's search asks for them (web/src/features/jobs/search.ts).
pub const PAGE_SIZE: i64 = 20;

/// A page's main content and the API answers its screen asks for first.
#[derive(Default)]
pub struct Content {
    html: String,
    /// Each answer as its JSON object (`{"url":…,"body":…}`), written once.
    answers: Vec<String>,
}

impl Content {
    /// No content: what `apply` does to every page whatever it shows.
    pub fn empty() -> Self {
        Self { html: String::new(), answers: Vec::new() }
    }

    /// The page with this content in its main area and its answers before `</body>`.
    pub fn apply(&self, page: &str) -> String {
        let deferred = Deferred::new(page);
        self.fill(&deferred.page, deferred.boot.as_deref())
    }

    /// `page`, a page as `Deferred` left it (its head perhaps given since), with this content in its
    /// main area, `boot` (its `Deferred::boot`) on a line of its own before the head's end, and
    /// its answers before `</body>`.
    pub fn fill(&self, page: &str, boot: Option<&str>) -> String {
        let main = format!(
            "<main id=\"main-content\" data-drawn tabindex=\"-1\" class=\"min-h-screen flex-1 focus:outline-none\">{}</main>",
            self.html
        );
        let mut page = page.replacen(MAIN_MARK, &main, 1);
        if let Some(boot) = boot {
            // On a line of its own before the head's end.
            if let Some(at) = page.find("</head>").map(|at| page[..at].rfind('\n').map_or(at, |newline| newline + 1)) {
                page.insert_str(at, boot);
            }
        }
        if self.answers.is_empty() {
            return page;
        }
        let data = format!(
            "    <script type=\"application/json\" id=\"page-data\">{}</script>\n",
            script_safe(&format!("[{}]", self.answers.join(",")))
        );
        if let Some(at) = page.rfind("</body>") {
            page.insert_str(at, &data);
        }
        page
    }

    /// `body` is what `GET url` answers (the app's request for it is answered from the page).
    fn answer(mut self, url: String, body: impl serde::Serialize) -> Self {
        #[derive(serde::Serialize)]
        struct Answer<B> {
            url: String,
            body: B,
        }
        self.answers.push(serde_json::to_string(&Answer { url, body }).expect("an answer serializes"));
        self
    }
}

/// A page with its app's code fetched and run only once the content has painted: the entry
/// module and the `modulepreload`s leave the head, and `/boot.js` (deferred) asks for them once
/// the page's first contentful paint is reported (docs/product.md#content-before-script). Fetched
/// beside the page, the code would share a slow phone's connection with the page's styles, and run
/// before the paint, hold it back, while nothing it draws is needed for it.
///
/// Made once for each of the app's pages (`site::Pages`): what it takes out and puts in depends
/// on the page alone, never on the content or head given to it after.
pub struct Deferred {
    /// The page without its entry module and its `modulepreload`s.
    pub page: String,
    /// The line that asks for them (`None` when the page has no entry module: it is left as it is).
    pub boot: Option<String>,
}

impl Deferred {
    pub fn new(page: &str) -> Self {
        const ENTRY: (&str, &str) = ("<script type=\"module\" crossorigin src=\"", "\"></script>");
        const PRELOAD: (&str, &str) = ("<link rel=\"modulepreload\" crossorigin href=\"", "\">");
        /// The page without its first element between `start` and `end` (and without that element's
        /// line, when it stands alone on one), and the value it held.
        fn take(page: &str, (start, end): (&str, &str)) -> Option<(String, String)> {
            let at = page.find(start)?;
            let value_end = at + start.len() + page[at + start.len()..].find(end)?;
            let (mut cut_from, mut cut_to) = (at, value_end + end.len());
            let line_start = page[..at].rfind('\n').map_or(0, |newline| newline + 1);
            if page[line_start..at].bytes().all(|b| b == b' ') && page[cut_to..].starts_with('\n') {
                (cut_from, cut_to) = (line_start, cut_to + 1);
            }
            Some((format!("{}{}", &page[..cut_from], &page[cut_to..]), page[at + start.len()..value_end].to_string()))
        }
        let Some((mut page, entry)) = take(page, ENTRY) else { return Self { page: page.to_string(), boot: None } };
        let mut preloads = Vec::new();
        while let Some((rest, file)) = take(&page, PRELOAD) {
            page = rest;
            preloads.push(file);
        }
        let boot = format!(
            "    <script defer src=\"/boot.js\" data-entry=\"{}\" data-preload=\"{}\"></script>\n",
            html_escape(&entry),
            html_escape(&preloads.join(" "))
        );
        Self { page, boot: Some(boot) }
    }
}

/// The screens drawn from the web app's own components (`template`), parsed once.
struct Screens {
    landing: String,
    login: String,
    login_next: Template,
    job: Template,
    jobs: Template,
    category: Template,
    company: Template,
}

static SCREENS: LazyLock<Screens> = LazyLock::new(|| {
    #[derive(serde::Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Built {
        landing: String,
        login: String,
        login_next: String,
        job: String,
        jobs: String,
        category: String,
        company: String,
    }
    let built: Built = serde_json::from_str(include_str!("../../../web/src/app/screen-templates.json"))
        .expect("web/src/app/screen-templates.json holds the drawn screens");
    let parsed = |name: &str, text: &str| {
        Template::parse(text).unwrap_or_else(|error| panic!("the {name} screen's template: {error}"))
    };
    let fixed = |name: &str, text: &str| {
        parsed(name, text).render(&json!({})).unwrap_or_else(|error| panic!("the {name} screen's template: {error}"))
    };
    Screens {
        landing: fixed("landing", &built.landing),
        login: fixed("login", &built.login),
        login_next: parsed("login", &built.login_next),
        job: parsed("job", &built.job),
        jobs: parsed("jobs", &built.jobs),
        category: parsed("category", &built.category),
        company: parsed("company", &built.company),
    }
});

/// The home page as a guest sees it (web/src/app/routes/landing.tsx).
pub fn landing() -> Content {
    Content { html: SCREENS.landing.clone(), answers: Vec::new() }
}

/// The login screen as it first shows (web/src/app/routes/login.tsx): its fields can be typed in
/// at once (the app keeps what was typed when it takes over), but the form is sent only by the app,
/// so its button waits for it. `query` is the page's: a `next` page goes on to Signup's link.
/// The app follows only a path of this site (web/src/lib/next-page.ts); a `next` that is not plainly
/// one is left for the app to draw.
pub fn login(query: Option<&str>) -> Option<Content> {
    let next = query
        .and_then(|query| {
            form_urlencoded::parse(query.as_bytes()).find(|(key, _)| key == "next").map(|(_, value)| value.into_owned())
        })
        // An empty `next` is none, as the app reads it.
        .filter(|next| !next.is_empty());
    let html = match next {
        None => SCREENS.login.clone(),
        Some(next) => {
            let path = next.strip_prefix('/').filter(|path| {
                !path.starts_with('/')
                    && path.bytes().all(|b| (b == b' ' || b.is_ascii_graphic() || b >= 0x80) && b != b'\\')
            })?;
            SCREENS.login_next.render(&json!({ "next": uri_component(path) })).expect("the login screen's `next`")
        }
    };
    Some(Content { html, answers: Vec::new() })
}

/// `text` as JavaScript's `encodeURIComponent` writes it, its slashes kept (`withNext`).
fn uri_component(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-_.!~*'()/".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// What a guest's job page shows of `job`, under the names of the web app's `JobView`
/// (web/src/features/jobs/components/job-article.tsx), each value written as the app writes it.
fn job_view(job: &Job, open: bool) -> Value {
    let fact = |term: &str, value: String| json!({ "term": term, "value": value });
    json!({
        "id": segment(&job.id),
        "title": job.title,
        "company": job.company,
        "companyPath": company_path(job.company_slug.as_deref()),
        "facts": [
            fact("Location", job.location.clone()),
            fact("Job type", job.job_type.as_str().to_string()),
            fact("Work mode", job.work_mode.as_str().to_string()),
            fact("Salary", salary(job.salary, job.salary_max)),
            fact("Category", job.category_name.clone()),
            fact("Positions", job.max_positions.to_string()),
            fact("Max Applications", job.max_applicants.to_string()),
            fact("Posted on", long_date(&job.date_of_posting)),
        ],
        "description": job.description,
        "hasSkills": !job.skillsets.is_empty(),
        "skills": job.skillsets,
        "hasQuestions": !job.questions.is_empty(),
        "asks": asks_line(job.questions.len()),
        "questions": job.questions.iter().map(|question| json!({
            "text": question.text,
            "detail": question_detail(question),
        })).collect::<Vec<_>>(),
        // The one rule of an open job (`jobs::model::open_at`), as the page's head reads it.
        "open": open,
        "deadline": long_date(&job.deadline),
        "closedOn": job.closed_at.as_deref().map(long_date),
    })
}

/// "This job asks 3 questions" (web/src/lib/questions.ts, `asksLine`).
fn asks_line(count: usize) -> String {
    match count {
        0 => String::new(),
        1 => "This job asks 1 question".into(),
        _ => format!("This job asks {count} questions"),
    }
}

/// How a question is answered, as the job's page says it (job-article.tsx, `questionDetail`).
fn question_detail(question: &crate::jobs::questions::Question) -> String {
    use crate::jobs::questions::QuestionKind;
    let how = match question.kind {
        QuestionKind::YesNo => "Yes or no".to_string(),
        QuestionKind::Number => "A number".to_string(),
        QuestionKind::Choice => format!("One of: {}", question.choices.join(", ")),
        QuestionKind::Text => "A short text".to_string(),
    };
    if question.required { format!("{how}, required") } else { how }
}

/// A job's page as a guest sees it (web/src/app/routes/job.tsx), with the job's API answer.
pub fn job(job: &Job, open: bool) -> Content {
    let html = SCREENS.job.render(&job_view(job, open)).expect("a job's view fills the job screen's template");
    let url = format!("/api/v1/jobs/getJob/{}", segment(&job.id));
    Content { html, answers: Vec::new() }.answer(url, crate::jobs::handlers::fetched(job))
}

/// The address of a company's page as the app writes it (web/src/features/jobs/format.ts,
/// `companyPath`); empty for no company.
fn company_path(slug: Option<&str>) -> String {
    slug.filter(|slug| !slug.is_empty()).map(|slug| format!("/company/{}", segment(slug))).unwrap_or_default()
}

/// What a search page shows above its results: /jobs's heading, a category's name, link and
/// description, or a company's profile.
pub enum SearchHeading<'a> {
    Jobs,
    Category(&'a Category),
    Company(&'a Company),
}

/// What a search page's own address fixes: nothing (/jobs), its category, or its company (its slug).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope<'a> {
    Everything,
    Category(&'a str),
    Company(&'a str),
}

impl<'a> SearchHeading<'a> {
    pub fn scope(&self) -> Scope<'a> {
        match self {
            SearchHeading::Jobs => Scope::Everything,
            SearchHeading::Category(category) => Scope::Category(&category.id),
            SearchHeading::Company(company) => Scope::Company(&company.slug),
        }
    }
}

/// /jobs or a category's page for a guest (web/src/app/routes/jobs.tsx and category.tsx), as it
/// first shows (web/src/features/jobs/components/plain-job-search.tsx): the heading, a search box,
/// the filters (a form of their own, closed), the first page of results (`found`, the answer of
/// `/api/v1/jobs/alljobs?{api_query}`) and links to the pages around it, with the categories'
/// answer the screen asks for too.
pub fn search(
    heading: SearchHeading,
    words: &str,
    api_query: &str,
    found: Value,
    categories: Value,
    now: i64,
) -> Content {
    let chosen = Chosen::read(api_query);
    let scope = heading.scope();
    let company = match heading {
        SearchHeading::Company(company) => Some(company),
        _ => None,
    };
    let (template, view) = match heading {
        SearchHeading::Jobs => {
            (&SCREENS.jobs, search_view("/jobs", words, &chosen, &found, Some(&categories), scope, now))
        }
        SearchHeading::Company(company) => {
            let action = company_path(Some(&company.slug));
            let mut view = search_view(&action, words, &chosen, &found, Some(&categories), scope, now);
            company_view(company, &mut view);
            (&SCREENS.company, view)
        }
        SearchHeading::Category(category) => {
            let action = format!("/category/{}", segment(&category_slug(&category.name)));
            let mut view = search_view(&action, words, &chosen, &found, None, scope, now);
            let every = chosen.query(1, false, true);
            view["name"] = json!(category.name);
            view["description"] = json!(category.description);
            view["everyCategory"] = json!(if every.is_empty() { every } else { format!("?{every}") });
            (&SCREENS.category, view)
        }
    };
    let html = template.render(&view).expect("a search's view fills the search screen's template");
    let categories_body =
        json!({ "success": true, "message": "Categories fetched successfully", "categories": categories });
    let content = Content { html, answers: Vec::new() }
        .answer(format!("/api/v1/jobs/alljobs?{api_query}"), found)
        .answer("/api/v1/jobs/showAllCategories".to_string(), categories_body);
    match company {
        Some(company) => content.answer(
            format!("/api/v1/companies/{}", segment(&company.slug)),
            json!({ "success": true, "message": crate::companies::handlers::FETCHED, "company": company }),
        ),
        None => content,
    }
}

/// A company's profile under the names of the web app's `CompanyView` (web/src/app/routes/company.tsx),
/// added to its page's `view`, each written as the app writes it.
fn company_view(company: &Company, view: &mut Value) {
    let host = web_host(&company.website);
    let locations = company.locations.join(", ");
    let website = if host.is_some() { company.website.as_str() } else { "" };
    let has_facts = [website, company.size_band.map_or("", |band| band.as_str()), &company.headquarters, &locations]
        .iter()
        .any(|value| !value.is_empty());
    for (name, value) in [
        ("name", json!(company.name)),
        ("logo", json!(company.logo.as_deref().unwrap_or_default())),
        ("about", json!(company.about)),
        ("website", json!(website)),
        ("websiteHost", json!(host.unwrap_or_default())),
        ("sizeBand", json!(company.size_band.map_or("", |band| band.as_str()))),
        ("headquarters", json!(company.headquarters)),
        ("locations", json!(locations)),
        ("hasFacts", json!(has_facts)),
        ("verified", json!(company.verified)),
    ] {
        view[name] = value;
    }
}

/// The host of an http or https address, as a browser's `URL` gives it (lower-case, its default
/// port left out, no user name); `None` for what is not such an address.
fn web_host(address: &str) -> Option<String> {
    let (rest, default_port) = match address.split_once("://") {
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("https") => (rest, ":443"),
        Some((scheme, rest)) if scheme.eq_ignore_ascii_case("http") => (rest, ":80"),
        _ => return None,
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = authority.rsplit_once('@').map_or(authority, |(_, host)| host).to_ascii_lowercase();
    let host = host.strip_suffix(default_port).map(str::to_string).unwrap_or(host);
    (!host.is_empty()).then_some(host)
}

/// A search page's values under the names of the web app's `PlainSearchView`, each written as the
/// app writes it; `categories` is the categories' answer where they are a filter (not on a
/// category's page, which is its category).
fn search_view(
    action: &str,
    words: &str,
    chosen: &Chosen,
    found: &Value,
    categories: Option<&Value>,
    scope: Scope<'_>,
    now: i64,
) -> Value {
    let with_category = categories.is_some();
    let with_company = !matches!(scope, Scope::Company(_));
    let jobs = found.get("data").and_then(Value::as_array).map(Vec::as_slice).unwrap_or_default();
    let total = found.get("total").and_then(Value::as_i64).unwrap_or_default();
    let capped = found.get("totalCapped").and_then(Value::as_bool).unwrap_or_default();
    let exact = found.get("totalExact").and_then(Value::as_bool).unwrap_or(!capped);
    let unfiltered = words.is_empty() && !chosen.filtered(with_category, with_company);
    let count = match (total, capped, exact) {
        (0, _, _) if unfiltered && matches!(scope, Scope::Category(_)) => {
            "No jobs available for this category.".to_string()
        }
        (0, _, _) if unfiltered && matches!(scope, Scope::Company(_)) => {
            "No jobs available at this company.".to_string()
        }
        (0, _, _) => "No jobs found for your search.".to_string(),
        (_, true, _) => format!("More than {total} jobs found"),
        (_, _, false) => format!("About {} jobs found", estimate(total)),
        (1, _, _) => "1 job found".to_string(),
        _ => format!("{total} jobs found"),
    };
    let choices = |key: &str, values: &[(&str, &str)]| -> Value {
        values
            .iter()
            .map(|(value, label)| json!({ "value": value, "label": label, "checked": chosen.has(key, value) }))
            .collect()
    };
    let categories = categories.and_then(Value::as_array).map(|categories| {
        let mut list =
            vec![json!({ "value": "", "label": "All categories", "checked": chosen.first("category").is_none() })];
        list.extend(
            categories
                .iter()
                .filter_map(|category| Some((category.get("_id")?.as_str()?, category.get("name")?.as_str()?)))
                .map(|(id, name)| json!({ "value": id, "label": name, "checked": chosen.has("category", id) })),
        );
        list
    });
    let posted = [("", "Any time"), ("1", "Last 24 hours"), ("7", "Last 7 days"), ("30", "Last 30 days")];
    let posted: Vec<Value> = posted
        .iter()
        .map(|(days, label)| {
            json!({ "value": days, "label": label, "checked": chosen.first("postedWithin").unwrap_or_default() == *days })
        })
        .collect();
    let hidden_keys: &[&str] = if with_company { &["q", "sort", "company"] } else { &["q", "sort"] };
    let hidden: Vec<Value> = hidden_keys
        .iter()
        .filter_map(|key| chosen.first(key).map(|value| json!({ "name": key, "value": value })))
        .collect();
    let pages = (total.min(10_000) + PAGE_SIZE - 1) / PAGE_SIZE;
    let page = chosen.page().min(pages);
    let address = |page: i64| {
        let query = chosen.query(page, with_category, with_company);
        if query.is_empty() { action.to_string() } else { format!("{action}?{query}") }
    };
    json!({
        "action": action,
        "words": words,
        "count": count,
        "hasJobs": !jobs.is_empty(),
        "jobs": jobs.iter().map(|job| card_view(job, now)).collect::<Vec<_>>(),
        "hidden": hidden,
        "jobTypes": choices("jobType", &[("Full-time", "Full-time"), ("Part-time", "Part-time"), ("Internship", "Internship")]),
        "workModes": choices("workMode", &[("On-site", "On-site"), ("Hybrid", "Hybrid"), ("Remote", "Remote")]),
        "hasCategories": with_category,
        "categories": categories.unwrap_or_default(),
        "location": chosen.first("location").unwrap_or_default(),
        "salary": chosen.first("salaryMin").unwrap_or_default(),
        "posted": posted,
        "closed": chosen.first("openOnly").is_none(),
        "pages": (pages > 1).then(|| json!({
            "page": page.to_string(),
            "pageCount": pages.to_string(),
            "previous": (page > 1).then(|| address(page - 1)),
            "next": (page < pages).then(|| address(page + 1)),
        })),
    })
}

/// What a search page's address chose, read back from the API query `search_query` made of it.
struct Chosen {
    pairs: Vec<(String, String)>,
}

impl Chosen {
    fn read(api_query: &str) -> Self {
        Self { pairs: form_urlencoded::parse(api_query.as_bytes()).into_owned().collect() }
    }

    fn first(&self, key: &str) -> Option<&str> {
        self.pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    fn has(&self, key: &str, value: &str) -> bool {
        self.pairs.iter().any(|(k, v)| k == key && v == value)
    }

    fn page(&self) -> i64 {
        self.first("page").and_then(|page| page.parse().ok()).unwrap_or(1)
    }

    /// Whether any filter is on (the category among them with `with_category`, the company with
    /// `with_company`), as the app counts them.
    fn filtered(&self, with_category: bool, with_company: bool) -> bool {
        let keys = ["jobType", "workMode", "location", "salaryMin", "postedWithin"];
        keys.iter().any(|key| self.first(key).is_some())
            || (with_category && self.first("category").is_some())
            || (with_company && self.first("company").is_some())
            || self.first("openOnly").is_none()
    }

    /// The query of the page's own address for `page` of the same search, in the order the app
    /// writes it (web/src/features/jobs/search.ts, `jobSearchParams`); the category only with
    /// `with_category` and the company only with `with_company` (a category's or company's page
    /// names it in its path).
    fn query(&self, page: i64, with_category: bool, with_company: bool) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        let mut keys = vec!["q", "jobType", "workMode"];
        if with_category {
            keys.push("category");
        }
        if with_company {
            keys.push("company");
        }
        keys.extend(["location", "salaryMin", "postedWithin", "sort"]);
        for key in keys {
            for (_, value) in self.pairs.iter().filter(|(k, _)| k == key) {
                query.append_pair(key, value);
            }
        }
        if self.first("openOnly").is_none() {
            query.append_pair("closed", "1");
        }
        if self.first("asTyped").is_some() {
            query.append_pair("asTyped", "1");
        }
        if page > 1 {
            query.append_pair("page", &page.to_string());
        }
        query.finish()
    }
}

/// A result's card under the names of the web app's `JobCardView`
/// (web/src/features/jobs/components/job-card.tsx), from its JSON.
fn card_view(job: &Value, now: i64) -> Value {
    let text = |key: &str| job.get(key).and_then(Value::as_str).unwrap_or_default();
    let number = |key: &str| job.get(key).and_then(Value::as_i64);
    let closed = !open_when(
        job.get("closedAt").is_some_and(|at| !at.is_null()),
        number("applicationsCount").unwrap_or_default(),
        number("maxApplicants").unwrap_or_default(),
        millis(text("deadline")).unwrap_or(i64::MIN),
        now,
    );
    let matches: Vec<(i64, i64)> = job
        .get("titleMatches")
        .and_then(Value::as_array)
        .map(|ranges| {
            ranges.iter().filter_map(|range| Some((range.get(0)?.as_i64()?, range.get(1)?.as_i64()?))).collect()
        })
        .unwrap_or_default();
    json!({
        "id": text("_id"),
        "titleParts": title_parts(text("title"), &matches),
        "closed": closed,
        "company": text("company"),
        "companyPath": company_path(job.get("companySlug").and_then(Value::as_str)),
        "hiddenReason": job.get("hiddenReason").and_then(Value::as_str),
        "location": text("location"),
        "jobType": text("jobType"),
        "workMode": text("workMode"),
        "salary": salary(number("salary").unwrap_or_default(), number("salaryMax")),
        "posted": posted_ago(text("dateOfPosting"), now),
        "applyBy": format!("Apply by {}", short_date(text("deadline"))),
    })
}

/// The title cut at the matched ranges (`[start, end]` in UTF-16 code units, `end` exclusive), as
/// the app cuts it (web/src/features/jobs/highlight.ts): a range that is empty, reversed, outside
/// the title or overlapping the one before is ignored.
fn title_parts(title: &str, ranges: &[(i64, i64)]) -> Vec<Value> {
    let units: Vec<u16> = title.encode_utf16().collect();
    let part = |from: usize, to: usize, marked: bool| json!({ "text": String::from_utf16_lossy(&units[from..to]), "marked": marked });
    let mut parts = Vec::new();
    let mut at = 0;
    for &(start, end) in ranges {
        if start < at as i64 || end <= start || end > units.len() as i64 {
            continue;
        }
        let (start, end) = (start as usize, end as usize);
        if start > at {
            parts.push(part(at, start, false));
        }
        parts.push(part(start, end, true));
        at = end;
    }
    if at < units.len() {
        parts.push(part(at, units.len(), false));
    }
    parts
}

/// An estimated count to two significant figures, grouped the Indian way (web/src/lib/format.ts):
/// 6,53,421 reads "6,50,000".
fn estimate(count: i64) -> String {
    let digits = count.max(1).to_string().len() as u32;
    let step = 10_i64.pow(digits.saturating_sub(2));
    indian_grouping((count + step / 2) / step * step)
}

/// "₹2,40,000 per month", or a range: "₹40,000 – ₹95,000 per month" (web/src/lib/format.ts).
fn salary(salary: i64, salary_max: Option<i64>) -> String {
    match salary_max {
        Some(max) if max > salary => format!("₹{} – ₹{} per month", indian_grouping(salary), indian_grouping(max)),
        _ => format!("₹{} per month", indian_grouping(salary)),
    }
}

fn instant(iso: &str) -> Option<time::OffsetDateTime> {
    time::OffsetDateTime::parse(iso, &time::format_description::well_known::Rfc3339).ok()
}

fn millis(iso: &str) -> Option<i64> {
    instant(iso).map(|at| (at.unix_timestamp_nanos() / 1_000_000) as i64)
}

/// The UTC calendar date: "26 November 2026" (`long`) or "26 Nov 2026".
fn date(iso: &str, long: bool) -> String {
    let Some(at) = instant(iso) else { return String::new() };
    let at = at.to_offset(time::UtcOffset::UTC);
    let month = at.month().to_string();
    let month = if long { month.as_str() } else { &month[..3] };
    format!("{} {month} {}", at.day(), at.year())
}

fn long_date(iso: &str) -> String {
    date(iso, true)
}

fn short_date(iso: &str) -> String {
    date(iso, false)
}

/// "Posted today", "Posted 1 day ago", "Posted 12 days ago"; a date still ahead is shown as itself.
fn posted_ago(iso: &str, now: i64) -> String {
    const DAY: i64 = 24 * 60 * 60 * 1000;
    let Some(at) = millis(iso) else { return String::new() };
    match now.div_euclid(DAY) - at.div_euclid(DAY) {
        days if days < 0 => format!("Posting on {}", short_date(iso)),
        0 => "Posted today".to_string(),
        1 => "Posted 1 day ago".to_string(),
        days => format!("Posted {days} days ago"),
    }
}

/// The query of `/api/v1/jobs/alljobs` the app sends for a search page's address, read as the
/// app reads it (web/src/features/jobs/search.ts, `parseJobSearch` and `jobsRequestQuery`): each
/// single parameter's first value, only the choices the app offers, defaults left out; and the
/// words searched (for the search box).
pub fn search_query(page_query: &str, scope: Scope<'_>) -> (String, String) {
    const JOB_TYPES: [&str; 3] = ["Full-time", "Part-time", "Internship"];
    const WORK_MODES: [&str; 3] = ["On-site", "Hybrid", "Remote"];
    const POSTED_WITHIN: [&str; 3] = ["1", "7", "30"];
    const LAST_PAGE: i64 = 10_000 / PAGE_SIZE;
    let pairs: Vec<(String, String)> = form_urlencoded::parse(page_query.as_bytes()).into_owned().collect();
    let first = |key: &str| pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str());
    let all = |key: &str| pairs.iter().filter(|(k, _)| k == key).map(|(_, v)| v.as_str()).collect::<Vec<_>>();
    let words = first("q").unwrap_or_default().trim().to_string();
    let mut query = form_urlencoded::Serializer::new(String::new());
    if !words.is_empty() {
        query.append_pair("q", &words);
    }
    let (types, modes) = (all("jobType"), all("workMode"));
    for kind in JOB_TYPES.iter().filter(|kind| types.contains(kind)) {
        query.append_pair("jobType", kind);
    }
    for mode in WORK_MODES.iter().filter(|mode| modes.contains(mode)) {
        query.append_pair("workMode", mode);
    }
    let fixed = |key: &str, scoped: Option<&str>| {
        scoped.map(str::to_string).or_else(|| first(key).map(|value| value.trim().to_string()))
    };
    let (category, company) = match scope {
        Scope::Everything => (fixed("category", None), fixed("company", None)),
        Scope::Category(id) => (fixed("category", Some(id)), fixed("company", None)),
        Scope::Company(slug) => (fixed("category", None), fixed("company", Some(slug))),
    };
    if let Some(category) = category.filter(|c| !c.is_empty()) {
        query.append_pair("category", &category);
    }
    if let Some(company) = company.filter(|c| !c.is_empty()) {
        query.append_pair("company", &company);
    }
    if let Some(location) = first("location").map(str::trim).filter(|l| !l.is_empty()) {
        query.append_pair("location", location);
    }
    let salary = first("salaryMin").map(str::trim).filter(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()));
    if let Some(salary) = salary.and_then(|s| s.parse::<i64>().ok()).filter(|s| *s > 0) {
        query.append_pair("salaryMin", &salary.to_string());
    }
    if let Some(days) = first("postedWithin").filter(|days| POSTED_WITHIN.contains(days)) {
        query.append_pair("postedWithin", days);
    }
    if !words.is_empty() && first("sort") == Some("newest") {
        query.append_pair("sort", "newest");
    }
    if first("closed") != Some("1") {
        query.append_pair("openOnly", "true");
    }
    if !words.is_empty() && first("asTyped") == Some("1") {
        query.append_pair("asTyped", "true");
    }
    let page = first("page").and_then(|page| page.parse::<i64>().ok()).filter(|page| *page > 1).unwrap_or(1);
    query.append_pair("page", &page.min(LAST_PAGE).to_string());
    query.append_pair("limit", &PAGE_SIZE.to_string());
    (query.finish(), words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_result_at_its_deadline_is_closed_as_the_sql_rule_says() {
        // The test's own clock: the deadline is whenever `at` says, and the card is drawn around it.
        let at = crate::db::now_millis();
        let deadline = crate::jobs::model::rfc3339_from_millis(at);
        let at = millis(&deadline).expect("an instant");
        let job =
            json!({ "_id": "j1", "title": "Welder", "deadline": deadline, "applicationsCount": 0, "maxApplicants": 5 });
        assert_eq!(card_view(&job, at - 1)["closed"], false, "open a millisecond before its deadline");
        assert_eq!(card_view(&job, at)["closed"], true, "closed at its deadline");
        assert!(open_when(false, 0, 5, at, at - 1) && !open_when(false, 0, 5, at, at));
    }

    fn sample(skills: &[&str], closed_at: Option<&str>) -> Job {
        use crate::jobs::model::{JobType, WorkMode};
        // fixed dates: only how they are written is under test.
        Job {
            id: "0193a1b2-c3d4".into(),
            title: "Rust <Intern>".into(),
            company: "Acme & Sons".into(),
            company_slug: Some("acme-sons".into()),
            company_logo: None,
            description: "Build it.\n\nShip it.".into(),
            salary: 240_000,
            salary_max: Some(300_000),
            work_mode: WorkMode::Remote,
            date_of_posting: "2026-11-05T10:00:00.000Z".into(), // fixed date: only written, `open` is given
            deadline: "2026-12-20T00:00:00.000Z".into(),        // fixed date: only written, `open` is given
            location: "Pune".into(),
            max_applicants: 50,
            max_positions: 2,
            skillsets: skills.iter().map(|skill| skill.to_string()).collect(),
            job_type: JobType::FullTime,
            category: "c1".into(),
            category_name: "Engineering".into(),
            user_id: "u1".into(),
            applications_count: 0,
            closed_at: closed_at.map(str::to_string),
            hidden_reason: None,
            questions: Vec::new(),
        }
    }

    #[test]
    fn the_job_screens_template_names_only_what_a_jobs_view_holds() {
        let mut job = sample(&["Rust"], None);
        job.questions = crate::jobs::questions::parse_questions(
            Some(&json!([{ "kind": "yesNo", "text": "Can you work from Pune?" }])),
            &[],
            || "q1".into(),
        )
        .unwrap();
        let view = job_view(&job, true);
        let (fact, question) = (&view["facts"][0], &view["questions"][0]);
        for name in SCREENS.job.names() {
            assert!(
                name == "." || [&view, fact, question].iter().any(|part| part.get(name).is_some()),
                "`{name}` is in no job's view"
            );
        }
        assert_eq!(question, &json!({ "text": "Can you work from Pune?", "detail": "Yes or no" }));
    }

    #[test]
    fn the_search_screens_templates_name_only_what_a_searchs_view_holds() {
        fn keys(value: &Value, into: &mut Vec<String>) {
            match value {
                Value::Object(fields) => {
                    for (key, field) in fields {
                        into.push(key.clone());
                        keys(field, into);
                    }
                }
                Value::Array(items) => items.iter().for_each(|item| keys(item, into)),
                _ => {}
            }
        }
        let job = json!({ "_id": "j1", "title": "Rust", "deadline": "", "dateOfPosting": "" });
        let (api_query, words) = search_query("q=rust&sort=newest&page=2", Scope::Everything);
        let chosen = Chosen::read(&api_query);
        let found = json!({ "data": [job], "total": 45 });
        let categories = json!([{ "_id": "c1", "name": "C" }]);
        let mut view = search_view("/jobs", &words, &chosen, &found, Some(&categories), Scope::Everything, 0);
        for (key, value) in [("name", "C"), ("description", "D"), ("everyCategory", "")] {
            view[key] = json!(value);
        }
        company_view(&company(), &mut view);
        let mut names = vec![".".to_string()];
        keys(&view, &mut names);
        for template in [&SCREENS.jobs, &SCREENS.category, &SCREENS.company] {
            for name in template.names() {
                assert!(names.iter().any(|known| known == name), "`{name}` is in no search's view");
            }
        }
    }

    #[test]
    fn a_guests_job_page_is_the_apps_job_article_with_the_jobs_values() {
        let open = sample(&["Rust", "SQL <joins>"], None).html_of(true);
        assert!(open.starts_with("<article class=\"mx-auto max-w-3xl px-4 py-12\"><h1 class=\"text-3xl font-bold text-gray-900\">Rust &lt;Intern&gt;</h1>"), "{open}");
        assert!(
            open.contains("<dt class=\"font-medium\">Salary</dt><dd>₹2,40,000 – ₹3,00,000 per month</dd>"),
            "{open}"
        );
        assert!(open.contains("<dt class=\"font-medium\">Posted on</dt><dd>5 November 2026</dd>"), "{open}");
        assert!(open.contains(">Skills</h2><ul class=\"mt-2 flex flex-wrap gap-2\"><li class=\"rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800\">Rust</li><li class=\"rounded-full bg-gray-100 px-3 py-1 text-sm text-gray-800\">SQL &lt;joins&gt;</li></ul>"), "{open}");
        assert!(open.contains("<span class=\"text-gray-800\">Last Date to Apply: 20 December 2026</span>"), "{open}");
        assert!(
            open.contains("href=\"/login?next=/job/0193a1b2-c3d4\" data-discover=\"true\">Log in to apply</a>"),
            "{open}"
        );
        assert!(!open.contains("No longer accepting"), "{open}");

        let closed = sample(&[], Some("2026-11-30T09:00:00.000Z")).html_of(false);
        assert!(!closed.contains("Skills") && !closed.contains("Log in to apply"), "{closed}");
        assert!(closed.contains("<span class=\"text-red-700\">No longer accepting applications</span><span class=\"mt-1 block font-normal text-gray-800\">The recruiter closed this job on 30 November 2026.</span>"), "{closed}");
        assert!(closed.contains(">Log in to save this job</a>"), "{closed}");
        let full = sample(&[], None).html_of(false);
        assert!(full.contains("No longer accepting applications</span></p>"), "no closing day: {full}");
    }

    impl Job {
        fn html_of(&self, open: bool) -> String {
            super::job(self, open).html
        }
    }

    #[test]
    fn login_takes_a_next_page_to_signup_as_the_app_writes_it() {
        let signup = |query: Option<&str>| {
            let html = login(query).map(|content| content.html)?;
            Some(
                html[html.find("href=\"/signup").expect("the signup link") + 6..]
                    .split('"')
                    .next()
                    .unwrap()
                    .to_string(),
            )
        };
        assert_eq!(signup(None).as_deref(), Some("/signup"));
        assert_eq!(signup(Some("next=")).as_deref(), Some("/signup"), "an empty next is none");
        assert_eq!(signup(Some("next=/job/j1")).as_deref(), Some("/signup?next=/job/j1"));
        assert_eq!(
            signup(Some("next=%2Fjobs%3Fq%3Drust%20%26%20go")).as_deref(),
            Some("/signup?next=/jobs%3Fq%3Drust%20%26%20go"),
            "escaped as encodeURIComponent escapes, the slashes kept"
        );
        assert_eq!(signup(Some("next=%2F%2Fevil.example")), None, "another site: left to the app");
        assert_eq!(signup(Some("next=%2F%5Cevil.example")), None);
        assert_eq!(signup(Some("next=https://evil.example")), None);
        assert!(login(None).unwrap().html.contains("<button type=\"submit\" disabled=\"\""), "only the app sends it");
    }

    #[test]
    fn a_search_page_without_script_has_its_filters_as_a_form_and_its_pages_as_links() {
        let (api_query, words) =
            search_query("q=rust&workMode=Remote&salaryMin=50000&closed=1&asTyped=1&page=2", Scope::Everything);
        let found = json!({ "success": true, "data": [], "total": 45 });
        let categories = json!([{ "_id": "c1", "name": "Engineering & Data" }]);
        let content = search(SearchHeading::Jobs, &words, &api_query, found, categories, 0);
        let html = &content.html;
        assert!(html.contains("<summary class=\"inline-flex"), "{html}");
        assert!(
            html.contains(
                "<form aria-label=\"Filters\" class=\"mt-3 flex flex-col gap-4\" action=\"/jobs\" method=\"get\">"
            ),
            "{html}"
        );
        assert!(
            html.contains("<input type=\"hidden\" name=\"q\" value=\"rust\"/>"),
            "the words go with the filters: {html}"
        );
        assert!(html.contains("name=\"workMode\" checked=\"\" value=\"Remote\"/>Remote"), "{html}");
        assert!(html.contains("name=\"workMode\" value=\"Hybrid\"/>Hybrid"), "{html}");
        assert!(html.contains("name=\"salaryMin\" value=\"50000\""), "{html}");
        assert!(html.contains("name=\"category\" checked=\"\" value=\"\"/>All categories"), "{html}");
        assert!(html.contains("name=\"category\" value=\"c1\"/>Engineering &amp; Data"), "{html}");
        assert!(html.contains("name=\"closed\" checked=\"\" value=\"1\"/>Show closed jobs"), "{html}");
        // The app's order: the words, the filters, closed, as typed, the page.
        assert!(
            html.contains("<a href=\"/jobs?q=rust&amp;workMode=Remote&amp;salaryMin=50000&amp;closed=1&amp;asTyped=1\" rel=\"prev\""),
            "{html}"
        );
        assert!(html.contains("<p class=\"text-gray-800\">Page 2 of 3</p>"), "{html}");
        assert!(
            html.contains("href=\"/jobs?q=rust&amp;workMode=Remote&amp;salaryMin=50000&amp;closed=1&amp;asTyped=1&amp;page=3\" rel=\"next\""),
            "{html}"
        );
        // The last page has no next, a single page no links at all.
        let (api_query, words) = search_query("page=3", Scope::Everything);
        let last = search(SearchHeading::Jobs, &words, &api_query, json!({ "data": [], "total": 45 }), json!([]), 0);
        assert!(last.html.contains("Page 3 of 3</p><span></span></nav>"), "{}", last.html);
        let (api_query, words) = search_query("", Scope::Everything);
        let one = search(SearchHeading::Jobs, &words, &api_query, json!({ "data": [], "total": 20 }), json!([]), 0);
        assert!(!one.html.contains("Pagination"), "{}", one.html);
    }

    #[test]
    fn a_category_page_links_to_every_category_with_the_same_search_and_says_when_it_has_no_jobs() {
        let category =
            Category { id: "c1".into(), name: "Human Resource".into(), description: "People <first>".into() };
        let draw = |query: &str| {
            let (api_query, words) = search_query(query, Scope::Category("c1"));
            let found = json!({ "data": [], "total": 0 });
            search(SearchHeading::Category(&category), &words, &api_query, found, json!([]), 0)
        };
        let page = draw("q=lead&closed=1");
        assert!(page.html.contains(">Human Resource</h1>"), "{}", page.html);
        assert!(
            page.html.contains("href=\"/jobs?q=lead&amp;closed=1\" data-discover=\"true\">Search all categories</a>"),
            "{}",
            page.html
        );
        assert!(page.html.contains(">People &lt;first&gt;</p>"), "{}", page.html);
        assert!(page.html.contains("action=\"/category/human-resource\""), "{}", page.html);
        assert!(!page.html.contains("name=\"category\""), "a category's page is its category: {}", page.html);
        assert!(page.html.contains(">No jobs found for your search.</p>"), "{}", page.html);
        let empty = draw("");
        assert!(empty.html.contains(">No jobs available for this category.</p>"), "{}", empty.html);
        assert!(
            empty.html.contains("href=\"/jobs\" data-discover=\"true\">Search all categories</a>"),
            "{}",
            empty.html
        );
    }

    fn company() -> Company {
        Company {
            id: "co1".into(),
            slug: "acme-sons".into(),
            name: "Acme & Sons".into(),
            website: "https://User@Acme.example:443/jobs?x=1".into(),
            about: "We build <engines>.".into(),
            size_band: Some(crate::companies::model::SizeBand::UpTo50),
            headquarters: "Pune".into(),
            locations: vec!["Pune".into(), "Remote".into()],
            logo: Some("/api/v1/company-logos/l1.png".into()),
            verified: true,
        }
    }

    #[test]
    fn a_company_page_is_its_profile_above_the_search_of_its_jobs() {
        let draw = |company: &Company, query: &str| {
            let (api_query, words) = search_query(query, Scope::Company(&company.slug));
            let found = json!({ "data": [], "total": 0 });
            (api_query.clone(), search(SearchHeading::Company(company), &words, &api_query, found, json!([]), 0))
        };
        let (api_query, page) = draw(&company(), "company=globex&category=c1");
        assert_eq!(
            api_query, "category=c1&company=acme-sons&openOnly=true&page=1&limit=20",
            "the page's company, always"
        );
        let html = &page.html;
        assert!(html.contains("<img src=\"/api/v1/company-logos/l1.png\" alt=\"\""), "{html}");
        assert!(html.contains(">Acme &amp; Sons</h1>"), "{html}");
        assert!(html.contains(">We build &lt;engines&gt;.</p>"), "{html}");
        assert!(html.contains("href=\"https://User@Acme.example:443/jobs?x=1\" rel=\"nofollow noopener\""), "{html}");
        assert!(html.contains(">acme.example</a>"), "{html}");
        assert!(html.contains("<dd>11-50 employees</dd>") && html.contains(">Pune, Remote</dd>"), "{html}");
        assert!(html.contains("action=\"/company/acme-sons\""), "{html}");
        assert!(!html.contains("name=\"company\""), "a company's page is its company: {html}");
        assert!(html.contains(">No jobs found for your search.</p>"), "a category is a filter here: {html}");
        let bare = Company {
            website: "ftp://acme.example".into(),
            about: String::new(),
            size_band: None,
            headquarters: String::new(),
            locations: Vec::new(),
            logo: None,
            ..company()
        };
        let (_, page) = draw(&bare, "");
        assert!(
            !page.html.contains("<img") && !page.html.contains("<dl") && !page.html.contains("ftp:"),
            "{}",
            page.html
        );
        assert!(page.html.contains(">No jobs available at this company.</p>"), "{}", page.html);
    }

    #[test]
    fn a_company_filter_on_jobs_is_kept_in_its_form_and_its_pages() {
        let (api_query, words) = search_query("company=acme&q=rust", Scope::Everything);
        assert_eq!(api_query, "q=rust&company=acme&openOnly=true&page=1&limit=20");
        let page = search(SearchHeading::Jobs, &words, &api_query, json!({ "data": [], "total": 45 }), json!([]), 0);
        assert!(page.html.contains("name=\"company\" value=\"acme\""), "{}", page.html);
        assert!(page.html.contains("href=\"/jobs?q=rust&amp;company=acme&amp;page=2\""), "{}", page.html);
        assert!(page.html.contains(">45 jobs found</p>"), "{}", page.html);
        let card = card_view(&json!({ "_id": "j1", "companySlug": "acme", "deadline": "", "dateOfPosting": "" }), 0);
        assert_eq!(card["companyPath"], "/company/acme");
        assert_eq!(card_view(&json!({ "_id": "j2", "deadline": "" }), 0)["companyPath"], "");
    }

    #[test]
    fn a_cards_title_marks_its_matched_words_as_the_app_cuts_them() {
        let parts = |title: &str, ranges: &[(i64, i64)]| -> Vec<(String, bool)> {
            title_parts(title, ranges)
                .iter()
                .map(|part| (part["text"].as_str().unwrap().to_string(), part["marked"].as_bool().unwrap()))
                .collect()
        };
        let owned = |list: &[(&str, bool)]| list.iter().map(|(t, m)| (t.to_string(), *m)).collect::<Vec<_>>();
        assert_eq!(parts("Rust Engineer", &[(0, 4)]), owned(&[("Rust", true), (" Engineer", false)]));
        // UTF-16 offsets: the emoji is two units.
        assert_eq!(parts("🦀 Rust", &[(3, 7)]), owned(&[("🦀 ", false), ("Rust", true)]));
        // Empty, reversed, outside or overlapping ranges are ignored.
        assert_eq!(
            parts("Go dev", &[(2, 2), (3, 1), (0, 2), (1, 3), (4, 99)]),
            owned(&[("Go", true), (" dev", false)])
        );
        assert!(parts("", &[]).is_empty());
        let job = json!({ "_id": "j1", "title": "<b>Rust</b>", "titleMatches": [[3, 7]], "deadline": "", "dateOfPosting": "" });
        let (api_query, words) = search_query("q=rust", Scope::Everything);
        let page = search(SearchHeading::Jobs, &words, &api_query, json!({ "data": [job], "total": 1 }), json!([]), 0);
        assert!(
            page.html.contains("href=\"/job/j1\" data-discover=\"true\">&lt;b&gt;<mark class=\"rounded-sm bg-yellow-100 text-gray-900\">Rust</mark>&lt;/b&gt;</a>"),
            "{}",
            page.html
        );
        assert!(page.html.contains(">1 job found</p>"), "{}", page.html);
    }

    #[test]
    fn a_search_pages_address_becomes_the_query_the_app_sends() {
        let (query, words) = search_query(
            "q=+rust+&jobType=Internship&jobType=Full-time&jobType=x&postedWithin=7&page=3",
            Scope::Everything,
        );
        assert_eq!(query, "q=rust&jobType=Full-time&jobType=Internship&postedWithin=7&openOnly=true&page=3&limit=20");
        assert_eq!(words, "rust");
        let (query, _) =
            search_query("closed=1&sort=newest&salaryMin=0&postedWithin=5&page=999", Scope::Category("c1"));
        assert_eq!(query, "category=c1&page=500&limit=20", "sort needs words; no minimum of 0; 5 days is no choice");
        assert_eq!(search_query("", Scope::Everything).0, "openOnly=true&page=1&limit=20");
    }

    #[test]
    fn dates_read_as_the_app_shows_them() {
        // fixed date: only formatting is under test, and "now" is set relative to it below.
        const POSTED: &str = "2026-11-05T10:00:00.000Z";
        assert_eq!(long_date(POSTED), "5 November 2026");
        assert_eq!(short_date("2026-09-30T23:59:59Z"), "30 Sep 2026"); // fixed date: formatting only
        let (day, at) = (24 * 60 * 60 * 1000, millis(POSTED).unwrap());
        assert_eq!(posted_ago(POSTED, at + 15 * 60 * 60 * 1000), "Posted 1 day ago", "a new UTC day");
        assert_eq!(posted_ago(POSTED, at), "Posted today");
        assert_eq!(posted_ago(POSTED, at + 12 * day), "Posted 12 days ago");
        assert_eq!(posted_ago(POSTED, at - 2 * day), "Posting on 5 Nov 2026");
    }

    #[test]
    fn content_takes_the_mark_and_its_answers_cannot_close_their_script() {
        let content = Content::default().answer("/api/x".into(), json!({ "title": "</script><b>" }));
        let page = content.apply("<body><div id=\"root\"><!--main--></div></body>");
        assert!(page.contains("<div id=\"root\"><main id=\"main-content\""), "{page}");
        assert!(page.contains("\\u003c/script\\u003e\\u003cb\\u003e"), "{page}");
        assert_eq!(page.matches("</script>").count(), 1, "{page}");
        assert_eq!(salary(40_000, Some(95_000)), "₹40,000 – ₹95,000 per month");
        let built = "<head>\n    <script type=\"module\" crossorigin src=\"/assets/index-1.js\"></script>\n    \
                     <link rel=\"modulepreload\" crossorigin href=\"/assets/react-2.js\">\n    \
                     <link rel=\"modulepreload\" crossorigin href=\"/assets/landing-3.js\">\n  </head><body><!--main--></body>";
        let page = Content::default().apply(built);
        assert_eq!(
            page,
            "<head>\n    <script defer src=\"/boot.js\" data-entry=\"/assets/index-1.js\" \
             data-preload=\"/assets/react-2.js /assets/landing-3.js\"></script>\n  </head><body>\
             <main id=\"main-content\" data-drawn tabindex=\"-1\" class=\"min-h-screen flex-1 focus:outline-none\"></main></body>",
            "the code is asked for after the first paint"
        );
        assert_eq!(salary(240_000, None), "₹2,40,000 per month");
        assert_eq!(
            (estimate(653_421), estimate(10_499), estimate(87)),
            ("6,50,000".into(), "10,000".into(), "87".into())
        );
    }
}
