//! What the whole job feed reads: the jobs open at a time, a page at a time in `seq` order.

use crate::db::Db;
use crate::dispatch;
use crate::jobs::model::{JOB_COLUMNS, JobRow, LISTED, open_at};

#[derive(sqlx::FromRow)]
pub struct FeedRow {
    pub seq: i64,
    #[sqlx(flatten)]
    pub job: JobRow,
}

/// The jobs open at `now` whose `seq` comes after `after`, in `seq` order, at most `limit`: one
/// walk along the primary key from where the last page stopped, never an offset.
#[tracing::instrument(skip_all)]
pub async fn open_after(db: &Db, now: i64, after: i64, limit: i64) -> Result<Vec<FeedRow>, sqlx::Error> {
    let sql = format!(
        "SELECT j.seq AS seq, {JOB_COLUMNS} FROM jobs j JOIN categories c ON c.id = j.category_id \
         WHERE j.seq > $2 AND {LISTED} AND {} ORDER BY j.seq LIMIT {limit}",
        open_at("$1")
    );
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(now).bind(after).fetch_all(pool).await)
}
