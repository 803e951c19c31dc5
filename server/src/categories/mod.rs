//! Categories: the list behind the Category menu and each category's page.

pub mod handlers;
pub mod model;
pub mod repo;

use axum::Router;
use axum::routing::{get, post};

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/jobs/showAllCategories", get(handlers::show_all_categories))
        .route("/jobs/createCategory", post(handlers::create_category))
        .route("/jobs/categoryPageDetails", post(handlers::category_page_details))
        .route("/jobs/categoryPageDetails/{category_id}", post(handlers::category_page_details_by_path))
}
