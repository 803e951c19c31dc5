//! The SQL of API tokens: a person's list, making one (within the per-person limit and one per
//! name) and revoking one. The lookup a call makes with a token is `accounts::repo::api_token_user`.

use crate::db::{BeginWrite, Db};
use crate::dispatch;

use super::model::TokenRow;

/// The most tokens one person may hold.
pub const MAX_TOKENS: i64 = 20;

const TOKEN: &str = "id, name, scopes, created_at, last_used_at, expires_at";

/// The person's tokens, the newest first.
#[tracing::instrument(skip_all)]
pub async fn tokens(db: &Db, user_id: &str) -> Result<Vec<TokenRow>, sqlx::Error> {
    let sql = format!("SELECT {TOKEN} FROM api_tokens WHERE user_id = $1 ORDER BY created_at DESC, id DESC");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await)
}

/// A token to store: only its secret's digest.
pub struct NewToken<'a> {
    pub id: &'a str,
    pub user_id: &'a str,
    pub name: &'a str,
    pub scopes: &'a str,
    pub token_hash: &'a str,
    pub created_at: i64,
    pub expires_at: Option<i64>,
}

pub enum Created {
    Done(TokenRow),
    NameTaken,
    TooMany,
}

#[tracing::instrument(skip_all)]
pub async fn create(db: &Db, token: &NewToken<'_>) -> Result<Created, sqlx::Error> {
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN name = $2 THEN 1 ELSE 0 END), 0) AS BIGINT) FROM api_tokens WHERE user_id = $1";
    let insert = format!(
        "INSERT INTO api_tokens (id, user_id, name, scopes, token_hash, created_at, expires_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {TOKEN}"
    );
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let (held, named): (i64, i64) =
            sqlx::query_as(COUNT).bind(token.user_id).bind(token.name).fetch_one(&mut *tx).await?;
        if named > 0 {
            return Ok(Created::NameTaken);
        }
        if held >= MAX_TOKENS {
            return Ok(Created::TooMany);
        }
        let row: TokenRow = sqlx::query_as(sqlx::AssertSqlSafe(insert.as_str()))
            .bind(token.id)
            .bind(token.user_id)
            .bind(token.name)
            .bind(token.scopes)
            .bind(token.token_hash)
            .bind(token.created_at)
            .bind(token.expires_at)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Created::Done(row))
    })
}

/// Revokes one of the person's tokens: the next call with it is refused. `false` when it is not
/// theirs.
#[tracing::instrument(skip_all)]
pub async fn revoke(db: &Db, user_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "DELETE FROM api_tokens WHERE id = $1 AND user_id = $2";
    dispatch!(db, |pool| sqlx::query(SQL)
        .bind(id)
        .bind(user_id)
        .execute(pool)
        .await
        .map(|done| done.rows_affected() > 0))
}
