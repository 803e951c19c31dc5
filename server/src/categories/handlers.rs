use std::sync::Arc;

use axum::extract::State;
use axum::http::StatusCode;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::accounts::session::Admin;
use crate::http::envelope::{Reply, ok};
use crate::http::error::{ApiResult, AppError, Constraint, ErrorBody, JsonBody, PathParam, ResultExt};
use crate::jobs::Listings;
use crate::jobs::search::{JobSearch, MAX_PAGE_SIZE, SortOrder};
use crate::state::AppState;

use super::model::{Category, CategoryPage};
use super::repo;

#[derive(Serialize, ToSchema)]
pub struct CategoriesResponse {
    /// Every category; an empty list when there are none.
    pub categories: Vec<Category>,
}

/// List categories.
#[utoipa::path(
    get,
    path = "/jobs/showAllCategories",
    tag = "categories",
    responses(
        (status = 200, description = "All categories", body = CategoriesResponse),
    )
)]
pub async fn show_all_categories(State(state): State<AppState>) -> ApiResult<Reply<CategoriesResponse>> {
    let categories = repo::list(&state.db).await?;
    Ok(ok("Categories fetched successfully", CategoriesResponse { categories }))
}

#[derive(Deserialize, ToSchema)]
pub struct CategoryPageRequest {
    #[serde(rename = "CategoryId")]
    pub category_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CategoryPageResponse {
    #[serde(rename = "selectedCategory")]
    pub selected_category: CategoryPage,
}

/// A category page, with the category's id in the body (`CategoryId`).
///
/// `jobs` holds the category's newest 100 listed jobs; `/jobs/alljobs?category=` pages through all.
#[utoipa::path(
    post,
    path = "/jobs/categoryPageDetails",
    tag = "categories",
    request_body = CategoryPageRequest,
    responses(
        (status = 200, description = "The category and its newest jobs", body = CategoryPageResponse),
        (status = 400, description = "`CategoryId` is missing or the body is not JSON", body = ErrorBody),
        (status = 404, description = "No such category", body = ErrorBody),
    )
)]
pub async fn category_page_details(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    body: Bytes,
) -> ApiResult<Reply<CategoryPageResponse>> {
    // Read as bytes, since an empty body is allowed; the same text rule as every JSON body.
    crate::http::text_input::check_json(&body)?;
    let request: CategoryPageRequest = if body.iter().all(u8::is_ascii_whitespace) {
        CategoryPageRequest { category_id: None }
    } else {
        serde_json::from_slice(&body).map_err(|_| AppError::bad_request("The body is not valid JSON"))?
    };
    let category_id = request
        .category_id
        .filter(|id| !id.trim().is_empty())
        .ok_or_else(|| AppError::bad_request("CategoryId is required"))?;
    category_page(&state, &listings, category_id.trim()).await
}

/// A category page, with the category's id in the path. A body, if any, is ignored.
#[utoipa::path(
    post,
    path = "/jobs/categoryPageDetails/{categoryId}",
    tag = "categories",
    params(("categoryId" = String, Path, description = "The category's `_id`")),
    responses(
        (status = 200, description = "The category and its newest jobs", body = CategoryPageResponse),
        (status = 404, description = "No such category", body = ErrorBody),
    )
)]
pub async fn category_page_details_by_path(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    PathParam(category_id): PathParam<String>,
) -> ApiResult<Reply<CategoryPageResponse>> {
    category_page(&state, &listings, &category_id).await
}

async fn category_page(
    state: &AppState,
    listings: &Listings,
    category_id: &str,
) -> ApiResult<Reply<CategoryPageResponse>> {
    let category =
        repo::find(&state.db, category_id).await?.ok_or_else(|| AppError::not_found("Category not found"))?;
    // The search /jobs?category= runs, newest first: the same jobs in the same order.
    let newest = JobSearch {
        category: Some(category.id.clone()),
        sort: SortOrder::Newest,
        page: 1,
        limit: MAX_PAGE_SIZE,
        ..JobSearch::default()
    };
    let jobs = listings.search.find(&state.db, &newest).await?.jobs.into_iter().map(|found| found.job).collect();
    Ok(ok(
        "Category page details fetched successfully",
        CategoryPageResponse {
            selected_category: CategoryPage {
                id: category.id,
                name: category.name,
                description: category.description,
                jobs,
            },
        },
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct CreateCategoryRequest {
    pub name: Option<String>,
    pub description: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct CategoryResponse {
    pub data: Category,
}

/// A category's name and description as a request gives them: both required, trimmed, at most
/// 100 and 1000 characters. Creating and editing a category take the same fields.
pub fn category_fields(request: &CreateCategoryRequest) -> Result<(String, String), AppError> {
    let text = |value: &Option<String>, missing: &str| {
        value
            .as_deref()
            .map(str::trim)
            .filter(|text| !text.is_empty())
            .map(str::to_string)
            .ok_or_else(|| AppError::bad_request(missing))
    };
    let name = text(&request.name, "Category name is required")?;
    let description = text(&request.description, "Category description is required")?;
    if name.chars().count() > 100 || description.chars().count() > 1000 {
        return Err(AppError::bad_request("The name may have 100 characters and the description 1000"));
    }
    Ok((name, description))
}

/// Refused when another category has the name, on create and on rename alike.
pub const CATEGORY_EXISTS: &str = "Category already exists";

/// Create a category (Admins only). Recorded in the admin console's audit log.
#[utoipa::path(post, path = "/jobs/createCategory", tag = "categories", security(("bearer" = ["Admin"])),
    request_body = CreateCategoryRequest,
    responses(
        (status = 201, description = "The new category", body = CategoryResponse),
        (status = 400, description = "A field is missing", body = ErrorBody),
        (status = 409, description = "A category of that name exists", body = ErrorBody),
    ))]
pub async fn create_category(
    State(state): State<AppState>,
    State(listings): State<std::sync::Arc<crate::jobs::Listings>>,
    Admin(admin): Admin,
    JsonBody(request): JsonBody<CreateCategoryRequest>,
) -> ApiResult<(StatusCode, Reply<CategoryResponse>)> {
    let (name, description) = category_fields(&request)?;
    let category = repo::insert(&state.db, &name, &description, &admin.id)
        .await
        .on_constraint(Constraint::CategoryName, || AppError::Conflict(CATEGORY_EXISTS.into()))?;
    // The search pages' category filters list it.
    listings.changed(&state.db).await;
    Ok((StatusCode::CREATED, ok("Category created successfully", CategoryResponse { data: category })))
}
