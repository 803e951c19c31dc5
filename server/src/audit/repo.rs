//! The audit log's writes.

use crate::db::{new_id, now_millis};

use super::model::Entry;

/// Records `entry` through `executor`, the action's own open transaction, so the action and its
/// record commit together or not at all.
///
/// Generic over the engine rather than dispatched: the caller already holds a transaction of one
/// engine or the other (inside `dispatch!`), and one function serves both.
#[tracing::instrument(skip_all)]
pub async fn record<'c, DB>(
    executor: impl sqlx::Executor<'c, Database = DB>,
    entry: &Entry<'_>,
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> Option<&'a str>: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    const INSERT: &str = "INSERT INTO admin_actions \
         (id, admin_id, action, target_type, target_id, target_label, reason, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)";
    sqlx::query(INSERT)
        .bind(new_id().as_str())
        .bind(entry.admin_id)
        .bind(entry.action.as_str())
        .bind(entry.action.target_type())
        .bind(entry.target_id)
        .bind(entry.target_label)
        .bind(entry.reason)
        .bind(now_millis())
        .execute(executor)
        .await
        .map(|_| ())
}
