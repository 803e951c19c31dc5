//! Initials avatars rendered by the server, so no name is sent to a third-party service.

use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

use crate::http::error::{ApiResult, AppError, PathParam};
use crate::mail::html_escape;
use crate::state::AppState;

use super::repo;

/// Background colours dark enough for white text to pass WCAG AA (contrast at least 4.5:1).
const PALETTE: [&str; 8] = ["#1d4ed8", "#047857", "#b91c1c", "#7c3aed", "#be185d", "#0f766e", "#9a3412", "#374151"];

/// The initials of a name, upper-cased: "ada lovelace" -> "AL".
pub fn initials(first_name: &str, last_name: &str) -> String {
    [first_name, last_name].iter().filter_map(|part| part.trim().chars().next()).flat_map(char::to_uppercase).collect()
}

/// A colour chosen by the id, so a person's avatar keeps its colour.
fn colour(id: &str) -> &'static str {
    let hash = id.bytes().fold(0u32, |hash, byte| hash.wrapping_mul(31).wrapping_add(u32::from(byte)));
    PALETTE[hash as usize % PALETTE.len()]
}

pub fn render(id: &str, first_name: &str, last_name: &str) -> String {
    let label = html_escape(&format!("{} {}", first_name.trim(), last_name.trim()));
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"128\" height=\"128\" viewBox=\"0 0 128 128\" role=\"img\" aria-label=\"{label}\">\
         <rect width=\"128\" height=\"128\" rx=\"64\" fill=\"{fill}\"/>\
         <text x=\"64\" y=\"64\" dy=\".35em\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"52\" fill=\"#ffffff\">{initials}</text></svg>",
        fill = colour(id),
        initials = html_escape(&initials(first_name, last_name)),
    )
}

/// The avatar of a user, by the URL in the user object's `image`: an SVG of their initials.
#[utoipa::path(get, path = "/avatars/{file}", tag = "accounts",
    params(("file" = String, Path, description = "The user's `_id` followed by `.svg`")),
    responses(
        (status = 200, description = "The avatar", content_type = "image/svg+xml", body = String),
        (status = 400, description = "A NUL character in the name", body = crate::http::error::ErrorBody),
        (status = 404, description = "No such user", body = crate::http::error::ErrorBody),
    ))]
pub async fn avatar(State(state): State<AppState>, PathParam(file): PathParam<String>) -> ApiResult<impl IntoResponse> {
    let id = file.strip_suffix(".svg").ok_or_else(|| AppError::not_found("Not found"))?;
    let user = repo::find(&state.db, id).await?.ok_or_else(|| AppError::not_found("Not found"))?;
    Ok((
        [(header::CONTENT_TYPE, "image/svg+xml"), (header::CACHE_CONTROL, "public, max-age=3600")],
        render(&user.id, &user.first_name, &user.last_name),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn initials_come_from_both_names() {
        assert_eq!(initials("ada", "lovelace"), "AL");
        assert_eq!(initials(" Émile ", ""), "É");
    }

    #[test]
    fn the_colour_is_stable_and_names_are_escaped() {
        assert_eq!(colour("abc"), colour("abc"));
        let svg = render("abc", "<script>", "x");
        assert!(svg.contains("aria-label=\"&lt;script&gt; x\""));
        assert!(!svg.contains("<script>"));
    }
}
