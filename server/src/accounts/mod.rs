//! Accounts: signup with an e-mailed code, login and logout, forgotten and changed passwords,
//! and the caller's own details.

pub mod avatar;
pub mod emails;
pub mod handlers;
pub mod model;
pub mod repo;
pub mod session;

use axum::extract::FromRef;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

/// The accounts calls, each registered with its OpenAPI description (the path is the handler's).
pub fn router<S>() -> OpenApiRouter<S>
where
    S: Clone + Send + Sync + 'static,
    AppState: FromRef<S>,
{
    OpenApiRouter::new()
        .routes(routes!(handlers::send_otp))
        .routes(routes!(handlers::signup))
        .routes(routes!(handlers::login))
        .routes(routes!(handlers::logout))
        .routes(routes!(handlers::reset_password_token))
        .routes(routes!(handlers::reset_password))
        .routes(routes!(handlers::change_password))
        .routes(routes!(handlers::user_details))
        .routes(routes!(avatar::avatar))
}

/// Creates an Admin account (the `create-admin` command). Returns its id, or why it was refused.
pub async fn create_admin(
    db: &crate::db::Db,
    email: &str,
    first_name: &str,
    last_name: &str,
    password: &str,
) -> Result<String, String> {
    let email = model::Email::parse(email).map_err(|error| error.to_string())?;
    let password = model::NewPassword::parse(password).map_err(|error| error.to_string())?;
    let (first_name, last_name) = (first_name.trim(), last_name.trim());
    if first_name.is_empty() || last_name.is_empty() {
        return Err("the first and last names are required".into());
    }
    let hasher = crate::secrets::Hasher::single();
    let password_hash = hasher
        .hash(std::net::Ipv4Addr::LOCALHOST.into(), password.as_str())
        .await
        .map_err(|error| error.to_string())?;
    let user = repo::NewUser {
        first_name,
        last_name,
        email: &email,
        password_hash: &password_hash,
        account_type: model::AccountType::Admin,
    };
    match repo::insert(db, &user).await {
        Ok(row) => Ok(row.id),
        Err(error) if crate::http::error::Constraint::UserEmail.is_violated_by(&error) => {
            Err(format!("{} already has an account", email.as_str()))
        }
        Err(error) => Err(error.to_string()),
    }
}
