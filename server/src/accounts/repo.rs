use crate::db::{Db, new_id, now_millis};
use crate::dispatch;

use super::model::{AccountType, Email, UserRow};

pub const FIND_BY_EMAIL: &str =
    "SELECT id, first_name, last_name, email, password_hash, account_type FROM users WHERE lower(email) = $1";

/// The account of an address. `lower(email)` is the indexed expression (addresses are unique
/// ignoring case), so the look-up is an index probe, not a scan of every account.
pub async fn find_by_email(db: &Db, email: &Email) -> Result<Option<UserRow>, sqlx::Error> {
    dispatch!(db, |pool| sqlx::query_as::<_, UserRow>(FIND_BY_EMAIL).bind(email.as_str()).fetch_optional(pool).await)
}

pub async fn find(db: &Db, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
    const SQL: &str = "SELECT id, first_name, last_name, email, password_hash, account_type FROM users WHERE id = $1";
    dispatch!(db, |pool| sqlx::query_as::<_, UserRow>(SQL).bind(id).fetch_optional(pool).await)
}

pub struct NewUser<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub account_type: AccountType,
}

pub const INSERT_USER: &str = "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, first_name, last_name, email, password_hash, account_type";

/// Creates an account directly (the `create-admin` command); signup goes through `signup`.
pub async fn insert(db: &Db, user: &NewUser<'_>) -> Result<UserRow, sqlx::Error> {
    let id = new_id();
    dispatch!(db, |pool| {
        sqlx::query_as::<_, UserRow>(INSERT_USER)
            .bind(&id)
            .bind(user.first_name)
            .bind(user.last_name)
            .bind(user.email.as_str())
            .bind(user.password_hash)
            .bind(user.account_type.as_str())
            .bind(now_millis())
            .fetch_one(pool)
            .await
    })
}
