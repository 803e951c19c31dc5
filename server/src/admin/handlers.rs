//! The admin console's calls. Each takes `Admin`, so anyone else is refused before any work.

use std::sync::Arc;

use axum::extract::{RawQuery, State};
use serde::Serialize;
use utoipa::ToSchema;

use crate::accounts::session::Admin;
use crate::categories::handlers::{CATEGORY_EXISTS, CreateCategoryRequest, category_fields};
use crate::http::envelope::{Ack, Reply, ack, ok};
use crate::http::error::{ApiResult, AppError, ErrorBody, JsonBody, PathParam};
use crate::jobs::Listings;
use crate::state::AppState;

use super::emails;
use super::model::{
    AdminAccount, AdminCategory, AdminCompany, AdminJob, AdminOverview, AuditEntry, MAX_SEARCH_CHARS, Paging,
    ReasonRequest, contains_pattern, parse_reason,
};
use super::repo::{self, CategoryDeletion, CategoryEdit, CompanyAction, JobQuery, Suspension, Toggle};

pub const CATEGORY_NOT_FOUND: &str = "Category not found";
pub const JOB_NOT_FOUND: &str = "Job not found";
pub const ACCOUNT_NOT_FOUND: &str = "Account not found";
pub const COMPANY_NOT_FOUND: &str = "Company not found";
pub const CATEGORY_HAS_JOBS: &str = "A category with jobs cannot be deleted; hide it instead";

/// What a hide or show did, or its refusal in the API's words: `not_found` when there is no such
/// thing, `unchanged` when it was already as asked.
fn toggled<T>(toggle: Toggle<T>, not_found: &str, unchanged: &str) -> Result<T, AppError> {
    match toggle {
        Toggle::Done(value) => Ok(value),
        Toggle::NotFound => Err(AppError::not_found(not_found)),
        Toggle::Unchanged => Err(AppError::Conflict(unchanged.into())),
    }
}

/// The query's parameters of these names (the last of a repeated one).
fn query_fields(query: Option<&str>, known: &[&str]) -> Vec<(String, String)> {
    let mut fields: Vec<(String, String)> = Vec::new();
    for (key, value) in form_urlencoded::parse(query.unwrap_or_default().as_bytes()) {
        if known.contains(&key.as_ref()) {
            fields.retain(|(name, _)| name != key.as_ref());
            fields.push((key.into_owned(), value.into_owned()));
        }
    }
    fields
}

/// A parameter's value, trimmed; `None` when it is missing or empty.
fn field<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    fields.iter().find(|(key, _)| key == name).map(|(_, value)| value.trim()).filter(|value| !value.is_empty())
}

/// The page a query asks for.
fn paging(fields: &[(String, String)]) -> Result<Paging, AppError> {
    Paging::parse(field(fields, "page"), field(fields, "limit"))
}

fn search_text(text: Option<&str>, name: &str) -> Result<Option<String>, AppError> {
    match text {
        Some(text) if text.chars().count() > MAX_SEARCH_CHARS => {
            Err(AppError::bad_request(format!("{name} may have at most 200 characters")))
        }
        other => Ok(other.map(str::to_string)),
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminOverviewResponse {
    pub data: AdminOverview,
}

/// The site at a glance: accounts by type, open and hidden jobs, applications per day over the
/// last 30 days.
#[utoipa::path(get, path = "/admin/overview", tag = "admin", security(("bearer" = ["Admin"])),
    responses(
        (status = 200, description = "`Overview fetched successfully`", body = AdminOverviewResponse),
    ))]
pub async fn overview(State(state): State<AppState>, _admin: Admin) -> ApiResult<Reply<AdminOverviewResponse>> {
    let data = repo::overview(&state.db, crate::db::now_millis()).await?;
    Ok(ok("Overview fetched successfully", AdminOverviewResponse { data }))
}

#[derive(Serialize, ToSchema)]
pub struct AdminCategoriesResponse {
    pub categories: Vec<AdminCategory>,
}

/// Every category, hidden ones too, with how many jobs name each.
#[utoipa::path(get, path = "/admin/categories", tag = "admin", security(("bearer" = ["Admin"])),
    responses(
        (status = 200, description = "`Categories fetched successfully`", body = AdminCategoriesResponse),
    ))]
pub async fn categories(State(state): State<AppState>, _admin: Admin) -> ApiResult<Reply<AdminCategoriesResponse>> {
    let categories = repo::categories(&state.db).await?.into_iter().map(AdminCategory::from).collect();
    Ok(ok("Categories fetched successfully", AdminCategoriesResponse { categories }))
}

#[derive(Serialize, ToSchema)]
pub struct AdminCategoryResponse {
    pub data: AdminCategory,
}

/// Rename and describe a category (both fields, as when it was made). Audited.
#[utoipa::path(put, path = "/admin/categories/{categoryId}", tag = "admin", security(("bearer" = ["Admin"])),
    params(("categoryId" = String, Path, description = "The category's `_id`")),
    request_body = CreateCategoryRequest,
    responses(
        (status = 200, description = "`Category updated`", body = AdminCategoryResponse),
        (status = 400, description = "A field is missing or too long", body = ErrorBody),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "`Category already exists` (another has the name)", body = ErrorBody),
    ))]
pub async fn update_category(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(category_id): PathParam<String>,
    JsonBody(request): JsonBody<CreateCategoryRequest>,
) -> ApiResult<Reply<AdminCategoryResponse>> {
    let (name, description) = category_fields(&request)?;
    match repo::update_category(&state.db, &admin.id, &category_id, &name, &description).await? {
        CategoryEdit::Updated(category) => {
            // Its jobs name it.
            listings.changed(&state.db).await;
            Ok(ok("Category updated", AdminCategoryResponse { data: category.into() }))
        }
        CategoryEdit::NotFound => Err(AppError::not_found(CATEGORY_NOT_FOUND)),
        CategoryEdit::NameTaken => Err(AppError::Conflict(CATEGORY_EXISTS.into())),
    }
}

/// Hide a category: it leaves the category list and its page answers 404, and no new job may be
/// posted in it; its jobs stay listed. Audited.
#[utoipa::path(put, path = "/admin/categories/{categoryId}/hide", tag = "admin", security(("bearer" = ["Admin"])),
    params(("categoryId" = String, Path, description = "The category's `_id`")),
    responses(
        (status = 200, description = "`Category hidden`", body = AdminCategoryResponse),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "`The category is already hidden`", body = ErrorBody),
    ))]
pub async fn hide_category(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(category_id): PathParam<String>,
) -> ApiResult<Reply<AdminCategoryResponse>> {
    let hidden = repo::set_category_hidden(&state.db, &admin.id, &category_id, true).await?;
    let category = toggled(hidden, CATEGORY_NOT_FOUND, "The category is already hidden")?;
    listings.changed(&state.db).await;
    Ok(ok("Category hidden", AdminCategoryResponse { data: category.into() }))
}

/// List a hidden category again. Audited.
#[utoipa::path(put, path = "/admin/categories/{categoryId}/unhide", tag = "admin", security(("bearer" = ["Admin"])),
    params(("categoryId" = String, Path, description = "The category's `_id`")),
    responses(
        (status = 200, description = "`Category shown`", body = AdminCategoryResponse),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "`The category is not hidden`", body = ErrorBody),
    ))]
pub async fn unhide_category(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(category_id): PathParam<String>,
) -> ApiResult<Reply<AdminCategoryResponse>> {
    let shown = repo::set_category_hidden(&state.db, &admin.id, &category_id, false).await?;
    let category = toggled(shown, CATEGORY_NOT_FOUND, "The category is not hidden")?;
    listings.changed(&state.db).await;
    Ok(ok("Category shown", AdminCategoryResponse { data: category.into() }))
}

/// Delete a category that no job names (deleted jobs keep theirs): one with jobs can only be
/// hidden. Audited.
#[utoipa::path(delete, path = "/admin/categories/{categoryId}", tag = "admin", security(("bearer" = ["Admin"])),
    params(("categoryId" = String, Path, description = "The category's `_id`")),
    responses(
        (status = 200, description = "`Category deleted`", body = Ack),
        (status = 404, description = "`Category not found`", body = ErrorBody),
        (status = 409, description = "`A category with jobs cannot be deleted; hide it instead`", body = ErrorBody),
    ))]
pub async fn delete_category(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(category_id): PathParam<String>,
) -> ApiResult<Reply<Ack>> {
    match repo::delete_category(&state.db, &admin.id, &category_id).await? {
        CategoryDeletion::Deleted => {
            listings.changed(&state.db).await;
            Ok(ack("Category deleted"))
        }
        CategoryDeletion::NotFound => Err(AppError::not_found(CATEGORY_NOT_FOUND)),
        CategoryDeletion::HasJobs => Err(AppError::Conflict(CATEGORY_HAS_JOBS.into())),
    }
}

/// A page of a console list.
#[derive(Serialize, ToSchema)]
pub struct AdminJobsPage {
    pub data: Vec<AdminJob>,
    /// Every match.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// Find any job that is not deleted, hidden or not, newest first. `q` is part of the title, the
/// company or the recruiter's e-mail (any case), or a job's exact `_id`; `hidden=true` keeps only
/// hidden jobs.
#[utoipa::path(get, path = "/admin/jobs", tag = "admin", security(("bearer" = ["Admin"])),
    params(
        ("q" = Option<String>, Query, description = "Part of the title, company or recruiter's e-mail, or a job's `_id` (at most 200 characters)"),
        ("hidden" = Option<bool>, Query, description = "`true`: only jobs an admin hid"),
        ("page" = Option<i64>, Query, description = "From 1 (at most 10000)"),
        ("limit" = Option<i64>, Query, description = "1 to 100; 20 when left out"),
    ),
    responses(
        (status = 200, description = "`Jobs fetched successfully`", body = AdminJobsPage),
        (status = 400, description = "A parameter is out of range; the message names it", body = ErrorBody),
    ))]
pub async fn jobs(
    State(state): State<AppState>,
    _admin: Admin,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<AdminJobsPage>> {
    let fields = query_fields(query.as_deref(), &["q", "hidden", "page", "limit"]);
    let paging = paging(&fields)?;
    let hidden_only = match field(&fields, "hidden") {
        None | Some("false") => false,
        Some("true") => true,
        Some(_) => return Err(AppError::bad_request("hidden must be true or false")),
    };
    let text = search_text(field(&fields, "q"), "q")?;
    let query = JobQuery { text: text.map(|text| (contains_pattern(&text), text)), hidden_only };
    let (rows, total) = repo::jobs(&state.db, &query, paging).await?;
    let data = rows.into_iter().map(AdminJob::from).collect();
    Ok(ok("Jobs fetched successfully", AdminJobsPage { data, total, page: paging.page, limit: paging.limit }))
}

#[derive(Serialize, ToSchema)]
pub struct AdminJobResponse {
    pub data: AdminJob,
}

/// Hide a job with a reason: it leaves every public list, search, its page and the sitemap, takes
/// no applications, and its recruiter is e-mailed the reason. Audited.
#[utoipa::path(put, path = "/admin/jobs/{jobId}/hide", tag = "admin", security(("bearer" = ["Admin"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    request_body = ReasonRequest,
    responses(
        (status = 200, description = "`Job hidden`", body = AdminJobResponse),
        (status = 400, description = "`A reason is required`, or it is over 500 characters", body = ErrorBody),
        (status = 404, description = "`Job not found` (or deleted)", body = ErrorBody),
        (status = 409, description = "`The job is already hidden`", body = ErrorBody),
    ))]
pub async fn hide_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(job_id): PathParam<String>,
    JsonBody(request): JsonBody<ReasonRequest>,
) -> ApiResult<Reply<AdminJobResponse>> {
    let reason = parse_reason(request.reason.as_deref())?;
    let contact = format!("{}/contact", state.config.public_url);
    let hidden = repo::set_job_hidden(&state.db, &admin.id, &job_id, Some(&reason), |owner| {
        emails::job_hidden(&owner.email, &owner.first_name, &owner.title, &reason, &contact)
    })
    .await?;
    toggled(hidden, JOB_NOT_FOUND, "The job is already hidden")?;
    job_changed(&state, &listings, &job_id, "Job hidden").await
}

/// List a hidden job again; its recruiter is told. Audited.
#[utoipa::path(put, path = "/admin/jobs/{jobId}/unhide", tag = "admin", security(("bearer" = ["Admin"])),
    params(("jobId" = String, Path, description = "The job's `_id`")),
    responses(
        (status = 200, description = "`Job shown`", body = AdminJobResponse),
        (status = 404, description = "`Job not found` (or deleted)", body = ErrorBody),
        (status = 409, description = "`The job is not hidden`", body = ErrorBody),
    ))]
pub async fn unhide_job(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(job_id): PathParam<String>,
) -> ApiResult<Reply<AdminJobResponse>> {
    let shown = repo::set_job_hidden(&state.db, &admin.id, &job_id, None, |owner| {
        emails::job_unhidden(&owner.email, &owner.first_name, &owner.title)
    })
    .await?;
    toggled(shown, JOB_NOT_FOUND, "The job is not hidden")?;
    job_changed(&state, &listings, &job_id, "Job shown").await
}

/// After a job's visibility changed: the index takes it before the answer, the mail goes.
async fn job_changed(
    state: &AppState,
    listings: &Listings,
    job_id: &str,
    message: &'static str,
) -> ApiResult<Reply<AdminJobResponse>> {
    state.outbox.notify();
    listings.changed(&state.db).await;
    let job = repo::job(&state.db, job_id).await?.ok_or_else(|| AppError::not_found(JOB_NOT_FOUND))?;
    Ok(ok(message, AdminJobResponse { data: job.into() }))
}

#[derive(Serialize, ToSchema)]
pub struct AdminAccountsPage {
    pub data: Vec<AdminAccount>,
    /// Every match.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// Find accounts by part of their e-mail address (any case), newest first; every account without
/// `email`.
#[utoipa::path(get, path = "/admin/accounts", tag = "admin", security(("bearer" = ["Admin"])),
    params(
        ("email" = Option<String>, Query, description = "Part of the address (at most 200 characters)"),
        ("page" = Option<i64>, Query, description = "From 1 (at most 10000)"),
        ("limit" = Option<i64>, Query, description = "1 to 100; 20 when left out"),
    ),
    responses(
        (status = 200, description = "`Accounts fetched successfully`", body = AdminAccountsPage),
        (status = 400, description = "A parameter is out of range; the message names it", body = ErrorBody),
    ))]
pub async fn accounts(
    State(state): State<AppState>,
    _admin: Admin,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<AdminAccountsPage>> {
    let fields = query_fields(query.as_deref(), &["email", "page", "limit"]);
    let paging = paging(&fields)?;
    let pattern = search_text(field(&fields, "email"), "email")?.map(|text| contains_pattern(&text));
    let (rows, total) = repo::accounts(&state.db, pattern.as_deref(), paging).await?;
    let data = rows.into_iter().map(AdminAccount::from).collect();
    Ok(ok("Accounts fetched successfully", AdminAccountsPage { data, total, page: paging.page, limit: paging.limit }))
}

#[derive(Serialize, ToSchema)]
pub struct AdminAccountResponse {
    pub data: AdminAccount,
}

/// Suspend an account with a reason: it cannot log in, its sessions end at once, its jobs leave
/// every public list, and it is e-mailed the reason. An admin account cannot be suspended.
/// Audited.
#[utoipa::path(put, path = "/admin/accounts/{userId}/suspend", tag = "admin", security(("bearer" = ["Admin"])),
    params(("userId" = String, Path, description = "The account's `_id`")),
    request_body = ReasonRequest,
    responses(
        (status = 200, description = "`Account suspended`", body = AdminAccountResponse),
        (status = 400, description = "`A reason is required`, or it is over 500 characters", body = ErrorBody),
        (status = 404, description = "`Account not found`", body = ErrorBody),
        (status = 409, description = "`The account is already suspended`, or `An admin account cannot be suspended`", body = ErrorBody),
    ))]
pub async fn suspend_account(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(user_id): PathParam<String>,
    JsonBody(request): JsonBody<ReasonRequest>,
) -> ApiResult<Reply<AdminAccountResponse>> {
    let reason = parse_reason(request.reason.as_deref())?;
    let contact = format!("{}/contact", state.config.public_url);
    let suspension = repo::set_suspended(&state.db, &admin.id, &user_id, Some(&reason), |holder| {
        emails::account_suspended(&holder.email, &holder.first_name, &reason, &contact)
    })
    .await?;
    match suspension {
        Suspension::Done => {}
        Suspension::NotFound => return Err(AppError::not_found(ACCOUNT_NOT_FOUND)),
        Suspension::Unchanged => return Err(AppError::Conflict("The account is already suspended".into())),
        Suspension::AdminAccount => return Err(AppError::Conflict("An admin account cannot be suspended".into())),
    }
    // Its sessions ended: their open notification streams look again, and end.
    state.notifications.wake(&user_id);
    account_changed(&state, &listings, &user_id, "Account suspended").await
}

/// Reinstate a suspended account: it may log in again and its jobs are listed again (those an
/// admin hid one by one stay hidden). Audited.
#[utoipa::path(put, path = "/admin/accounts/{userId}/reinstate", tag = "admin", security(("bearer" = ["Admin"])),
    params(("userId" = String, Path, description = "The account's `_id`")),
    responses(
        (status = 200, description = "`Account reinstated`", body = AdminAccountResponse),
        (status = 404, description = "`Account not found`", body = ErrorBody),
        (status = 409, description = "`The account is not suspended`", body = ErrorBody),
    ))]
pub async fn reinstate_account(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(user_id): PathParam<String>,
) -> ApiResult<Reply<AdminAccountResponse>> {
    let login = format!("{}/login", state.config.public_url);
    let reinstatement = repo::set_suspended(&state.db, &admin.id, &user_id, None, |holder| {
        emails::account_reinstated(&holder.email, &holder.first_name, &login)
    })
    .await?;
    match reinstatement {
        Suspension::Done => {}
        Suspension::NotFound => return Err(AppError::not_found(ACCOUNT_NOT_FOUND)),
        // An admin account is never suspended, so not suspended either.
        Suspension::Unchanged | Suspension::AdminAccount => {
            return Err(AppError::Conflict("The account is not suspended".into()));
        }
    }
    account_changed(&state, &listings, &user_id, "Account reinstated").await
}

async fn account_changed(
    state: &AppState,
    listings: &Listings,
    user_id: &str,
    message: &'static str,
) -> ApiResult<Reply<AdminAccountResponse>> {
    state.outbox.notify();
    listings.changed(&state.db).await;
    let account = repo::account(&state.db, user_id).await?.ok_or_else(|| AppError::not_found(ACCOUNT_NOT_FOUND))?;
    Ok(ok(message, AdminAccountResponse { data: account.into() }))
}

#[derive(Serialize, ToSchema)]
pub struct AuditPage {
    pub data: Vec<AuditEntry>,
    /// Every entry.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

/// The audit log: every admin action, newest first.
#[utoipa::path(get, path = "/admin/audit", tag = "admin", security(("bearer" = ["Admin"])),
    params(
        ("page" = Option<i64>, Query, description = "From 1 (at most 10000)"),
        ("limit" = Option<i64>, Query, description = "1 to 100; 20 when left out"),
    ),
    responses(
        (status = 200, description = "`Audit log fetched successfully`", body = AuditPage),
        (status = 400, description = "A parameter is out of range; the message names it", body = ErrorBody),
    ))]
pub async fn audit_log(
    State(state): State<AppState>,
    _admin: Admin,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<AuditPage>> {
    let paging = paging(&query_fields(query.as_deref(), &["page", "limit"]))?;
    let (rows, total) = repo::audit_log(&state.db, paging).await?;
    let data = rows.into_iter().map(AuditEntry::from).collect();
    Ok(ok("Audit log fetched successfully", AuditPage { data, total, page: paging.page, limit: paging.limit }))
}

#[derive(Serialize, ToSchema)]
pub struct AdminCompaniesPage {
    pub data: Vec<AdminCompany>,
    /// Every match.
    pub total: i64,
    pub page: i64,
    pub limit: i64,
}

#[derive(Serialize, ToSchema)]
pub struct AdminCompanyResponse {
    pub data: AdminCompany,
}

/// Find companies by part of their name (any case), newest first; every company without `name`.
#[utoipa::path(get, path = "/admin/companies", tag = "admin", security(("bearer" = ["Admin"])),
    params(
        ("name" = Option<String>, Query, description = "Part of the name (at most 200 characters)"),
        ("page" = Option<i64>, Query, description = "From 1 (at most 10000)"),
        ("limit" = Option<i64>, Query, description = "1 to 100; 20 when left out"),
    ),
    responses(
        (status = 200, description = "`Companies fetched successfully`", body = AdminCompaniesPage),
        (status = 400, description = "A parameter is out of range; the message names it", body = ErrorBody),
    ))]
pub async fn companies(
    State(state): State<AppState>,
    _admin: Admin,
    RawQuery(query): RawQuery,
) -> ApiResult<Reply<AdminCompaniesPage>> {
    let fields = query_fields(query.as_deref(), &["name", "page", "limit"]);
    let paging = paging(&fields)?;
    let pattern = search_text(field(&fields, "name"), "name")?.map(|text| contains_pattern(&text));
    let (rows, total) = repo::companies(&state.db, pattern.as_deref(), paging).await?;
    let data = rows.into_iter().map(AdminCompany::from).collect();
    Ok(ok("Companies fetched successfully", AdminCompaniesPage { data, total, page: paging.page, limit: paging.limit }))
}

#[derive(serde::Deserialize, ToSchema)]
pub struct RenameRequest {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
}

/// Rename a company (its slug, and so its page's address, stays). Audited.
#[utoipa::path(put, path = "/admin/companies/{companyId}", tag = "admin", security(("bearer" = ["Admin"])),
    params(("companyId" = String, Path, description = "The company's `_id`")),
    request_body = RenameRequest,
    responses(
        (status = 200, description = "`Company renamed`", body = AdminCompanyResponse),
        (status = 400, description = "`Company name is required`, or it is over 100 characters", body = ErrorBody),
        (status = 404, description = "`Company not found`", body = ErrorBody),
        (status = 409, description = "`The company already has this name`", body = ErrorBody),
    ))]
pub async fn rename_company(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(company_id): PathParam<String>,
    JsonBody(request): JsonBody<RenameRequest>,
) -> ApiResult<Reply<AdminCompanyResponse>> {
    let name = request.name.as_deref().map(str::trim).unwrap_or_default();
    if name.is_empty() {
        return Err(AppError::bad_request("Company name is required"));
    }
    if name.chars().count() > crate::companies::handlers::MAX_NAME {
        return Err(AppError::bad_request("Company name must be at most 100 characters"));
    }
    let done = repo::act_on_company(&state.db, &admin.id, &company_id, CompanyAction::Rename(name), None).await?;
    toggled(done, COMPANY_NOT_FOUND, "The company already has this name")?;
    company_changed(&state, &listings, &company_id, "Company renamed").await
}

/// Verify a company: its page shows a badge. Audited.
#[utoipa::path(put, path = "/admin/companies/{companyId}/verify", tag = "admin", security(("bearer" = ["Admin"])),
    params(("companyId" = String, Path, description = "The company's `_id`")),
    responses(
        (status = 200, description = "`Company verified`", body = AdminCompanyResponse),
        (status = 404, description = "`Company not found`", body = ErrorBody),
        (status = 409, description = "`The company is already verified`", body = ErrorBody),
    ))]
pub async fn verify_company(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(company_id): PathParam<String>,
) -> ApiResult<Reply<AdminCompanyResponse>> {
    let done = repo::act_on_company(&state.db, &admin.id, &company_id, CompanyAction::Verify, None).await?;
    toggled(done, COMPANY_NOT_FOUND, "The company is already verified")?;
    company_changed(&state, &listings, &company_id, "Company verified").await
}

/// Take a company's verification back. Audited.
#[utoipa::path(put, path = "/admin/companies/{companyId}/unverify", tag = "admin", security(("bearer" = ["Admin"])),
    params(("companyId" = String, Path, description = "The company's `_id`")),
    responses(
        (status = 200, description = "`Company no longer verified`", body = AdminCompanyResponse),
        (status = 404, description = "`Company not found`", body = ErrorBody),
        (status = 409, description = "`The company is not verified`", body = ErrorBody),
    ))]
pub async fn unverify_company(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(company_id): PathParam<String>,
) -> ApiResult<Reply<AdminCompanyResponse>> {
    let done = repo::act_on_company(&state.db, &admin.id, &company_id, CompanyAction::Unverify, None).await?;
    toggled(done, COMPANY_NOT_FOUND, "The company is not verified")?;
    company_changed(&state, &listings, &company_id, "Company no longer verified").await
}

/// Suspend a company with a reason: its jobs leave search and the public pages, its page is not
/// found, and its members cannot post. Audited.
#[utoipa::path(put, path = "/admin/companies/{companyId}/suspend", tag = "admin", security(("bearer" = ["Admin"])),
    params(("companyId" = String, Path, description = "The company's `_id`")),
    request_body = ReasonRequest,
    responses(
        (status = 200, description = "`Company suspended`", body = AdminCompanyResponse),
        (status = 400, description = "`A reason is required`, or it is over 500 characters", body = ErrorBody),
        (status = 404, description = "`Company not found`", body = ErrorBody),
        (status = 409, description = "`The company is already suspended`", body = ErrorBody),
    ))]
pub async fn suspend_company(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(company_id): PathParam<String>,
    JsonBody(request): JsonBody<ReasonRequest>,
) -> ApiResult<Reply<AdminCompanyResponse>> {
    let reason = parse_reason(request.reason.as_deref())?;
    let contact = format!("{}/contact", state.config.public_url);
    let tell = |to: &str, first_name: &str, company: &str| {
        emails::company_suspended(to, first_name, company, &reason, &contact)
    };
    let action = CompanyAction::Suspend(&reason);
    let done = repo::act_on_company(&state.db, &admin.id, &company_id, action, Some(&tell)).await?;
    state.outbox.notify();
    toggled(done, COMPANY_NOT_FOUND, "The company is already suspended")?;
    company_changed(&state, &listings, &company_id, "Company suspended").await
}

/// Reinstate a suspended company: its jobs are listed again (those of a suspended account, or
/// hidden one by one, stay hidden). Audited.
#[utoipa::path(put, path = "/admin/companies/{companyId}/reinstate", tag = "admin", security(("bearer" = ["Admin"])),
    params(("companyId" = String, Path, description = "The company's `_id`")),
    responses(
        (status = 200, description = "`Company reinstated`", body = AdminCompanyResponse),
        (status = 404, description = "`Company not found`", body = ErrorBody),
        (status = 409, description = "`The company is not suspended`", body = ErrorBody),
    ))]
pub async fn reinstate_company(
    State(state): State<AppState>,
    State(listings): State<Arc<Listings>>,
    Admin(admin): Admin,
    PathParam(company_id): PathParam<String>,
) -> ApiResult<Reply<AdminCompanyResponse>> {
    let tell = emails::company_reinstated;
    let done = repo::act_on_company(&state.db, &admin.id, &company_id, CompanyAction::Reinstate, Some(&tell)).await?;
    state.outbox.notify();
    toggled(done, COMPANY_NOT_FOUND, "The company is not suspended")?;
    company_changed(&state, &listings, &company_id, "Company reinstated").await
}

/// After a company changed: its jobs' listing and its page, before the answer.
async fn company_changed(
    state: &AppState,
    listings: &Listings,
    company_id: &str,
    message: &'static str,
) -> ApiResult<Reply<AdminCompanyResponse>> {
    listings.changed(&state.db).await;
    let company = repo::company(&state.db, company_id).await?.ok_or_else(|| AppError::not_found(COMPANY_NOT_FOUND))?;
    Ok(ok(message, AdminCompanyResponse { data: company.into() }))
}
