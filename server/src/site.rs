//! The built web app: files from `WEB_DIR`, and `index.html` for any other path so the app can route
//! (and show its own 404 page). Hashed assets are cached for a year; the page itself is revalidated.
//!
//! Each screen's code is its own chunk, which the app asks for only once its main script runs: on a
//! slow phone connection that is one more round trip before the page can paint. So the page served
//! for a public screen's path names that screen's chunks as `modulepreload` links, read from Vite's
//! build manifest (`.vite/manifest.json`), and the browser fetches them beside the main script.

use std::path::Path;
use std::sync::Arc;

use axum::extract::Request;
use axum::handler::HandlerWithoutStateExt;
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{Router, get_service};
use serde_json::Value;
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// The public screens whose code the page preloads: a path (a prefix when it ends in `/`) and the
/// route module that src/app/routes.tsx loads for it. A module missing from the manifest (renamed)
/// only costs the preload, and is logged at start.
const SCREENS: &[(&str, &str)] = &[
    ("/", "src/app/routes/landing.tsx"),
    ("/jobs", "src/app/routes/jobs.tsx"),
    ("/job/", "src/app/routes/job.tsx"),
    ("/category/", "src/app/routes/category.tsx"),
    ("/login", "src/app/routes/login.tsx"),
    ("/signup", "src/app/routes/signup.tsx"),
    ("/verify-email", "src/app/routes/verify-email.tsx"),
    ("/forgot-password", "src/app/routes/forgot-password.tsx"),
    ("/update-password/", "src/app/routes/update-password.tsx"),
    ("/about", "src/app/routes/about.tsx"),
    ("/privacy-policy", "src/app/routes/privacy.tsx"),
    ("/terms", "src/app/routes/terms.tsx"),
    ("/contact", "src/app/routes/contact.tsx"),
];

pub fn service(web_dir: &Path) -> Router {
    // A missing asset is a 404, never the page: a browser would cache that page as the script.
    let assets = ServeDir::new(web_dir.join("assets"));
    let files = ServeDir::new(web_dir);
    let router = match Pages::load(web_dir) {
        Some(pages) => {
            let pages = Arc::new(pages);
            let page = move |request: Request| {
                let pages = pages.clone();
                async move {
                    let html = pages.for_path(request.uri().path()).to_owned();
                    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response()
                }
            };
            Router::new().fallback_service(get_service(files.fallback(page.into_service())))
        }
        // No built app (the server's own tests): whatever the folder holds.
        None => Router::new().fallback_service(get_service(
            files.append_index_html_on_directories(true).fallback(ServeFile::new(web_dir.join("index.html"))),
        )),
    };
    router.nest_service("/assets", get_service(assets)).layer(middleware::from_fn(cache_control))
}

/// `index.html` as built, and a copy of it per screen with that screen's chunks preloaded.
struct Pages {
    plain: String,
    screens: Vec<(&'static str, String)>,
}

impl Pages {
    fn load(web_dir: &Path) -> Option<Self> {
        let plain = std::fs::read_to_string(web_dir.join("index.html")).ok()?;
        let manifest = std::fs::read_to_string(web_dir.join(".vite").join("manifest.json"))
            .ok()
            .and_then(|text| serde_json::from_str::<Value>(&text).ok());
        let Some(manifest) = manifest else {
            tracing::warn!("the web app has no build manifest: screens load their code after the main script");
            return Some(Self { plain, screens: Vec::new() });
        };
        Some(Self::new(plain, &manifest))
    }

    fn new(plain: String, manifest: &Value) -> Self {
        let screens = SCREENS
            .iter()
            .filter_map(|(path, module)| {
                let links = preloads(manifest, module);
                if links.is_empty() {
                    tracing::warn!(module, "a screen's module is not in the web app's build manifest");
                    return None;
                }
                Some((*path, with_links(&plain, &links)))
            })
            .collect();
        Self { plain, screens }
    }

    fn for_path(&self, path: &str) -> &str {
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

async fn cache_control(request: Request, next: Next) -> Response {
    // Vite names everything under /assets/ by its content hash, so a changed file is a new URL.
    let hashed = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    if response.status().is_success() {
        let policy = if hashed { IMMUTABLE } else { REVALIDATE };
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(policy));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
