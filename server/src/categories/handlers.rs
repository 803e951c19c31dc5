use axum::Json;
use axum::extract::State;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::AppState;
use crate::error::{ApiResult, AppError, ErrorBody, PathParam};
use crate::jobs::handlers::MAX_PAGE_SIZE;
use crate::jobs::repo as jobs_repo;

use super::model::{Category, CategoryPage};
use super::repo;

#[derive(Serialize, ToSchema)]
pub struct CategoriesResponse {
    pub success: bool,
    pub message: String,
    /// Every category; an empty list when there are none.
    pub categories: Vec<Category>,
}

/// List categories.
#[utoipa::path(
    get,
    path = "/api/v1/jobs/showAllCategories",
    tag = "categories",
    responses(
        (status = 200, description = "All categories", body = CategoriesResponse),
        (status = 503, description = "The database is unavailable", body = ErrorBody),
    )
)]
pub async fn show_all_categories(State(state): State<AppState>) -> ApiResult<Json<CategoriesResponse>> {
    let categories = repo::list(&state.db).await?;
    Ok(Json(CategoriesResponse { success: true, message: "Categories fetched successfully".into(), categories }))
}

#[derive(Deserialize, ToSchema)]
pub struct CategoryPageRequest {
    #[serde(rename = "CategoryId")]
    pub category_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CategoryPageResponse {
    pub success: bool,
    pub message: String,
    #[serde(rename = "selectedCategory")]
    pub selected_category: CategoryPage,
}

/// A category page, with the category's id in the body (`CategoryId`).
///
/// `jobs` holds the category's newest 100 listed jobs; `/jobs/alljobs?category=` pages through all.
#[utoipa::path(
    post,
    path = "/api/v1/jobs/categoryPageDetails",
    tag = "categories",
    request_body = CategoryPageRequest,
    responses(
        (status = 200, description = "The category and its newest jobs", body = CategoryPageResponse),
        (status = 400, description = "`CategoryId` is missing or the body is not JSON", body = ErrorBody),
        (status = 404, description = "No such category", body = ErrorBody),
        (status = 503, description = "The database is unavailable", body = ErrorBody),
    )
)]
pub async fn category_page_details(State(state): State<AppState>, body: Bytes) -> ApiResult<Json<CategoryPageResponse>> {
    let request: CategoryPageRequest = if body.iter().all(u8::is_ascii_whitespace) {
        CategoryPageRequest { category_id: None }
    } else {
        serde_json::from_slice(&body).map_err(|_| AppError::bad_request("The body is not valid JSON"))?
    };
    let category_id = request
        .category_id
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| AppError::bad_request("CategoryId is required"))?;
    category_page(&state, category_id.trim()).await
}

/// A category page, with the category's id in the path. A body, if any, is ignored.
#[utoipa::path(
    post,
    path = "/api/v1/jobs/categoryPageDetails/{categoryId}",
    tag = "categories",
    params(("categoryId" = String, Path, description = "The category's `_id`")),
    responses(
        (status = 200, description = "The category and its newest jobs", body = CategoryPageResponse),
        (status = 404, description = "No such category", body = ErrorBody),
        (status = 503, description = "The database is unavailable", body = ErrorBody),
    )
)]
pub async fn category_page_details_by_path(
    State(state): State<AppState>,
    PathParam(category_id): PathParam<String>,
) -> ApiResult<Json<CategoryPageResponse>> {
    category_page(&state, &category_id).await
}

async fn category_page(state: &AppState, category_id: &str) -> ApiResult<Json<CategoryPageResponse>> {
    let category = repo::find(&state.db, category_id)
        .await?
        .ok_or_else(|| AppError::not_found("Category not found"))?;
    let jobs = jobs_repo::list_by_category(&state.db, &category.id, MAX_PAGE_SIZE).await?;
    Ok(Json(CategoryPageResponse {
        success: true,
        message: "Category page details fetched successfully".into(),
        selected_category: CategoryPage {
            id: category.id,
            name: category.name,
            description: category.description,
            jobs,
        },
    }))
}
