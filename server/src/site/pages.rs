//! The app's pages as built (`index.html`, and a copy per screen preloading that screen's chunks,
//! read from Vite's build manifest), and the site's one list of screens (`SITE_PAGES`, which the
//! web app reads too).

use std::path::Path;

use serde::Deserialize;
use serde_json::Value;

use super::content::Deferred;

/// The site's screens, one list the web app reads too (`web/src/app/site-pages.json`): the public
/// screens' titles and descriptions, the app's other screens, the footer's pages, and the route
/// module each screen's page preloads (a module missing from the build manifest, renamed, only
/// costs the preload, and is logged at start).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct SitePages {
    pub(super) public_screens: Vec<PublicScreen>,
    pub(super) app_screens: Vec<String>,
    footer: Footer,
    pub(super) preloads: Vec<Preload>,
}

#[derive(Debug, Deserialize, PartialEq, Eq)]
pub(super) struct PublicScreen {
    pub(super) path: String,
    pub(super) title: String,
    pub(super) description: String,
}

#[derive(Deserialize)]
struct Footer {
    explore: Vec<String>,
    company: Vec<String>,
}

#[derive(Deserialize)]
pub(super) struct Preload {
    /// A path, or a prefix when it ends in `/`.
    pub(super) path: String,
    module: String,
}

pub(super) static SITE_PAGES: std::sync::LazyLock<SitePages> = std::sync::LazyLock::new(|| {
    serde_json::from_str(include_str!("../../../web/src/app/site-pages.json"))
        .expect("web/src/app/site-pages.json describes the site's screens")
});

impl SitePages {
    pub(super) fn footer_pages(&self) -> impl Iterator<Item = &str> {
        self.footer.explore.iter().chain(&self.footer.company).map(String::as_str)
    }
}

/// The app's page when `WEB_DIR` holds no built app (the server's own tests): the same head a
/// built one has, so every page's status and tags are the same.
const BARE_PAGE: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
     <meta name=\"description\" content=\"jobportal connects job seekers with recruiters.\" />\n    \
     <title>jobportal</title>\n  </head>\n  <body>\n    <div id=\"root\"><!--main--></div>\n  </body>\n</html>\n";

/// `index.html` as built, and a copy of it per screen with that screen's chunks preloaded.
pub(super) struct Pages {
    pub(super) plain: Page,
    screens: Vec<(&'static str, Page)>,
}

/// One of the app's pages as built, and as content is drawn into it (its code deferred), made once.
pub(super) struct Page {
    pub(super) plain: String,
    pub(super) deferred: Deferred,
}

impl Page {
    pub(super) fn new(plain: String) -> Self {
        Self { deferred: Deferred::new(&plain), plain }
    }
}

impl Pages {
    pub(super) fn load(web_dir: &Path) -> Self {
        let Ok(plain) = std::fs::read_to_string(web_dir.join("index.html")) else {
            return Self { plain: Page::new(BARE_PAGE.to_string()), screens: Vec::new() };
        };
        let manifest = std::fs::read_to_string(web_dir.join(".vite").join("manifest.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(&text).ok());
        let Some(manifest) = manifest else {
            tracing::warn!("the web app has no build manifest: screens load their code after the main script");
            return Self { plain: Page::new(plain), screens: Vec::new() };
        };
        Self::new(plain, &manifest)
    }

    pub(super) fn new(plain: String, manifest: &Value) -> Self {
        let screens = SITE_PAGES
            .preloads
            .iter()
            .filter_map(|Preload { path, module }| {
                let links = preloads(manifest, module);
                if links.is_empty() {
                    tracing::warn!(module, "a screen's module is not in the web app's build manifest");
                    return None;
                }
                Some((path.as_str(), Page::new(with_links(&plain, &links))))
            })
            .collect();
        Self { plain: Page::new(plain), screens }
    }

    pub(super) fn for_path(&self, path: &str) -> &str {
        &self.page(path).plain
    }

    pub(super) fn page(&self, path: &str) -> &Page {
        let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
        self.screens
            .iter()
            .find(|(screen, _)| {
                let prefix = *screen != "/" && screen.ends_with('/');
                if prefix { path.len() > screen.len() && path.starts_with(screen) } else { path == *screen }
            })
            .map_or(&self.plain, |(_, html)| html)
    }
}

/// The files a module needs that the page does not already load: the module's chunk and, depth
/// first, the chunks it imports, leaving out those of the entry (`index.html` names them itself).
fn preloads(manifest: &Value, module: &str) -> Vec<String> {
    fn walk(manifest: &Value, key: &str, seen: &mut Vec<String>, files: &mut Vec<String>) {
        if seen.iter().any(|k| k == key) {
            return;
        }
        seen.push(key.to_string());
        let Some(chunk) = manifest.get(key) else { return };
        if let Some(file) = chunk.get("file").and_then(Value::as_str) {
            files.push(file.to_string());
        }
        for import in chunk.get("imports").and_then(Value::as_array).into_iter().flatten() {
            if let Some(import) = import.as_str() {
                walk(manifest, import, seen, files);
            }
        }
    }
    if manifest.get(module).is_none() {
        return Vec::new();
    }
    let (mut seen, mut entry) = (Vec::new(), Vec::new());
    walk(manifest, "index.html", &mut seen, &mut entry);
    let mut files = Vec::new();
    walk(manifest, module, &mut seen, &mut files);
    files
}

fn with_links(html: &str, files: &[String]) -> String {
    let links: String =
        files.iter().map(|file| format!("    <link rel=\"modulepreload\" crossorigin href=\"/{file}\">\n")).collect();
    match html.find("</head>") {
        Some(at) => format!("{}{links}{}", &html[..at], &html[at..]),
        None => html.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    const INDEX: &str =
        "<html><head>\n<script type=\"module\" src=\"/assets/index.js\"></script>\n</head><body></body></html>";

    fn pages() -> Pages {
        let manifest = json!({
            "index.html": { "file": "assets/index.js", "imports": ["_react.js"] },
            "_react.js": { "file": "assets/react.js" },
            "_forms.js": { "file": "assets/forms.js", "imports": ["_react.js"] },
            "src/app/routes/login.tsx": { "file": "assets/login.js", "imports": ["_forms.js", "_react.js"], "isDynamicEntry": true },
            "src/app/routes/job.tsx": { "file": "assets/job.js", "imports": ["_react.js"], "isDynamicEntry": true },
            "src/app/routes/landing.tsx": { "file": "assets/landing.js", "isDynamicEntry": true },
        });
        Pages::new(INDEX.to_string(), &manifest)
    }

    #[test]
    fn a_screens_page_preloads_its_chunks_but_not_the_entrys() {
        let pages = pages();
        let login = pages.for_path("/login");
        assert!(login.contains("<link rel=\"modulepreload\" crossorigin href=\"/assets/login.js\">"), "{login}");
        assert!(login.contains("href=\"/assets/forms.js\""), "what the screen imports: {login}");
        assert!(!login.contains("href=\"/assets/react.js\""), "the entry's own imports are left to it: {login}");
        assert!(login.find("forms.js").unwrap() < login.find("</head>").unwrap(), "in the head: {login}");
        assert_eq!(pages.for_path("/login/"), login, "a trailing slash is the same screen");
    }

    #[test]
    fn a_prefix_screen_matches_below_it_and_other_paths_get_the_plain_page() {
        let pages = pages();
        assert!(pages.for_path("/job/abc123").contains("/assets/job.js"));
        assert_eq!(pages.for_path("/job"), INDEX, "the prefix alone is no job");
        assert!(pages.for_path("/").contains("/assets/landing.js"));
        assert!(!pages.for_path("/jobs/x").contains("modulepreload"));
        assert_eq!(pages.for_path("/dashboard/my-jobs"), INDEX);
        assert_eq!(pages.for_path("/no-such-page"), INDEX);
        assert_eq!(pages.for_path("/signup"), INDEX, "a screen missing from the manifest is served plain");
    }
}
