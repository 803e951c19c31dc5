//! The SQL of pushes: the devices people turned notifications on for, and the push outbox, written
//! in the event's transaction (`enqueue_all`), claimed by one worker at a time, and emptied as each
//! push is sent, found gone or given up.

use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;

use super::model::{DeviceRow, PushKind};

/// A device's columns as Settings lists them.
const DEVICE: &str = "id, label, endpoint, kinds, created_at, last_sent_at";

/// The most devices one person may turn notifications on for.
pub const MAX_DEVICES: i64 = 20;

/// What a push for one person is: its kind and the path a tap opens.
pub struct Push<'a> {
    pub user_id: &'a str,
    pub kind: PushKind,
    pub link: &'a str,
}

/// Writes a push to each of the devices of each push's person that take its kind, through
/// `executor`, the events' open transaction, in one statement.
#[tracing::instrument(skip_all)]
pub async fn enqueue_all<'c, DB>(
    executor: impl sqlx::Executor<'c, Database = DB>,
    pushes: &[Push<'_>],
) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    if pushes.is_empty() {
        return Ok(());
    }
    // Each push's id is its own prefix and the device's id; `$1` is the time, shared by every row.
    let sql = format!(
        "WITH p (prefix, user_id, kind, link, expires_at) AS (VALUES {}) \
         INSERT INTO push_outbox (id, subscription_id, kind, link, created_at, expires_at, next_attempt_at) \
         SELECT p.prefix || s.id, s.id, p.kind, p.link, $1, p.expires_at, $1 \
         FROM p JOIN push_subscriptions s ON s.user_id = p.user_id \
         AND (',' || s.kinds || ',') LIKE ('%,' || p.kind || ',%')",
        crate::db::rows(pushes.len(), 5, 2)
    );
    let now = now_millis();
    let prefixes: Vec<String> = pushes.iter().map(|_| format!("{}:", new_id())).collect();
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now);
    for (push, prefix) in pushes.iter().zip(&prefixes) {
        insert = insert
            .bind(prefix.as_str())
            .bind(push.user_id)
            .bind(push.kind.as_str())
            .bind(push.link)
            .bind(now + push.kind.ttl_secs() * 1000);
    }
    insert.execute(executor).await.map(|_| ())
}

/// The device a browser subscribed: a new one, or the one with this endpoint taken over by this
/// person and login (a browser has one endpoint; what waited for its former person is dropped).
/// `None` when the person already has `MAX_DEVICES` others.
#[allow(clippy::too_many_arguments)]
#[tracing::instrument(skip_all)]
pub async fn subscribe(
    db: &Db,
    user_id: &str,
    session_id: &str,
    endpoint: &str,
    p256dh: &str,
    auth: &str,
    label: &str,
    kinds: &str,
) -> Result<Option<DeviceRow>, sqlx::Error> {
    const OTHERS: &str =
        "SELECT CAST(COUNT(*) AS BIGINT) FROM push_subscriptions WHERE user_id = $1 AND endpoint <> $2";
    const DROP_FORMER: &str = "DELETE FROM push_outbox WHERE subscription_id IN \
         (SELECT id FROM push_subscriptions WHERE endpoint = $1 AND user_id <> $2)";
    let upsert = format!(
        "INSERT INTO push_subscriptions (id, user_id, session_id, endpoint, p256dh, auth, label, kinds, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, session_id = excluded.session_id, \
         p256dh = excluded.p256dh, auth = excluded.auth, label = excluded.label, kinds = excluded.kinds \
         RETURNING {DEVICE}"
    );
    let id = new_id();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let (others,): (i64,) = sqlx::query_as(OTHERS).bind(user_id).bind(endpoint).fetch_one(&mut *tx).await?;
        if others >= MAX_DEVICES {
            return Ok(None);
        }
        sqlx::query(DROP_FORMER).bind(endpoint).bind(user_id).execute(&mut *tx).await?;
        let row: DeviceRow = sqlx::query_as(sqlx::AssertSqlSafe(upsert.as_str()))
            .bind(id.as_str())
            .bind(user_id)
            .bind(session_id)
            .bind(endpoint)
            .bind(p256dh)
            .bind(auth)
            .bind(label)
            .bind(kinds)
            .bind(now_millis())
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(row))
    })
}

/// The person's devices, the newest first.
#[tracing::instrument(skip_all)]
pub async fn devices(db: &Db, user_id: &str) -> Result<Vec<DeviceRow>, sqlx::Error> {
    let sql = format!("SELECT {DEVICE} FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(user_id).fetch_all(pool).await)
}

/// Changes the label and kinds of one of the person's devices; `None` when it is not theirs.
#[tracing::instrument(skip_all)]
pub async fn update(
    db: &Db,
    user_id: &str,
    id: &str,
    label: Option<&str>,
    kinds: Option<&str>,
) -> Result<Option<DeviceRow>, sqlx::Error> {
    let sql = format!(
        "UPDATE push_subscriptions SET label = COALESCE($1, label), kinds = COALESCE($2, kinds) \
         WHERE id = $3 AND user_id = $4 RETURNING {DEVICE}"
    );
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let row = sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(label)
            .bind(kinds)
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(row)
    })
}

/// Removes one of the person's devices and what waits for it; false when it is not theirs.
#[tracing::instrument(skip_all)]
pub async fn remove(db: &Db, user_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    const PENDING: &str = "DELETE FROM push_outbox WHERE subscription_id IN (SELECT id FROM push_subscriptions WHERE id = $1 AND user_id = $2)";
    const DEVICE: &str = "DELETE FROM push_subscriptions WHERE id = $1 AND user_id = $2";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(PENDING).bind(id).bind(user_id).execute(&mut *tx).await?;
        let removed = sqlx::query(DEVICE).bind(id).bind(user_id).execute(&mut *tx).await?.rows_affected() == 1;
        tx.commit().await?;
        Ok(removed)
    })
}

/// A push waiting to go, with its device's address and keys.
#[derive(Debug, sqlx::FromRow)]
pub struct Due {
    pub id: String,
    pub kind: String,
    pub link: String,
    pub expires_at: i64,
    pub attempts: i64,
    pub subscription_id: String,
    pub endpoint: String,
    pub p256dh: String,
    pub auth: String,
}

/// Pushes the worker claims at a time.
const BATCH: i64 = 20;

/// Claims the pushes due at `now`, at most `BATCH`, the longest waiting first, for this worker
/// until `lease_until`; one another worker claimed first is left to it.
#[tracing::instrument(skip_all)]
pub async fn claim_due(db: &Db, now: i64, lease_until: i64) -> Result<Vec<Due>, sqlx::Error> {
    let claimed: Vec<String> = match db {
        Db::Postgres(pool) => {
            const CLAIM: &str = "UPDATE push_outbox AS o SET next_attempt_at = $2 FROM \
                 (SELECT id AS due_id FROM push_outbox WHERE next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $3 \
                 FOR UPDATE SKIP LOCKED) AS d WHERE o.id = d.due_id RETURNING o.id";
            sqlx::query_scalar(CLAIM).bind(now).bind(lease_until).bind(BATCH).fetch_all(pool).await?
        }
        Db::Sqlite(pool) => {
            const DUE: &str = "SELECT id, next_attempt_at FROM push_outbox WHERE next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2";
            let due: Vec<(String, i64)> = sqlx::query_as(DUE).bind(now).bind(BATCH).fetch_all(pool).await?;
            if due.is_empty() {
                return Ok(Vec::new());
            }
            // Those another worker claimed first (their time moved) or that went meanwhile are left out.
            let times: Vec<(&str, i64)> = due.iter().map(|(id, at)| (id.as_str(), *at)).collect();
            crate::db::lease_sqlite(pool, "push_outbox", "1 = 1", &times, lease_until).await?
        }
    };
    if claimed.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT o.id, o.kind, o.link, o.expires_at, o.attempts, s.id AS subscription_id, s.endpoint, s.p256dh, s.auth \
         FROM push_outbox o JOIN push_subscriptions s ON s.id = o.subscription_id WHERE o.id IN {} \
         ORDER BY o.created_at, o.id",
        crate::db::rows(1, claimed.len(), 1)
    );
    dispatch!(db, |pool| {
        let mut read = sqlx::query_as(sqlx::AssertSqlSafe(sql));
        for id in &claimed {
            read = read.bind(id.as_str());
        }
        read.fetch_all(pool).await
    })
}

/// Removes pushes that reached their push service, and notes when each device last got one.
#[tracing::instrument(skip_all)]
pub async fn sent(db: &Db, pushes: &[&Due]) -> Result<(), sqlx::Error> {
    if pushes.is_empty() {
        return Ok(());
    }
    let delete = format!("DELETE FROM push_outbox WHERE id IN {}", crate::db::rows(1, pushes.len(), 1));
    let noted =
        format!("UPDATE push_subscriptions SET last_sent_at = $1 WHERE id IN {}", crate::db::rows(1, pushes.len(), 2));
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let mut deleting = sqlx::query(sqlx::AssertSqlSafe(delete));
        let mut noting = sqlx::query(sqlx::AssertSqlSafe(noted)).bind(now);
        for push in pushes {
            deleting = deleting.bind(push.id.as_str());
            noting = noting.bind(push.subscription_id.as_str());
        }
        deleting.execute(&mut *tx).await?;
        noting.execute(&mut *tx).await?;
        tx.commit().await
    })
}

/// Removes a device its push service says is gone, and everything waiting for it.
#[tracing::instrument(skip_all)]
pub async fn gone(db: &Db, subscription_id: &str) -> Result<(), sqlx::Error> {
    const PENDING: &str = "DELETE FROM push_outbox WHERE subscription_id = $1";
    const DEVICE: &str = "DELETE FROM push_subscriptions WHERE id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(PENDING).bind(subscription_id).execute(&mut *tx).await?;
        sqlx::query(DEVICE).bind(subscription_id).execute(&mut *tx).await?;
        tx.commit().await
    })
}

/// Counts a failed try of a push, and when to try again.
#[tracing::instrument(skip_all)]
pub async fn retry(db: &Db, id: &str, retry_at: i64) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE push_outbox SET attempts = attempts + 1, next_attempt_at = $1 WHERE id = $2";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(SQL).bind(retry_at).bind(id).execute(&mut *tx).await?;
        tx.commit().await
    })
}

/// Gives a push up.
#[tracing::instrument(skip_all)]
pub async fn give_up(db: &Db, id: &str) -> Result<(), sqlx::Error> {
    const SQL: &str = "DELETE FROM push_outbox WHERE id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(SQL).bind(id).execute(&mut *tx).await?;
        tx.commit().await
    })
}
