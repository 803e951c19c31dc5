//! What a crawler reads without running the app: each page's `<title>`, meta description,
//! canonical link and Open Graph tags, on an open job's page a schema.org `JobPosting`
//! (https://developers.google.com/search/docs/appearance/structured-data/job-posting) and on a
//! company's page an `Organization`, written into the `index.html` the server sends. The app sets its own title once it runs.

use std::ops::Range;

use serde_json::{Value, json};

use crate::companies::model::Company;
use crate::jobs::model::{Job, JobType, WorkMode};
use crate::mail::{html_escape, push_escaped, push_replacing};

/// The part of a page's `<head>` that is the page's own.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Head {
    pub title: String,
    pub description: String,
    /// The page's one address (absolute), also its `og:url`.
    pub canonical: Option<String>,
    /// Structured data as JSON: an open job's `JobPosting`, a company's `Organization`.
    pub json_ld: Option<String>,
    /// The picture a shared link shows (absolute): a company's logo.
    pub image: Option<String>,
    /// Gone or missing pages ask not to be indexed.
    pub noindex: bool,
    /// The Atom feed of the jobs the page lists (absolute), for feed readers to find.
    pub feed: Option<String>,
}

pub const SITE_NAME: &str = "jobportal";
const DESCRIPTION_CHARS: usize = 160;

impl Head {
    pub fn titled(title: &str, description: &str) -> Self {
        Self { title: title.into(), description: description.into(), ..Self::default() }
    }

    pub fn not_found() -> Self {
        Self { noindex: true, ..Self::titled("Page not found | jobportal", "This page does not exist on jobportal.") }
    }

    /// A screen of someone's own (login, the dashboard): served, never indexed.
    pub fn private() -> Self {
        Self { noindex: true, ..Self::titled("jobportal", "jobportal connects job seekers with recruiters.") }
    }

    pub fn job_removed() -> Self {
        Self {
            noindex: true,
            ..Self::titled("Job removed | jobportal", "This job was removed and is no longer on jobportal.")
        }
    }

    /// `html` (the built `index.html`) with its own title and description replaced by these tags,
    /// written into one string.
    pub fn apply(&self, html: &str) -> String {
        let mut tags = String::with_capacity(1024 + self.json_ld.as_ref().map_or(0, String::len));
        tags.push_str("    <title>");
        push_escaped(&mut tags, &self.title);
        tags.push_str("</title>\n");
        let mut meta = |attribute: &str, name: &str, content: &str| {
            for part in ["    <meta ", attribute, "=\"", name, "\" content=\""] {
                tags.push_str(part);
            }
            push_escaped(&mut tags, content);
            tags.push_str("\" />\n");
        };
        meta("name", "description", &self.description);
        if self.noindex {
            meta("name", "robots", "noindex");
        }
        meta("property", "og:site_name", SITE_NAME);
        meta("property", "og:type", "website");
        meta("property", "og:title", &self.title);
        meta("property", "og:description", &self.description);
        meta("name", "twitter:card", "summary");
        if let Some(image) = &self.image {
            meta("property", "og:image", image);
        }
        if let Some(canonical) = &self.canonical {
            meta("property", "og:url", canonical);
            tags.push_str("    <link rel=\"canonical\" href=\"");
            push_escaped(&mut tags, canonical);
            tags.push_str("\" />\n");
        }
        if let Some(feed) = &self.feed {
            tags.push_str("    <link rel=\"alternate\" type=\"application/atom+xml\" title=\"");
            push_escaped(&mut tags, &self.title);
            tags.push_str("\" href=\"");
            push_escaped(&mut tags, feed);
            tags.push_str("\" />\n");
        }
        if let Some(json_ld) = &self.json_ld {
            tags.push_str("    <script type=\"application/ld+json\">");
            tags.push_str(json_ld);
            tags.push_str("</script>\n");
        }
        // The built title and description leave, and the tags go in before `</head>`.
        let mut cuts: Vec<Range<usize>> =
            [element(html, "<title>", "</title>"), element(html, "<meta name=\"description\"", ">")]
                .into_iter()
                .flatten()
                .collect();
        cuts.sort_by_key(|cut| cut.start);
        let head_end = html.find("</head>");
        let mut page = String::with_capacity(html.len() + tags.len());
        let mut copy = |kept: Range<usize>| match head_end.filter(|at| kept.contains(at)) {
            Some(at) => {
                page.push_str(&html[kept.start..at]);
                page.push_str(&tags);
                page.push_str(&html[at..kept.end]);
            }
            None => page.push_str(&html[kept]),
        };
        let mut from = 0;
        for cut in cuts {
            if cut.start >= from {
                copy(from..cut.start);
                from = cut.end;
            }
        }
        copy(from..html.len());
        page
    }
}

/// Where in `html` the first element that starts with `start` and ends at the next `end` is, with
/// the line's indentation and break around it.
fn element(html: &str, start: &str, end: &str) -> Option<Range<usize>> {
    let from = html.find(start)?;
    let to = from + html[from..].find(end)? + end.len();
    let from = html[..from].trim_end_matches([' ', '\t']).len();
    let to = if html[to..].starts_with('\n') { to + 1 } else { to };
    Some(from..to)
}

/// The site's address and the API's, each without a trailing slash: a page's own address is on
/// the first, a logo's on the second.
#[derive(Clone, Copy)]
pub struct Addresses<'a> {
    pub site: &'a str,
    pub api: &'a str,
}

/// The head of a job's page; an open job carries its `JobPosting`, a closed one says it is closed.
pub fn job_head(job: &Job, open: bool, addresses: Addresses<'_>) -> Head {
    let public_url = addresses.site;
    let canonical = format!("{public_url}/job/{}", job.id);
    let at = format!("{} at {}", job.title, job.company);
    let salary = salary_text(job.salary, job.salary_max);
    let facts =
        format!("{} · {} · {} · {salary} per month.", job.job_type.as_str(), job.work_mode.as_str(), job.location);
    let (title, description, json_ld) = if open {
        let description = format!("{at}. {facts} {}", one_line(&job.description));
        (format!("{at} | jobportal"), description, Some(json_ld_text(&job_posting(job, &canonical, addresses))))
    } else {
        let description = format!("This job is closed to applications. {at}. {facts}");
        (format!("{at} (closed) | jobportal"), description, None)
    };
    Head {
        title,
        description: truncated(&description, DESCRIPTION_CHARS),
        canonical: Some(canonical),
        json_ld,
        ..Head::default()
    }
}

/// The address of a company's page.
pub fn company_url(site: &str, slug: &str) -> String {
    format!("{site}/company/{slug}")
}

/// The head of a company's page, with its `Organization`.
pub fn company_head(company: &Company, addresses: Addresses<'_>) -> Head {
    let canonical = company_url(addresses.site, &company.slug);
    let about = one_line(&company.about);
    let description = if about.is_empty() {
        format!("Jobs at {} on jobportal.", company.name)
    } else {
        format!("Jobs at {} on jobportal. {about}", company.name)
    };
    let logo = company.logo.as_ref().map(|path| format!("{}{path}", addresses.api));
    let mut organization = json!({
        "@context": "https://schema.org/",
        "@type": "Organization",
        "name": company.name,
        "url": canonical,
    });
    if let Some(logo) = &logo {
        organization["logo"] = json!(logo);
    }
    if !company.website.is_empty() {
        organization["sameAs"] = json!([company.website]);
    }
    if !about.is_empty() {
        organization["description"] = json!(about);
    }
    if !company.headquarters.is_empty() {
        organization["address"] = json!({ "@type": "PostalAddress", "addressLocality": company.headquarters });
    }
    Head {
        title: format!("{} jobs | jobportal", company.name),
        description: truncated(&description, DESCRIPTION_CHARS),
        canonical: Some(canonical),
        json_ld: Some(json_ld_text(&organization)),
        image: logo,
        noindex: false,
        feed: Some(format!("{}/feeds/companies/{}.atom", addresses.site, company.slug)),
    }
}

/// A removed company's page.
pub fn company_removed() -> Head {
    Head {
        noindex: true,
        ..Head::titled("Company removed | jobportal", "This company was removed and is no longer on jobportal.")
    }
}

/// A category page's head.
pub fn category_head(name: &str, description: &str, canonical: String) -> Head {
    Head {
        title: format!("{name} jobs | jobportal"),
        description: truncated(&format!("{name} jobs on jobportal. {}", one_line(description)), DESCRIPTION_CHARS),
        canonical: Some(canonical),
        ..Head::default()
    }
}

/// Google's `JobPosting`: its required properties (title, description, datePosted,
/// hiringOrganization, jobLocation or, fully remote, applicantLocationRequirements) and the
/// recommended ones this board knows (validThrough, employmentType, baseSalary, identifier,
/// directApply, jobLocationType).
pub fn job_posting(job: &Job, url: &str, addresses: Addresses<'_>) -> Value {
    let employment_type = match job.job_type {
        JobType::FullTime => "FULL_TIME",
        JobType::PartTime => "PART_TIME",
        JobType::Internship => "INTERN",
    };
    let value = match job.salary_max {
        Some(max) if max > job.salary => {
            json!({ "@type": "QuantitativeValue", "minValue": job.salary, "maxValue": max, "unitText": "MONTH" })
        }
        _ => json!({ "@type": "QuantitativeValue", "value": job.salary, "unitText": "MONTH" }),
    };
    let mut posting = json!({
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        "title": job.title,
        "description": description_html(&job.description),
        "identifier": { "@type": "PropertyValue", "name": job.company, "value": job.id },
        "datePosted": job.date_of_posting,
        "validThrough": job.deadline,
        "employmentType": employment_type,
        "hiringOrganization": hiring_organization(job, addresses),
        "baseSalary": { "@type": "MonetaryAmount", "currency": "INR", "value": value },
        "directApply": true,
        "url": url,
        "industry": job.category_name,
    });
    let placeless = names_no_place(&job.location);
    if !placeless {
        posting["jobLocation"] = json!({
            "@type": "Place",
            "address": { "@type": "PostalAddress", "addressLocality": job.location, "addressCountry": "IN" }
        });
    }
    if !job.skillsets.is_empty() {
        posting["skills"] = json!(job.skillsets.join(", "));
    }
    if job.work_mode == WorkMode::Remote || placeless {
        posting["jobLocationType"] = json!("TELECOMMUTE");
        posting["applicantLocationRequirements"] = json!({ "@type": "Country", "name": "India" });
    }
    posting
}

/// The job's company: its name as the job gives it, with the company's page and logo.
fn hiring_organization(job: &Job, addresses: Addresses<'_>) -> Value {
    let mut organization = json!({ "@type": "Organization", "name": job.company });
    if let Some(slug) = &job.company_slug {
        let page = company_url(addresses.site, slug);
        organization["url"] = json!(page);
        organization["sameAs"] = json!(page);
    }
    if let Some(logo) = &job.company_logo {
        organization["logo"] = json!(format!("{}{logo}", addresses.api));
    }
    organization
}

/// A location that says the work is done from anywhere ("Remote", "Remote (India)", "Work from
/// home", "Anywhere"): it is no place, and its locality is not a town called Remote.
pub(super) fn names_no_place(location: &str) -> bool {
    let location = location.trim().to_lowercase();
    let first = location.split(|c: char| !c.is_alphanumeric()).next().unwrap_or_default();
    matches!(first, "remote" | "anywhere" | "wfh") || location.starts_with("work from home")
}

/// JSON that a `<script>` element holds safely: no `<` can close it or open a comment.
pub(super) fn json_ld_text(value: &Value) -> String {
    script_safe(&value.to_string())
}

/// `json` with every `<`, `>` and `&` written as its `\u` escape (inside JSON strings, the only
/// place JSON has them), in one pass.
pub(super) fn script_safe(json: &str) -> String {
    let mut safe = String::with_capacity(json.len() + 64);
    push_replacing(&mut safe, json, |byte| match byte {
        b'<' => Some("\\u003c"),
        b'>' => Some("\\u003e"),
        b'&' => Some("\\u0026"),
        _ => None,
    });
    safe
}

/// The description as the HTML Google asks for: its paragraphs and line breaks, the text escaped.
pub(super) fn description_html(text: &str) -> String {
    text.split("\n\n")
        .map(str::trim)
        .filter(|paragraph| !paragraph.is_empty())
        .map(|paragraph| format!("<p>{}</p>", html_escape(paragraph).replace('\n', "<br>")))
        .collect()
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At most `limit` characters, cut at a word with an ellipsis.
fn truncated(text: &str, limit: usize) -> String {
    if text.chars().count() <= limit {
        return text.to_string();
    }
    let cut: String = text.chars().take(limit - 1).collect();
    let cut = match cut.rfind(' ') {
        Some(at) if at > limit / 2 => &cut[..at],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end_matches([' ', ',', '.', ';', ':']))
}

/// Rupees grouped the Indian way (₹2,40,000), a range as two figures.
pub fn salary_text(salary: i64, salary_max: Option<i64>) -> String {
    match salary_max {
        Some(max) if max > salary => format!("₹{}–₹{}", indian_grouping(salary), indian_grouping(max)),
        _ => format!("₹{}", indian_grouping(salary)),
    }
}

pub(crate) fn indian_grouping(amount: i64) -> String {
    let digits = amount.unsigned_abs().to_string();
    let (head, last_three) = digits.split_at(digits.len().saturating_sub(3));
    let mut groups: Vec<&str> = Vec::new();
    let mut rest = head;
    while rest.len() > 2 {
        let (more, group) = rest.split_at(rest.len() - 2);
        groups.insert(0, group);
        rest = more;
    }
    if !rest.is_empty() {
        groups.insert(0, rest);
    }
    groups.push(last_three);
    let sign = if amount < 0 { "-" } else { "" };
    format!("{sign}{}", groups.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    const ADDRESSES: Addresses<'static> = Addresses { site: "https://jobs.example", api: "https://api.jobs.example" };

    fn job() -> Job {
        Job {
            id: "0193".into(),
            title: "Rust <Engineer>".into(),
            company: "Acme & Sons".into(),
            company_slug: Some("acme-sons".into()),
            company_logo: None,
            description: "Build the engine.\n\nWork with a small team.\nShip often.".into(),
            salary: 240_000,
            salary_max: Some(300_000),
            work_mode: WorkMode::Remote,
            // fixed date: whether the job is open is given to the page, not read from the clock
            date_of_posting: "2026-11-01T00:00:00Z".into(),
            // fixed date: as above
            deadline: "2026-12-31T00:00:00Z".into(),
            location: "Pune".into(),
            max_applicants: 10,
            max_positions: 1,
            skillsets: vec!["rust".into(), "sql".into()],
            job_type: JobType::FullTime,
            category: "c1".into(),
            category_name: "Engineering".into(),
            user_id: "u1".into(),
            applications_count: 0,
            closed_at: None,
            hidden_reason: None,
            questions: Vec::new(),
        }
    }

    #[test]
    fn salaries_are_grouped_the_indian_way() {
        assert_eq!(indian_grouping(0), "0");
        assert_eq!(indian_grouping(999), "999");
        assert_eq!(indian_grouping(85_000), "85,000");
        assert_eq!(indian_grouping(240_000), "2,40,000");
        assert_eq!(indian_grouping(12_345_678), "1,23,45,678");
        assert_eq!(salary_text(240_000, Some(300_000)), "₹2,40,000–₹3,00,000");
        assert_eq!(salary_text(85_000, None), "₹85,000");
    }

    #[test]
    fn an_open_jobs_head_names_it_and_carries_its_posting_safely_inside_the_script() {
        let head = job_head(&job(), true, ADDRESSES);
        assert_eq!(head.title, "Rust <Engineer> at Acme & Sons | jobportal");
        assert!(head.description.starts_with("Rust <Engineer> at Acme & Sons. Full-time · Remote · Pune · ₹2,40,000–₹3,00,000 per month. Build the engine."), "{}", head.description);
        assert!(head.description.chars().count() <= 160);
        assert_eq!(head.canonical.as_deref(), Some("https://jobs.example/job/0193"));
        let json_ld = head.json_ld.as_deref().unwrap();
        assert!(!json_ld.contains('<') && !json_ld.contains('>'), "{json_ld}");
        let posting: Value = serde_json::from_str(json_ld).unwrap();
        assert_eq!(posting["title"], "Rust <Engineer>");
        assert_eq!(posting["description"], "<p>Build the engine.</p><p>Work with a small team.<br>Ship often.</p>");
        assert_eq!(
            posting["baseSalary"]["value"],
            json!({ "@type": "QuantitativeValue", "minValue": 240000, "maxValue": 300000, "unitText": "MONTH" })
        );
        assert_eq!(posting["jobLocationType"], "TELECOMMUTE");
        assert_eq!(posting["applicantLocationRequirements"]["name"], "India");
        assert_eq!(posting["jobLocation"]["address"]["addressLocality"], "Pune", "a remote job with a home town");
    }

    #[test]
    fn a_job_located_only_remote_has_no_place_named_remote() {
        for location in ["Remote", "Remote (India)", "remote - anywhere in India", "Work from home", "Anywhere"] {
            let remote = Job { location: location.into(), work_mode: WorkMode::OnSite, ..job() };
            let posting = job_posting(&remote, "https://jobs.example/job/0193", ADDRESSES);
            assert_eq!(posting.get("jobLocation"), None, "{location}");
            assert_eq!(posting["jobLocationType"], "TELECOMMUTE", "{location}");
            assert_eq!(posting["applicantLocationRequirements"], json!({ "@type": "Country", "name": "India" }));
        }
        for town in ["Pune", "Remoteville"] {
            let placed = Job { location: town.into(), work_mode: WorkMode::OnSite, ..job() };
            let posting = job_posting(&placed, "https://jobs.example/job/0193", ADDRESSES);
            assert_eq!(posting["jobLocation"]["address"]["addressLocality"], town);
            assert_eq!(posting.get("jobLocationType"), None);
        }
    }

    #[test]
    fn a_closed_jobs_head_says_so_and_has_no_posting() {
        let head = job_head(&job(), false, ADDRESSES);
        assert_eq!(head.title, "Rust <Engineer> at Acme & Sons (closed) | jobportal");
        assert!(head.description.starts_with("This job is closed to applications."), "{}", head.description);
        assert_eq!(head.json_ld, None);
    }

    #[test]
    fn the_head_replaces_the_built_title_and_description_and_escapes_every_value() {
        let html = "<html><head>\n    <meta charset=\"UTF-8\" />\n    <meta name=\"description\" content=\"default\" />\n    <title>jobportal</title>\n</head><body></body></html>";
        let page = job_head(&job(), true, ADDRESSES).apply(html);
        assert_eq!(page.matches("<title>").count(), 1, "{page}");
        assert!(!page.contains("content=\"default\""), "{page}");
        assert!(page.contains("<title>Rust &lt;Engineer&gt; at Acme &amp; Sons | jobportal</title>"), "{page}");
        assert!(page.contains(
            "<meta property=\"og:title\" content=\"Rust &lt;Engineer&gt; at Acme &amp; Sons | jobportal\" />"
        ));
        assert!(page.contains("<link rel=\"canonical\" href=\"https://jobs.example/job/0193\" />"));
        assert!(page.contains("<meta charset=\"UTF-8\" />"));
        assert!(page.find("application/ld+json").unwrap() < page.find("</head>").unwrap());
        let missing = Head::not_found().apply(html);
        assert!(missing.contains("<meta name=\"robots\" content=\"noindex\" />") && !missing.contains("ld+json"));
    }

    #[test]
    fn the_head_goes_before_the_head_end_in_place_of_the_built_title_and_description_in_either_order() {
        let tags = "    <title>T &amp; U</title>\n    <meta name=\"description\" content=\"D\" />\n    \
                    <meta property=\"og:site_name\" content=\"jobportal\" />\n    <meta property=\"og:type\" content=\"website\" />\n    \
                    <meta property=\"og:title\" content=\"T &amp; U\" />\n    <meta property=\"og:description\" content=\"D\" />\n    \
                    <meta name=\"twitter:card\" content=\"summary\" />\n";
        let head = Head::titled("T & U", "D");
        let built = "<head>\n    <title>old</title>\n  <link rel=\"icon\">\n\t<meta name=\"description\" content=\"x\">\n</head><body></body>";
        assert_eq!(head.apply(built), format!("<head>\n  <link rel=\"icon\">\n{tags}</head><body></body>"));
        let reversed = "<head>\n    <meta name=\"description\" content=\"x\">\n    <title>old</title>\n</head>";
        assert_eq!(head.apply(reversed), format!("<head>\n{tags}</head>"));
        assert_eq!(head.apply("<head></head>"), format!("<head>{tags}</head>"), "nothing to cut out");
        assert_eq!(head.apply("<p>no head</p>\n    <title>old</title>\n"), "<p>no head</p>\n", "no head: no tags");
    }

    #[test]
    fn long_descriptions_are_cut_at_a_word() {
        let text = "word ".repeat(60);
        let cut = truncated(&text, 160);
        assert!(cut.chars().count() <= 160 && cut.ends_with("word…"), "{cut}");
        assert_eq!(truncated("short", 160), "short");
    }
}
