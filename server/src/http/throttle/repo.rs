//! The shared limits' SQL (PostgreSQL): each key's hits in its window, in `limit_hits`.

/// Takes a slot of a shared limit (PostgreSQL): appends `now` to the key's hits in the window,
/// unless `limit` of them are already there, in one statement (the row lock orders two attempts
/// at once, and the condition is read again on the row each finds). `None` when the slot was
/// taken; else the hits in the window, oldest first.
#[tracing::instrument(skip_all)]
pub async fn take_limit_slot(
    pool: &sqlx::PgPool,
    key: &str,
    now: i64,
    window: i64,
    limit: i64,
) -> Result<Option<Vec<i64>>, sqlx::Error> {
    const TAKE: &str = "INSERT INTO limit_hits AS l (key, hits, expires_at) VALUES ($1, ARRAY[$2::BIGINT], $2 + $3) \
         ON CONFLICT (key) DO UPDATE \
         SET hits = ARRAY(SELECT h FROM unnest(l.hits) AS h WHERE h > $2 - $3 ORDER BY h) || $2::BIGINT, \
             expires_at = $2 + $3 \
         WHERE (SELECT COUNT(*) FROM unnest(l.hits) AS h WHERE h > $2 - $3) < $4 \
         RETURNING 1";
    const HITS: &str = "SELECT ARRAY(SELECT h FROM unnest(hits) AS h WHERE h > $2 - $3 ORDER BY h) \
         FROM limit_hits WHERE key = $1";
    let taken: Option<(i32,)> =
        sqlx::query_as(TAKE).bind(key).bind(now).bind(window).bind(limit).fetch_optional(pool).await?;
    if taken.is_some() {
        return Ok(None);
    }
    let hits: Option<(Vec<i64>,)> = sqlx::query_as(HITS).bind(key).bind(now).bind(window).fetch_optional(pool).await?;
    Ok(Some(hits.map(|(hits,)| hits).unwrap_or_default()))
}

/// Gives back the newest hit of a shared limit's key.
#[tracing::instrument(skip_all)]
pub async fn refund_limit_slot(pool: &sqlx::PgPool, key: &str) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE limit_hits SET hits = hits[1:cardinality(hits) - 1] WHERE key = $1";
    sqlx::query(SQL).bind(key).execute(pool).await.map(|_| ())
}

/// Forgets a shared limit's key (a right password clears its failures).
#[tracing::instrument(skip_all)]
pub async fn clear_limit(pool: &sqlx::PgPool, key: &str) -> Result<(), sqlx::Error> {
    const SQL: &str = "DELETE FROM limit_hits WHERE key = $1";
    sqlx::query(SQL).bind(key).execute(pool).await.map(|_| ())
}

/// Removes the shared limits whose every hit has left its window.
#[tracing::instrument(skip_all)]
pub async fn sweep_limits(pool: &sqlx::PgPool, now: i64) -> Result<(), sqlx::Error> {
    const SQL: &str = "DELETE FROM limit_hits WHERE expires_at <= $1";
    sqlx::query(SQL).bind(now).execute(pool).await.map(|_| ())
}
