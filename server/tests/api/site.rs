//! Public pages a crawler reads without JavaScript: each job's page carries its title,
//! description, canonical address, Open Graph tags and, while it is open, a schema.org JobPosting
//! that has Google's required and recommended properties; closed, deleted and hidden jobs, category
//! pages and unknown paths answer what they are; robots.txt and the sitemaps validate.

use serde_json::{Value, json};
use time::OffsetDateTime;
use time::format_description::well_known::Rfc3339;

use crate::helpers::{TestApp, day, midnight, midnight_millis};
use crate::on_both_engines;

on_both_engines!(
    a_crawler_reads_an_open_jobs_title_description_and_job_posting,
    closed_deleted_and_hidden_jobs_say_what_they_are,
    category_pages_have_their_own_head_and_unknown_paths_are_404,
    robots_and_the_sitemap_list_every_open_job_and_category,
    a_job_file_has_one_name_and_its_other_spellings_are_404,
    public_pages_carry_their_content_and_the_answers_their_screen_asks_for,
    a_companys_page_has_its_head_and_organization_and_a_removed_one_is_gone,
    a_companys_page_kept_drawn_shows_each_change_at_once,
    a_jobs_page_says_how_many_questions_it_asks_and_shows_them,
);

on_both_engines!(configured |config| { config.search_index = false; };
    past_50000_addresses_the_sitemap_is_an_index_of_files_within_the_limit,
);

// With the web app's folders there, as a deployment has them: a path is looked up as a file first.
on_both_engines!(configured |config| { std::fs::create_dir_all(config.web_dir.join("assets")).unwrap(); };
    a_path_no_file_could_have_is_404_like_any_unknown_path,
);

// With a built index.html, as `make run` serves it.
on_both_engines!(configured |config| {
        std::fs::create_dir_all(&config.web_dir).unwrap();
        std::fs::write(config.web_dir.join("index.html"), super::BUILT_INDEX).unwrap();
    };
    the_home_page_has_its_head_and_private_screens_ask_not_to_be_indexed,
);

const BUILT_INDEX: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
    <meta name=\"description\" content=\"jobportal connects job seekers with recruiters.\" />\n    \
    <title>jobportal</title>\n  </head>\n  <body><div id=\"root\"></div></body>\n</html>\n";

async fn the_home_page_has_its_head_and_private_screens_ask_not_to_be_indexed(app: &TestApp) {
    for path in ["/", "/index.html"] {
        let (status, _, html) = crawl(app, path).await;
        assert_eq!((status, title(&html).as_str()), (200, "jobportal: Connecting Talent with Opportunity"), "{path}");
        let home = format!("{}/", app.address);
        assert_eq!(between(&html, "<link rel=\"canonical\" href=\"", "\""), Some(home.as_str()), "{path}");
        assert_eq!(meta(&html, "property", "og:url"), Some(home.clone()), "{path}");
        assert_eq!(
            meta(&html, "property", "og:title").as_deref(),
            Some("jobportal: Connecting Talent with Opportunity")
        );
        assert_eq!(meta(&html, "name", "robots"), None, "{path} is for everyone");
    }
    for path in
        ["/login", "/signup", "/verify-email", "/dashboard/my-jobs", "/update-password/abc", "/alerts/unsubscribe"]
    {
        let (status, _, html) = crawl(app, path).await;
        assert_eq!((status, meta(&html, "name", "robots").as_deref()), (200, Some("noindex")), "{path}");
    }
    for path in ["/jobs", "/career-paths"] {
        assert_eq!(meta(&crawl(app, path).await.2, "name", "robots"), None, "{path} may be indexed");
    }
}

/// A page as a crawler gets it: the status, the content type and the HTML.
async fn crawl(app: &TestApp, path: &str) -> (u16, String, String) {
    let response = app.client.get(app.url(path)).header("User-Agent", "Googlebot/2.1").send().await.unwrap();
    let status = response.status().as_u16();
    let content_type = response.headers()["content-type"].to_str().unwrap().to_string();
    (status, content_type, response.text().await.unwrap())
}

/// The text between `start` and the next `end` after it.
fn between<'a>(html: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = html.find(start)? + start.len();
    Some(&html[from..from + html[from..].find(end)?])
}

fn meta(html: &str, attribute: &str, name: &str) -> Option<String> {
    between(html, &format!("<meta {attribute}=\"{name}\" content=\""), "\"").map(unescape)
}

fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

fn title(html: &str) -> String {
    assert_eq!(html.matches("<title>").count(), 1, "one title: {html}");
    unescape(between(html, "<title>", "</title>").unwrap())
}

fn json_ld(html: &str) -> Option<Value> {
    between(html, "<script type=\"application/ld+json\">", "</script>").map(|text| serde_json::from_str(text).unwrap())
}

fn is_date_or_time(value: &Value) -> bool {
    let Some(text) = value.as_str() else { return false };
    OffsetDateTime::parse(text, &Rfc3339).is_ok()
        || time::Date::parse(text, time::macros::format_description!("[year]-[month]-[day]")).is_ok()
}

fn text(value: &Value) -> bool {
    value.as_str().is_some_and(|text| !text.trim().is_empty())
}

/// What Google's JobPosting guidelines ask of `posting` that it lacks: the required properties
/// (title, description, datePosted, hiringOrganization, jobLocation, or for a fully remote job
/// applicantLocationRequirements) and the recommended ones (validThrough, employmentType,
/// baseSalary, identifier, directApply).
fn job_posting_problems(posting: &Value) -> Vec<String> {
    let mut problems = Vec::new();
    let mut check = |ok: bool, what: &str| {
        if !ok {
            problems.push(what.to_string());
        }
    };
    check(posting["@context"].as_str().is_some_and(|context| context.contains("schema.org")), "@context");
    check(posting["@type"] == "JobPosting", "@type");
    check(text(&posting["title"]), "title");
    check(text(&posting["description"]), "description");
    check(is_date_or_time(&posting["datePosted"]), "datePosted");
    let organization = &posting["hiringOrganization"];
    check(organization["@type"] == "Organization" && text(&organization["name"]), "hiringOrganization");
    let address = &posting["jobLocation"]["address"];
    let located = posting["jobLocation"]["@type"] == "Place"
        && address["@type"] == "PostalAddress"
        && address["addressCountry"].as_str().is_some_and(|country| country.len() == 2)
        && (text(&address["addressLocality"]) || text(&address["addressRegion"]));
    let remote = posting["jobLocationType"] == "TELECOMMUTE"
        && text(&posting["applicantLocationRequirements"]["name"])
        && posting["applicantLocationRequirements"]["@type"]
            .as_str()
            .is_some_and(|kind| ["Country", "State"].contains(&kind));
    check(located || remote, "jobLocation");
    if posting["jobLocationType"] == "TELECOMMUTE" {
        check(remote, "applicantLocationRequirements");
    }
    // Recommended.
    check(
        posting["validThrough"].as_str().is_some_and(|at| OffsetDateTime::parse(at, &Rfc3339).is_ok()),
        "validThrough",
    );
    let types = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN", "VOLUNTEER", "PER_DIEM", "OTHER"];
    check(posting["employmentType"].as_str().is_some_and(|kind| types.contains(&kind)), "employmentType");
    let salary = &posting["baseSalary"];
    let value = &salary["value"];
    let amount = value["value"].is_number() || (value["minValue"].is_number() && value["maxValue"].is_number());
    let units = ["HOUR", "DAY", "WEEK", "MONTH", "YEAR"];
    check(
        salary["@type"] == "MonetaryAmount"
            && salary["currency"].as_str().is_some_and(|currency| currency.len() == 3)
            && value["@type"] == "QuantitativeValue"
            && amount
            && value["unitText"].as_str().is_some_and(|unit| units.contains(&unit)),
        "baseSalary",
    );
    check(posting["identifier"]["@type"] == "PropertyValue" && text(&posting["identifier"]["value"]), "identifier");
    check(posting["directApply"].is_boolean(), "directApply");
    problems
}

#[test]
fn the_job_posting_check_finds_what_is_missing() {
    let remote = json!({ "@context": "https://schema.org/", "@type": "JobPosting", "title": "T", "description": "D",
        "datePosted": day(-30), "hiringOrganization": { "@type": "Organization", "name": "Acme" },
        "jobLocationType": "TELECOMMUTE" });
    assert_eq!(
        job_posting_problems(&remote),
        [
            "jobLocation",
            "applicantLocationRequirements",
            "validThrough",
            "employmentType",
            "baseSalary",
            "identifier",
            "directApply"
        ]
    );
    assert_eq!(job_posting_problems(&json!({}))[..3], ["@context", "@type", "title"]);
}

async fn post_job(app: &TestApp, token: &str, title: &str, work_mode: &str) -> String {
    let form = json!({
        "title": title, "company": "Acme & Sons", "description": "Build the engine.\n\nShip it <weekly>.",
        "maxApplicants": 5, "maxPositions": 1, "dateOfPosting": day(-30), "deadline": day(30),
        "skillsets": ["rust", "sql"], "jobType": "Internship", "salary": 240000, "salaryMax": 300000,
        "workMode": work_mode, "categoryName": app.category_id("Engineering").await, "location": "Pune",
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", token, &form).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["_id"].as_str().unwrap().to_string()
}

async fn recruiter(app: &TestApp) -> String {
    app.sign_up("Recruiter", "rita@example.com", "correct horse battery").await;
    app.log_in("rita@example.com", "correct horse battery").await
}

async fn a_crawler_reads_an_open_jobs_title_description_and_job_posting(app: &TestApp) {
    let token = recruiter(app).await;
    let id = post_job(app, &token, "Rust Intern", "Remote").await;
    let (status, content_type, html) = crawl(app, &format!("/job/{id}")).await;
    assert_eq!((status, content_type.as_str()), (200, "text/html; charset=utf-8"));
    assert_eq!(title(&html), "Rust Intern at Acme & Sons | jobportal");
    assert_eq!(
        meta(&html, "name", "description").unwrap(),
        "Rust Intern at Acme & Sons. Internship · Remote · Pune · ₹2,40,000–₹3,00,000 per month. Build the engine. Ship it <weekly>."
    );
    let canonical = format!("{}/job/{id}", app.address);
    assert_eq!(between(&html, "<link rel=\"canonical\" href=\"", "\""), Some(canonical.as_str()));
    assert_eq!(meta(&html, "property", "og:url").as_deref(), Some(canonical.as_str()));
    assert_eq!(meta(&html, "property", "og:title").unwrap(), "Rust Intern at Acme & Sons | jobportal");
    assert_eq!(meta(&html, "property", "og:type").as_deref(), Some("website"));
    assert!(meta(&html, "property", "og:description").unwrap().starts_with("Rust Intern at Acme & Sons."));
    assert!(html.contains("<div id=\"root\">"), "the app's page: {html}");

    let posting = json_ld(&html).expect("a JobPosting");
    assert_eq!(job_posting_problems(&posting), Vec::<String>::new(), "{posting}");
    assert_eq!(posting["title"], "Rust Intern");
    assert_eq!(posting["description"], "<p>Build the engine.</p><p>Ship it &lt;weekly&gt;.</p>");
    assert_eq!(
        (posting["datePosted"].as_str(), posting["validThrough"].as_str()),
        (Some(midnight(-30).as_str()), Some(midnight(30).as_str()))
    );
    assert_eq!(posting["employmentType"], "INTERN");
    let company_page = format!("{}/company/ada-lovelace", app.address);
    assert_eq!(
        posting["hiringOrganization"],
        json!({ "@type": "Organization", "name": "Acme & Sons", "url": company_page, "sameAs": company_page })
    );
    assert_eq!(
        posting["jobLocation"]["address"],
        json!({ "@type": "PostalAddress", "addressLocality": "Pune", "addressCountry": "IN" })
    );
    assert_eq!(
        posting["baseSalary"],
        json!({ "@type": "MonetaryAmount", "currency": "INR",
            "value": { "@type": "QuantitativeValue", "minValue": 240000, "maxValue": 300000, "unitText": "MONTH" } })
    );
    assert_eq!(
        (posting["jobLocationType"].as_str(), posting["applicantLocationRequirements"]["name"].as_str()),
        (Some("TELECOMMUTE"), Some("India"))
    );
    assert_eq!(posting["identifier"]["value"], id.as_str());

    // An on-site job has a place and no remote properties.
    let on_site = post_job(app, &token, "Rust Engineer", "On-site").await;
    let posting = json_ld(&crawl(app, &format!("/job/{on_site}")).await.2).unwrap();
    assert_eq!(job_posting_problems(&posting), Vec::<String>::new());
    assert!(posting.get("jobLocationType").is_none() && posting.get("applicantLocationRequirements").is_none());
}

async fn closed_deleted_and_hidden_jobs_say_what_they_are(app: &TestApp) {
    let token = recruiter(app).await;
    let closed = post_job(app, &token, "Closed Role", "Hybrid").await;
    let response =
        app.client.put(app.url(&format!("/api/v1/jobs/closeJob/{closed}"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.status(), 200);
    let (status, _, html) = crawl(app, &format!("/job/{closed}")).await;
    assert_eq!(status, 200);
    assert_eq!(title(&html), "Closed Role at Acme & Sons (closed) | jobportal");
    assert!(
        meta(&html, "name", "description")
            .unwrap()
            .starts_with("This job is closed to applications. Closed Role at Acme & Sons.")
    );
    assert_eq!(json_ld(&html), None, "a closed job has no JobPosting");

    // Past its deadline, or full, a job is closed too (the same condition as an open-only search).
    for (name, change) in [
        ("Late Role", "UPDATE jobs SET deadline = 1 WHERE id = $1"),
        ("Full Role", "UPDATE jobs SET applications_count = max_applicants WHERE id = $1"),
    ] {
        let id = post_job(app, &token, name, "Hybrid").await;
        jobportal::dispatch!(&app.db, |pool| sqlx::query(change).bind(&id).execute(pool).await.map(|_| ())).unwrap();
        let (status, _, html) = crawl(app, &format!("/job/{id}")).await;
        assert_eq!(
            (status, title(&html), json_ld(&html)),
            (200, format!("{name} at Acme & Sons (closed) | jobportal"), None)
        );
    }

    let deleted = post_job(app, &token, "Deleted Role", "Hybrid").await;
    let response = app
        .client
        .delete(app.url(&format!("/api/v1/jobs/deleteJob/{deleted}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (status, content_type, html) = crawl(app, &format!("/job/{deleted}")).await;
    assert_eq!((status, content_type.as_str()), (410, "text/html; charset=utf-8"));
    assert_eq!(title(&html), "Job removed | jobportal");
    assert_eq!(meta(&html, "name", "robots").as_deref(), Some("noindex"));
    assert!(html.contains("<div id=\"root\">") && json_ld(&html).is_none(), "{html}");

    let hidden = post_job(app, &token, "Hidden Role", "Hybrid").await;
    jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", "correct horse battery")
        .await
        .unwrap();
    let admin = app.log_in("root@example.com", "correct horse battery").await;
    let response = app
        .client
        .put(app.url(&format!("/api/v1/admin/jobs/{hidden}/hide")))
        .bearer_auth(&admin)
        .json(&json!({ "reason": "Spam" }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let (status, _, html) = crawl(app, &format!("/job/{hidden}")).await;
    assert_eq!((status, title(&html).as_str(), json_ld(&html)), (404, "Page not found | jobportal", None));
    let (status, _, html) = crawl(app, "/job/no-such-job").await;
    assert_eq!((status, title(&html).as_str()), (404, "Page not found | jobportal"));
}

async fn category_pages_have_their_own_head_and_unknown_paths_are_404(app: &TestApp) {
    let (status, _, html) = crawl(app, "/category/human-resource").await;
    assert_eq!((status, title(&html).as_str()), (200, "Human Resource jobs | jobportal"));
    assert_eq!(
        meta(&html, "name", "description").unwrap(),
        "Human Resource jobs on jobportal. Hire, develop and look after the people who make an organisation work."
    );
    let canonical = format!("{}/category/human-resource", app.address);
    assert_eq!(between(&html, "<link rel=\"canonical\" href=\"", "\""), Some(canonical.as_str()));
    assert_eq!(crawl(app, "/category/no-such-area").await.0, 404);
    // A name with characters a path escapes: the sitemap's address and the browser's both find it.
    let admin =
        jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", "correct horse battery")
            .await
            .unwrap();
    jobportal::categories::repo::insert(&app.db, "R&D Café", "Research and development.", &admin).await.unwrap();
    let (status, _, html) = crawl(app, "/category/r%26d-caf%C3%A9").await;
    assert_eq!((status, title(&html).as_str()), (200, "R&D Café jobs | jobportal"));
    let sitemap = fetch_xml(app, "/sitemap.xml").await;
    assert!(sitemap.contains(&format!("<loc>{}/category/r%26d-caf%C3%A9</loc>", app.address)), "{sitemap}");

    let (status, _, html) = crawl(app, "/no-such-page").await;
    assert_eq!((status, title(&html).as_str()), (404, "Page not found | jobportal"));
    assert!(html.contains("<div id=\"root\">"), "the app's page, which shows its not-found screen");
    for path in ["/favicon.png", "/job/a/b", "/jobsx"] {
        assert_eq!(crawl(app, path).await.0, 404, "{path}");
    }
    for (path, expected, canonical) in [
        ("/", "jobportal: Connecting Talent with Opportunity", "/"),
        ("/jobs", "Jobs | jobportal", "/jobs"),
        ("/Terms/", "Terms | jobportal", "/terms"),
    ] {
        let (status, _, html) = crawl(app, path).await;
        assert_eq!((status, title(&html).as_str()), (200, expected), "{path}");
        let canonical = format!("{}{canonical}", app.address);
        assert_eq!(between(&html, "<link rel=\"canonical\" href=\"", "\""), Some(canonical.as_str()), "{path}");
    }
    for path in ["/login", "/dashboard/my-jobs", "/dashboard/admin/audit", "/update-password/abc", "/career-paths"] {
        assert_eq!(crawl(app, path).await.0, 200, "{path}");
    }
}

/// The answers a page carries for its screen's first requests, as `(url, body)`.
fn page_answers(html: &str) -> Vec<(String, Value)> {
    let Some(text) = between(html, "<script type=\"application/json\" id=\"page-data\">", "</script>") else {
        return Vec::new();
    };
    let answers: Vec<Value> = serde_json::from_str(text).expect("the page's answers are JSON");
    answers.into_iter().map(|answer| (answer["url"].as_str().unwrap().to_string(), answer["body"].clone())).collect()
}

/// The page's main content, as the server drew it.
fn main_content(html: &str) -> Option<&str> {
    between(html, "<main id=\"main-content\"", "</main>")
}

async fn public_pages_carry_their_content_and_the_answers_their_screen_asks_for(app: &TestApp) {
    let token = recruiter(app).await;
    let id = post_job(app, &token, "Rust Intern", "Remote").await;
    post_job(app, &token, "Sales Lead", "On-site").await;

    // The home page's hero and its links, which work without script.
    let (status, _, html) = crawl(app, "/").await;
    let main = main_content(&html).expect("the home page's content");
    assert_eq!(status, 200);
    assert!(main.contains(">Connecting Talent with Opportunity</h1>"), "{main}");
    assert!(main.contains("action=\"/jobs\" method=\"get\""), "the search box is a form: {main}");
    assert!(main.contains("href=\"/category/human-resource\""), "{main}");
    assert!(page_answers(&html).is_empty());

    // A job's page: its title, facts and description, and the answer of getJob, exactly.
    let (status, _, html) = crawl(app, &format!("/job/{id}")).await;
    let main = main_content(&html).expect("the job's content");
    assert_eq!(status, 200);
    assert!(main.contains("<h1 class=\"text-3xl font-bold text-gray-900\">Rust Intern</h1>"), "{main}");
    assert!(
        main.contains("<p class=\"mt-2 text-lg text-gray-700\"><a class=\"underline underline-offset-2 hover:text-gray-900\" href=\"/company/ada-lovelace\" data-discover=\"true\">Acme &amp; Sons</a></p>"),
        "the company links to its page: {main}"
    );
    assert!(main.contains("<dd>₹2,40,000 – ₹3,00,000 per month</dd>"), "{main}");
    assert!(main.contains("Build the engine.\n\nShip it &lt;weekly&gt;.</p>"), "escaped: {main}");
    assert!(
        main.contains(&format!("href=\"/login?next=/job/{id}\" data-discover=\"true\">Log in to apply</a>")),
        "{main}"
    );
    let api = format!("/api/v1/jobs/getJob/{id}");
    assert_eq!(page_answers(&html), vec![(api.clone(), app.get(&api).await.1)]);

    // /jobs: the first results of the search the address asks for, and the same answer the API
    // gives the app's request (an invalid minimum salary is left out, as the app leaves it out).
    let (status, _, html) = crawl(app, "/jobs?q=rust&workMode=Remote&salaryMin=abc").await;
    let main = main_content(&html).expect("the search's content");
    assert_eq!(status, 200);
    let marked = "<mark class=\"rounded-sm bg-yellow-100 text-gray-900\">Rust</mark> Intern</a>";
    assert!(main.contains(&format!("href=\"/job/{id}\" data-discover=\"true\">{marked}")), "{main}");
    assert!(main.contains(">1 job found</p>") && !main.contains("Sales Lead"), "{main}");
    assert!(main.contains("name=\"q\" value=\"rust\"/>"), "{main}");
    let search = "/api/v1/jobs/alljobs?q=rust&workMode=Remote&openOnly=true&page=1&limit=20";
    let categories = "/api/v1/jobs/showAllCategories";
    assert_eq!(
        page_answers(&html),
        vec![(search.to_string(), app.get(search).await.1), (categories.to_string(), app.get(categories).await.1)]
    );

    // A category's page is its search.
    let (status, _, html) = crawl(app, "/category/engineering").await;
    let main = main_content(&html).expect("the category's content");
    assert_eq!(status, 200);
    assert!(main.contains(">Engineering</h1>") && main.contains(">2 jobs found</p>"), "{main}");
    let engineering = app.category_id("Engineering").await;
    let search = format!("/api/v1/jobs/alljobs?category={engineering}&openOnly=true&page=1&limit=20");
    assert_eq!(page_answers(&html)[0], (search.clone(), app.get(&search).await.1));

    // The words as typed are text, never markup.
    let html = crawl(app, "/jobs?q=%22%3E%3Cscript%3Ealert(1)%3C/script%3E").await.2;
    let main = main_content(&html).expect("the search's content");
    assert!(main.contains("value=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""), "{main}");
    assert!(!html.contains("<script>alert"), "{html}");

    // A search the API refuses, and the app's own screens, carry no content.
    let (status, _, html) = crawl(app, "/jobs?location=%00").await;
    assert_eq!((status, main_content(&html), page_answers(&html).len()), (200, None, 0));
    for path in ["/signup", "/dashboard/my-jobs", "/no-such-page"] {
        let html = crawl(app, path).await.2;
        assert_eq!((main_content(&html), page_answers(&html).len()), (None, 0), "{path}");
    }
    // The login form shows at once; only the app sends it, so its button waits for the app.
    let html = crawl(app, "/login").await.2;
    let main = main_content(&html).expect("the login form");
    assert!(main.contains(">Welcome Back</h1>") && main.contains("id=\"login-password\" type=\"password\""), "{main}");
    assert!(main.contains("<button type=\"submit\" disabled=\"\""), "{main}");
}

/// The sitemap file's addresses and their `lastmod`, after checking it against the protocol: well
/// formed, the sitemaps namespace, `<urlset>` of `<url>` (or `<sitemapindex>` of `<sitemap>`), each
/// with one absolute `<loc>` on this site and at most one W3C date-time `<lastmod>`, at most 50,000
/// of them in at most 50 MB.
fn read_sitemap(app: &TestApp, xml: &str, root: &str) -> Vec<(String, Option<String>)> {
    use quick_xml::events::Event;
    assert!(xml.len() <= 50 * 1024 * 1024);
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"), "{}", &xml[..100.min(xml.len())]);
    let entry = if root == "urlset" { "url" } else { "sitemap" };
    let mut reader = quick_xml::Reader::from_str(xml);
    let (mut stack, mut entries, mut text) = (Vec::<String>::new(), Vec::new(), String::new());
    let (mut loc, mut lastmod): (Option<String>, Option<String>) = (None, None);
    loop {
        match reader.read_event().expect("well-formed XML") {
            Event::Start(element) => {
                let name = String::from_utf8(element.name().as_ref().to_vec()).unwrap();
                let expected = match stack.len() {
                    0 => root,
                    1 => entry,
                    _ => "loc or lastmod",
                };
                assert!(
                    expected == name || (stack.len() == 2 && ["loc", "lastmod"].contains(&name.as_str())),
                    "{name} in {stack:?}"
                );
                if stack.is_empty() {
                    let namespace =
                        element.attributes().map(Result::unwrap).find(|a| a.key.as_ref() == b"xmlns").unwrap();
                    assert_eq!(namespace.value.as_ref(), b"http://www.sitemaps.org/schemas/sitemap/0.9");
                }
                stack.push(name);
                text.clear();
            }
            Event::Text(content) => text.push_str(&content.decode().unwrap()),
            Event::GeneralRef(reference) => text.push_str(crate::helpers::xml_entity(reference.as_ref())),
            Event::End(_) => {
                let name = stack.pop().unwrap();
                match name.as_str() {
                    "loc" => {
                        assert!(loc.is_none(), "one loc");
                        assert!(text.starts_with(&app.address) && text.len() <= 2048, "{text}");
                        loc = Some(text.clone());
                    }
                    "lastmod" => {
                        assert!(lastmod.is_none() && OffsetDateTime::parse(&text, &Rfc3339).is_ok(), "{text}");
                        lastmod = Some(text.clone());
                    }
                    name if name == entry => entries.push((loc.take().expect("a loc"), lastmod.take())),
                    _ => {}
                }
            }
            Event::Eof => break,
            Event::Decl(_) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(stack.is_empty() && !entries.is_empty() && entries.len() <= 50_000, "{} entries", entries.len());
    entries
}

async fn fetch_xml(app: &TestApp, path: &str) -> String {
    let (status, content_type, xml) = crawl(app, path).await;
    assert_eq!((status, content_type.as_str()), (200, "application/xml; charset=utf-8"), "{path}");
    xml
}

async fn robots_and_the_sitemap_list_every_open_job_and_category(app: &TestApp) {
    let (status, content_type, robots) = crawl(app, "/robots.txt").await;
    assert_eq!((status, content_type.as_str()), (200, "text/plain; charset=utf-8"));
    assert_eq!(
        robots,
        format!(
            "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /dashboard\nDisallow: /alerts/\nDisallow: /update-password/\nDisallow: /invitations/\n\nSitemap: {}/sitemap.xml\n",
            app.address
        )
    );
    let token = recruiter(app).await;
    let open = post_job(app, &token, "Open Role", "Remote").await;
    let closed = post_job(app, &token, "Closed Role", "Remote").await;
    app.client.put(app.url(&format!("/api/v1/jobs/closeJob/{closed}"))).bearer_auth(&token).send().await.unwrap();
    let entries = read_sitemap(app, &fetch_xml(app, "/sitemap.xml").await, "urlset");
    let locs: Vec<String> = entries.iter().map(|(loc, _)| loc.replacen(&app.address, "", 1)).collect();
    assert_eq!(&locs[..6], ["/", "/jobs", "/about", "/privacy-policy", "/terms", "/contact"]);
    assert_eq!(locs[6], "/category/engineering");
    assert_eq!(locs.iter().filter(|loc| loc.starts_with("/category/")).count(), 11);
    assert!(locs.contains(&"/category/human-resource".to_string()));
    assert_eq!(locs.last().unwrap(), &format!("/job/{open}"), "the open job, not the closed one");
    assert_eq!(locs.iter().filter(|loc| loc.starts_with("/job/")).count(), 1);
    assert_eq!(locs[17], "/company/ada-lovelace", "the company's page, after the categories");
    let (_, job_lastmod) = entries.last().unwrap();
    assert!(
        job_lastmod
            .as_ref()
            .unwrap()
            .starts_with(&jobportal::jobs::model::rfc3339_from_millis(jobportal::db::now_millis())[..10])
    );
    // Engineering's newest job is the closed one, posted last: still on the category's page.
    assert!(entries[6].1 >= *job_lastmod, "a category's lastmod is its newest job's: {entries:?}");
    // Compressed once when it is made: a crawler that takes gzip gets those bytes.
    let plain = fetch_xml(app, "/sitemap.xml").await;
    let response = app.client.get(app.url("/sitemap.xml")).header("Accept-Encoding", "gzip").send().await.unwrap();
    let encoding = (&response.headers()["content-encoding"], &response.headers()["vary"]);
    assert_eq!(encoding, (&"gzip".parse().unwrap(), &"accept-encoding".parse().unwrap()));
    let compressed = response.bytes().await.unwrap();
    assert!(compressed.len() < plain.len(), "{} bytes compressed, {} plain", compressed.len(), plain.len());
    let mut unpacked = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&compressed[..]), &mut unpacked).unwrap();
    assert_eq!(unpacked, plain);
    for missing in ["/sitemaps/nothing.xml", "/sitemaps/jobs-7.xml", "/sitemaps/jobs-999999999.xml"] {
        assert_eq!(crawl(app, missing).await.0, 404, "{missing}: no such file, nothing made or kept");
    }
}

/// Writes `count` open jobs straight into the table, as fast as each engine can.
async fn bulk_jobs(app: &TestApp, recruiter: &str, category: &str, count: i64) {
    let columns = "id, user_id, category_id, title, company, description, location, salary, date_of_posting, \
                   deadline, max_applicants, max_positions, skillsets, job_type, created_at";
    // Posted a month ago ($4), open for two months more ($5).
    let values =
        "'bulk-' || n, $1, $2, 'Bulk Job', 'Acme', 'A job.', 'Pune', 1000, $4, $5, 5, 1, '[]', 'Full-time', $4";
    let sql = match &app.db {
        jobportal::db::Db::Sqlite(_) => format!(
            "WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < $3) \
             INSERT INTO jobs ({columns}) SELECT {values} FROM series"
        ),
        jobportal::db::Db::Postgres(_) => {
            format!("INSERT INTO jobs ({columns}) SELECT {values} FROM generate_series(1, $3) AS series(n)")
        }
    };
    jobportal::dispatch!(&app.db, |pool| {
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(recruiter)
            .bind(category)
            .bind(count)
            .bind(midnight_millis(-30))
            .bind(midnight_millis(60))
            .execute(pool)
            .await
            .map(|_| ())
    })
    .unwrap();
}

async fn past_50000_addresses_the_sitemap_is_an_index_of_files_within_the_limit(app: &TestApp) {
    let recruiter = app.recruiter().await;
    let category = app.category_id("Finance").await;
    bulk_jobs(app, &recruiter, &category, 50_001).await;
    let index = read_sitemap(app, &fetch_xml(app, "/sitemap.xml").await, "sitemapindex");
    let files: Vec<String> = index.iter().map(|(loc, _)| loc.replacen(&app.address, "", 1)).collect();
    assert_eq!(
        files,
        ["/sitemaps/pages.xml", "/sitemaps/companies-0.xml", "/sitemaps/jobs-0.xml", "/sitemaps/jobs-1.xml"]
    );
    assert!(index.iter().filter(|(loc, _)| !loc.contains("/companies-")).all(|(_, lastmod)| lastmod.is_some()));
    let companies = read_sitemap(app, &fetch_xml(app, "/sitemaps/companies-0.xml").await, "urlset");
    assert_eq!(companies.len(), 1);
    assert_eq!(companies[0].0, format!("{}/company/rita-recruiter", app.address));
    assert_eq!(crawl(app, "/sitemaps/companies-1.xml").await.0, 404, "no company past the first file");
    let pages = read_sitemap(app, &fetch_xml(app, "/sitemaps/pages.xml").await, "urlset");
    assert_eq!(pages.len(), 6 + 11);
    let mut jobs = 0;
    for file in &files[2..] {
        let entries = read_sitemap(app, &fetch_xml(app, file).await, "urlset");
        assert!(entries.iter().all(|(loc, _)| loc.contains("/job/bulk-")), "{file}");
        jobs += entries.len();
    }
    assert_eq!(jobs, 50_001, "every open job, each once");
}

async fn a_job_file_has_one_name_and_its_other_spellings_are_404(app: &TestApp) {
    let token = recruiter(app).await;
    let open = post_job(app, &token, "Open Role", "Remote").await;
    let entries = read_sitemap(app, &fetch_xml(app, "/sitemaps/jobs-0.xml").await, "urlset");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].0, format!("{}/job/{open}", app.address));
    // Each other spelling would be read from the database and kept on its own, once a minute each.
    for other in ["/sitemaps/jobs-00.xml", "/sitemaps/jobs-000000000.xml", "/sitemaps/jobs-01.xml"] {
        let (status, content_type, html) = crawl(app, other).await;
        assert_eq!((status, content_type.as_str()), (404, "text/html; charset=utf-8"), "{other}");
        assert_eq!(title(&html), "Page not found | jobportal", "{other}");
    }
}

async fn a_path_no_file_could_have_is_404_like_any_unknown_path(app: &TestApp) {
    let long = "a".repeat(256);
    let long_utf8 = "%C3%A9".repeat(128);
    let deep = format!("/{}", vec!["b".repeat(200); 25].join("/"));
    for path in [format!("/{long}"), format!("/{long_utf8}"), format!("/jobs/{long}"), deep] {
        let response = app.client.get(app.url(&path)).send().await.unwrap();
        let status = response.status().as_u16();
        let content_type = response.headers().get("content-type").map(|value| value.to_str().unwrap().to_owned());
        let html = response.text().await.unwrap();
        assert_eq!((status, content_type.as_deref()), (404, Some("text/html; charset=utf-8")), "{path}");
        assert_eq!(title(&html), "Page not found | jobportal", "{path}");
        assert!(html.contains("<div id=\"root\">"), "the app's page, which shows its not-found screen");
    }
    for path in [format!("/assets/{long}.js"), format!("/assets/{long}/index.js")] {
        let response = app.client.get(app.url(&path)).send().await.unwrap();
        assert_eq!(response.status(), 404, "a missing asset: {path}");
        assert_eq!(response.headers().get("cache-control"), None, "and is not cached");
    }
}

async fn a_companys_page_has_its_head_and_organization_and_a_removed_one_is_gone(app: &TestApp) {
    let token = recruiter(app).await;
    let profile = json!({
        "name": "Acme & Sons", "website": "https://acme.example", "about": "We build engines.\nGood ones.",
        "headquarters": "Pune", "locations": ["Pune"],
    });
    assert_eq!(app.put_as("/api/v1/company", &token, &profile).await.0, 200);
    let mut logo = Vec::new();
    image::RgbImage::new(40, 40).write_to(&mut std::io::Cursor::new(&mut logo), image::ImageFormat::Png).unwrap();
    let part = reqwest::multipart::Part::bytes(logo).file_name("logo.png");
    let upload = app.client.put(app.url("/api/v1/company/logo")).bearer_auth(&token);
    let (status, body) = crate::helpers::status_and_json(
        upload.multipart(reqwest::multipart::Form::new().part("logo", part)).send().await.unwrap(),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let logo = format!("{}{}", app.address, body["company"]["logo"].as_str().unwrap());

    let (status, content_type, html) = crawl(app, "/company/ada-lovelace").await;
    assert_eq!((status, content_type.as_str()), (200, "text/html; charset=utf-8"));
    assert_eq!(title(&html), "Acme & Sons jobs | jobportal");
    assert_eq!(
        meta(&html, "name", "description").unwrap(),
        "Jobs at Acme & Sons on jobportal. We build engines. Good ones."
    );
    let canonical = format!("{}/company/ada-lovelace", app.address);
    assert_eq!(between(&html, "<link rel=\"canonical\" href=\"", "\""), Some(canonical.as_str()));
    assert_eq!(meta(&html, "property", "og:image").as_deref(), Some(logo.as_str()));
    assert_eq!(
        json_ld(&html).unwrap(),
        json!({
            "@context": "https://schema.org/", "@type": "Organization", "name": "Acme & Sons", "url": canonical,
            "logo": logo, "sameAs": ["https://acme.example"], "description": "We build engines. Good ones.",
            "address": { "@type": "PostalAddress", "addressLocality": "Pune" },
        })
    );
    // Its jobs name it, with its page and its logo.
    let job = post_job(app, &token, "Engine Builder", "On-site").await;
    let posting = json_ld(&crawl(app, &format!("/job/{job}")).await.2).unwrap();
    assert_eq!(
        posting["hiringOrganization"],
        json!({ "@type": "Organization", "name": "Acme & Sons", "url": canonical, "sameAs": canonical, "logo": logo })
    );

    // Its page draws its profile above its open jobs, as the app's first render does.
    let (_, _, html) = crawl(app, "/company/ada-lovelace").await;
    let main = main_content(&html).expect("the company's content");
    assert!(main.contains(">Acme &amp; Sons</h1>") && main.contains(">We build engines.\nGood ones.</p>"), "{main}");
    assert!(main.contains(">Engine Builder</a>") && main.contains("action=\"/company/ada-lovelace\""), "{main}");

    let (status, _, html) = crawl(app, "/company/no-such-company").await;
    assert_eq!((status, title(&html).as_str()), (404, "Page not found | jobportal"));

    const REMOVE: &str = "UPDATE companies SET removed_at = 1 WHERE slug = 'ada-lovelace'";
    jobportal::dispatch!(&app.db, |pool| sqlx::query(REMOVE).execute(pool).await.map(|_| ())).unwrap();
    app.sync_index().await;
    let (status, _, html) = crawl(app, "/company/ada-lovelace").await;
    assert_eq!((status, title(&html).as_str()), (410, "Company removed | jobportal"));
    assert_eq!(meta(&html, "name", "robots").as_deref(), Some("noindex"));
    assert_eq!(
        app.get("/api/v1/companies/ada-lovelace").await,
        (404, json!({ "success": false, "message": "This company has been removed", "removed": true }))
    );
}

async fn a_companys_page_kept_drawn_shows_each_change_at_once(app: &TestApp) {
    let token = recruiter(app).await;
    let profile = json!({ "name": "Acme & Sons", "about": "We build engines." });
    assert_eq!(app.put_as("/api/v1/company", &token, &profile).await.0, 200);
    post_job(app, &token, "Engine Builder", "On-site").await;
    let page = || async {
        let html = crawl(app, "/company/ada-lovelace").await.2;
        main_content(&html).expect("the company's content").to_string()
    };
    let first = page().await;
    assert!(first.contains(">We build engines.</p>") && first.contains(">Engine Builder</a>"), "{first}");
    assert_eq!(page().await, first, "asked again, the same page");

    // Its profile, a new job, a job closed, its verification, a new category: each shows at once.
    let profile = json!({ "name": "Acme & Sons", "about": "We build better engines." });
    assert_eq!(app.put_as("/api/v1/company", &token, &profile).await.0, 200);
    assert!(page().await.contains(">We build better engines.</p>"));
    let second = post_job(app, &token, "Piston Fitter", "Remote").await;
    assert!(page().await.contains(">Piston Fitter</a>"));
    assert_eq!(app.put_as(&format!("/api/v1/jobs/closeJob/{second}"), &token, &json!({})).await.0, 200);
    let closed = page().await;
    assert!(!closed.contains(">Piston Fitter</a>") && closed.contains(">Engine Builder</a>"), "{closed}");

    jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", "correct horse battery")
        .await
        .unwrap();
    let admin = app.log_in("root@example.com", "correct horse battery").await;
    let (_, mine) = app.get_as("/api/v1/company", &token).await;
    let id = mine["company"]["_id"].as_str().unwrap();
    assert!(!page().await.contains(">Verified</span>"));
    assert_eq!(app.put_as(&format!("/api/v1/admin/companies/{id}/verify"), &admin, &json!({})).await.0, 200);
    assert!(page().await.contains(">Verified</span>"), "the badge");
    let category = json!({ "name": "Foundry", "description": "Casting metal." });
    assert_eq!(app.post_as("/api/v1/jobs/createCategory", &admin, &category).await.0, 201);
    assert!(page().await.contains("/>Foundry</label>"), "the new category among the filters");

    // Suspended, it is not found; reinstated, it is back.
    let reason = json!({ "reason": "Checking" });
    assert_eq!(app.put_as(&format!("/api/v1/admin/companies/{id}/suspend"), &admin, &reason).await.0, 200);
    assert_eq!(crawl(app, "/company/ada-lovelace").await.0, 404);
    assert_eq!(app.put_as(&format!("/api/v1/admin/companies/{id}/reinstate"), &admin, &json!({})).await.0, 200);
    assert!(page().await.contains(">Engine Builder</a>"));
}

async fn a_jobs_page_says_how_many_questions_it_asks_and_shows_them(app: &TestApp) {
    let token = recruiter(app).await;
    let form = json!({
        "title": "Rust Engineer", "company": "Acme", "description": "Build it.", "maxApplicants": 50,
        "maxPositions": 1, "dateOfPosting": day(-1), "deadline": day(30), "skillsets": ["rust"],
        "jobType": "Full-time", "salary": 70000, "categoryName": app.category_id("Engineering").await,
        "location": "Pune",
        "questions": [
            { "kind": "number", "text": "Years of <Rust>?", "required": true, "wanted": { "min": 3 } },
            { "kind": "choice", "text": "Notice period", "choices": ["None", "30 days"] },
        ],
    });
    let (status, body) = app.post_as("/api/v1/jobs/createJob", &token, &form).await;
    assert_eq!(status, 201, "{body}");
    let id = body["data"]["_id"].as_str().unwrap();
    let (_, _, html) = crawl(app, &format!("/job/{id}")).await;
    let main = main_content(&html).expect("the job's content");
    assert!(main.contains(">This job asks 2 questions, answered when you apply:</p>"), "{main}");
    assert!(
        main.contains(
            "<li>Years of &lt;Rust&gt;? <span class=\"text-sm text-gray-600\">(A number, required)</span></li>"
        ),
        "{main}"
    );
    assert!(
        main.contains("<li>Notice period <span class=\"text-sm text-gray-600\">(One of: None, 30 days)</span></li>")
    );
    // The requirement is the team's: the page does not say what is wanted.
    assert!(!main.contains("at least"), "{main}");
    let plain = post_job(app, &token, "Rust Intern", "Remote").await;
    let (_, _, html) = crawl(app, &format!("/job/{plain}")).await;
    assert!(!main_content(&html).unwrap().contains("Screening questions"));
}
