//! The built web app: files from `WEB_DIR`, `index.html` for any other path so the app can route
//! (and show its own 404 page). Hashed assets are cached for a year; the page itself is revalidated.

use std::path::Path;

use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{Router, get_service};
use tower_http::services::{ServeDir, ServeFile};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

pub fn service(web_dir: &Path) -> Router {
    let pages = ServeDir::new(web_dir)
        .append_index_html_on_directories(true)
        .fallback(ServeFile::new(web_dir.join("index.html")));
    // A missing asset is a 404, never the page: a browser would cache that page as the script.
    let assets = ServeDir::new(web_dir.join("assets"));
    Router::new()
        .nest_service("/assets", get_service(assets))
        .fallback_service(get_service(pages))
        .layer(middleware::from_fn(cache_control))
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
