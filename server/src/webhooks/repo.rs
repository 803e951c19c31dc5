//! The SQL of webhooks: a company's endpoints, the deliveries written in each event's transaction
//! (`enqueue_all`), claimed by one worker at a time in each subject's order, and the delivery log.

use crate::db::{BeginWrite, Db, WriteTx, new_id, now_millis};
use crate::dispatch;
use crate::mail::Mail;
use crate::mail::repo as outbox;

use super::model::{DeliveryRow, DeliveryState, EndpointRow, EventType};

/// The most endpoints one company may register.
pub const MAX_ENDPOINTS: i64 = 10;

/// An endpoint's columns as the settings list them.
const ENDPOINT: &str =
    "id, url, description, events, created_at, disabled_at, disabled_reason, failing_since, previous_until";
/// A delivery's columns as the log lists them.
const DELIVERY: &str =
    "id, event_type, payload, created_at, state, attempts, next_attempt_at, last_attempt_at, last_status, last_error";

/// One event, for the endpoints of the company whose job it concerns that take its type.
pub struct Event<'a> {
    pub kind: EventType,
    /// The job it concerns: its company's endpoints receive it.
    pub job_id: &'a str,
    /// Its subject (an application's or a job's id): one subject's events are delivered in order.
    pub order_key: &'a str,
    /// The body sent: `type`, `timestamp` and `data`.
    pub payload: String,
}

impl<'a> Event<'a> {
    /// An event of `kind` about job `job_id`'s subject `order_key`, with `data` as its body's
    /// `data`, stamped now.
    pub fn new(kind: EventType, job_id: &'a str, order_key: &'a str, data: serde_json::Value) -> Self {
        let payload = serde_json::json!({
            "type": kind.as_str(),
            "timestamp": crate::db::rfc3339_from_millis(now_millis()),
            "data": data,
        });
        Self { kind, job_id, order_key, payload: payload.to_string() }
    }

    /// A job's event: posted, closed or deleted; `data` beside its `jobId`.
    pub fn of_job(kind: EventType, job_id: &'a str, mut data: serde_json::Value) -> Self {
        data["jobId"] = job_id.into();
        Self::new(kind, job_id, job_id, data)
    }

    /// A job stopped taking applications, and why: `closed` by hand, or `filled` by the hire that
    /// took its last position.
    pub fn job_closed(job_id: &'a str, why: &str) -> Self {
        Self::of_job(EventType::JobClosed, job_id, serde_json::json!({ "reason": why }))
    }
}

/// Writes a delivery of each event to each endpoint that takes it, in the events' open
/// transaction, in one statement however many there are; nothing when no endpoint takes them.
#[tracing::instrument(skip_all)]
pub async fn enqueue_all<DB>(tx: &mut WriteTx<DB>, events: &[Event<'_>]) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    if events.is_empty() {
        return Ok(());
    }
    // Each delivery's id is its event's prefix and the endpoint's id; `$1` is the time.
    let sql = format!(
        "WITH v (prefix, event_type, payload, order_key, job_id, pattern) AS (VALUES {}) \
         INSERT INTO webhook_deliveries (id, endpoint_id, event_type, payload, order_key, created_at, state, \
         next_attempt_at) \
         SELECT v.prefix || e.id, e.id, v.event_type, v.payload, v.order_key, $1, 'pending', $1 \
         FROM v JOIN jobs j ON j.id = v.job_id JOIN webhook_endpoints e ON e.company_id = j.company_id \
         WHERE e.disabled_at IS NULL AND (',' || e.events || ',') LIKE v.pattern",
        crate::db::rows(events.len(), 6, 2)
    );
    let prefixes: Vec<String> = events.iter().map(|_| format!("msg_{}_", new_id())).collect();
    let patterns: Vec<String> = events.iter().map(|event| format!("%,{},%", event.kind.as_str())).collect();
    let mut insert = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(now_millis());
    for ((event, prefix), pattern) in events.iter().zip(&prefixes).zip(&patterns) {
        insert = insert
            .bind(prefix.as_str())
            .bind(event.kind.as_str())
            .bind(event.payload.as_str())
            .bind(event.order_key)
            .bind(event.job_id)
            .bind(pattern.as_str());
    }
    insert.execute(&mut **tx).await.map(|_| ())
}

/// The company's endpoints, the first made first.
#[tracing::instrument(skip_all)]
pub async fn endpoints(db: &Db, company_id: &str) -> Result<Vec<EndpointRow>, sqlx::Error> {
    let sql = format!("SELECT {ENDPOINT} FROM webhook_endpoints WHERE company_id = $1 ORDER BY created_at, id");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(company_id).fetch_all(pool).await)
}

/// One of the company's endpoints.
#[tracing::instrument(skip_all)]
pub async fn endpoint(db: &Db, company_id: &str, id: &str) -> Result<Option<EndpointRow>, sqlx::Error> {
    let sql = format!("SELECT {ENDPOINT} FROM webhook_endpoints WHERE id = $1 AND company_id = $2");
    dispatch!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(id).bind(company_id).fetch_optional(pool).await)
}

pub struct NewEndpoint<'a> {
    pub company_id: &'a str,
    pub url: &'a str,
    pub description: &'a str,
    pub events: &'a str,
    pub secret: &'a str,
}

/// Registers an endpoint; `None` when the company has `MAX_ENDPOINTS` already.
#[tracing::instrument(skip_all)]
pub async fn create(db: &Db, endpoint: &NewEndpoint<'_>) -> Result<Option<EndpointRow>, sqlx::Error> {
    const COUNT: &str = "SELECT CAST(COUNT(*) AS BIGINT) FROM webhook_endpoints WHERE company_id = $1";
    let insert = format!(
        "INSERT INTO webhook_endpoints (id, company_id, url, description, events, secret, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING {ENDPOINT}"
    );
    let id = new_id();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let (held,): (i64,) = sqlx::query_as(COUNT).bind(endpoint.company_id).fetch_one(&mut *tx).await?;
        if held >= MAX_ENDPOINTS {
            return Ok(None);
        }
        let row: EndpointRow = sqlx::query_as(sqlx::AssertSqlSafe(insert.as_str()))
            .bind(id.as_str())
            .bind(endpoint.company_id)
            .bind(endpoint.url)
            .bind(endpoint.description)
            .bind(endpoint.events)
            .bind(endpoint.secret)
            .bind(now_millis())
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(row))
    })
}

/// A change to an endpoint: what is `None` stays; `enabled` turns it on (clearing its failures) or
/// off (its pending deliveries fail).
pub struct EndpointChange<'a> {
    pub url: Option<&'a str>,
    pub description: Option<&'a str>,
    pub events: Option<&'a str>,
    pub enabled: Option<bool>,
}

/// Why a person turned an endpoint off.
pub const TURNED_OFF: &str = "Turned off by a member of the company";
/// The error a delivery shows when its endpoint was turned off before it was delivered.
pub const ENDPOINT_OFF: &str = "Its endpoint was turned off";

#[tracing::instrument(skip_all)]
pub async fn update(
    db: &Db,
    company_id: &str,
    id: &str,
    change: &EndpointChange<'_>,
) -> Result<Option<EndpointRow>, sqlx::Error> {
    let sql = format!(
        "UPDATE webhook_endpoints SET url = COALESCE($3, url), description = COALESCE($4, description), \
         events = COALESCE($5, events), \
         disabled_at = CASE WHEN $6 = 1 THEN NULL WHEN $6 = 0 THEN COALESCE(disabled_at, $7) ELSE disabled_at END, \
         disabled_reason = CASE WHEN $6 = 1 THEN NULL WHEN $6 = 0 THEN COALESCE(disabled_reason, $8) \
         ELSE disabled_reason END, \
         failing_since = CASE WHEN $6 = 1 THEN NULL ELSE failing_since END \
         WHERE id = $1 AND company_id = $2 RETURNING {ENDPOINT}"
    );
    let enabled: i64 = match change.enabled {
        Some(true) => 1,
        Some(false) => 0,
        None => -1,
    };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let row: Option<EndpointRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
            .bind(id)
            .bind(company_id)
            .bind(change.url)
            .bind(change.description)
            .bind(change.events)
            .bind(enabled)
            .bind(now_millis())
            .bind(TURNED_OFF)
            .fetch_optional(&mut *tx)
            .await?;
        if row.is_some() && enabled == 0 {
            fail_pending(&mut tx, id, now_millis()).await?;
        }
        tx.commit().await?;
        Ok(row)
    })
}

/// Gives up the endpoint's pending deliveries: it was turned off.
async fn fail_pending<DB>(tx: &mut WriteTx<DB>, endpoint_id: &str, now: i64) -> Result<(), sqlx::Error>
where
    DB: sqlx::Database,
    for<'e> &'e mut DB::Connection: sqlx::Executor<'e, Database = DB>,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
{
    const SQL: &str = "UPDATE webhook_deliveries SET state = 'failed', last_error = $2, next_attempt_at = $3 \
         WHERE endpoint_id = $1 AND state = 'pending'";
    sqlx::query(SQL).bind(endpoint_id).bind(ENDPOINT_OFF).bind(now).execute(&mut **tx).await.map(|_| ())
}

/// Deletes an endpoint with its deliveries; `false` when it is not the company's.
#[tracing::instrument(skip_all)]
pub async fn delete(db: &Db, company_id: &str, id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "DELETE FROM webhook_endpoints WHERE id = $1 AND company_id = $2";
    dispatch!(db, |pool| sqlx::query(SQL).bind(id).bind(company_id).execute(pool).await.map(|d| d.rows_affected() > 0))
}

/// Gives the endpoint a new secret; the one before signs too until `previous_until`.
#[tracing::instrument(skip_all)]
pub async fn rotate(
    db: &Db,
    company_id: &str,
    id: &str,
    secret: &str,
    previous_until: i64,
) -> Result<Option<EndpointRow>, sqlx::Error> {
    let sql = format!(
        "UPDATE webhook_endpoints SET previous_secret = secret, previous_until = $3, secret = $4 \
         WHERE id = $1 AND company_id = $2 RETURNING {ENDPOINT}"
    );
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .bind(company_id)
            .bind(previous_until)
            .bind(secret)
            .fetch_optional(pool)
            .await
    })
}

/// The endpoint's deliveries, newest first: `limit` of them, before the one with id `before`
/// when given.
#[tracing::instrument(skip_all)]
pub async fn deliveries(
    db: &Db,
    endpoint_id: &str,
    before: Option<&str>,
    limit: i64,
) -> Result<Vec<DeliveryRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {DELIVERY} FROM webhook_deliveries WHERE endpoint_id = $1 \
         AND ($2 = '' OR (created_at, id) < (SELECT created_at, id FROM webhook_deliveries WHERE id = $2)) \
         ORDER BY created_at DESC, id DESC LIMIT $3"
    );
    let before = before.unwrap_or_default();
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(endpoint_id).bind(before).bind(limit).fetch_all(pool).await
    })
}

/// Queues a delivery of the endpoint again, now, with the same id and body: pending, its attempts
/// counted anew. `None` when it is not the endpoint's.
#[tracing::instrument(skip_all)]
pub async fn redeliver(db: &Db, endpoint_id: &str, id: &str) -> Result<Option<DeliveryRow>, sqlx::Error> {
    let sql = format!(
        "UPDATE webhook_deliveries SET state = 'pending', attempts = 0, next_attempt_at = $3, created_at = $3, \
         last_error = NULL WHERE id = $1 AND endpoint_id = $2 RETURNING {DELIVERY}"
    );
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .bind(endpoint_id)
            .bind(now_millis())
            .fetch_optional(pool)
            .await
    })
}

/// A claimed delivery, with what sending it needs.
#[derive(Debug, sqlx::FromRow)]
pub struct Due {
    pub id: String,
    pub endpoint_id: String,
    pub payload: String,
    pub created_at: i64,
    pub attempts: i64,
    pub url: String,
    pub secret: String,
    pub previous_secret: Option<String>,
    pub previous_until: Option<i64>,
}

/// How many deliveries one claim takes.
const BATCH: i64 = 20;

/// Pending deliveries due at `now` of endpoints that are on, none with an earlier pending delivery
/// of its subject to the same endpoint.
const DUE: &str = "d.state = 'pending' AND d.next_attempt_at <= $1 \
     AND EXISTS (SELECT 1 FROM webhook_endpoints e WHERE e.id = d.endpoint_id AND e.disabled_at IS NULL) \
     AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p WHERE p.endpoint_id = d.endpoint_id \
     AND p.order_key = d.order_key AND p.state = 'pending' \
     AND (p.created_at < d.created_at OR (p.created_at = d.created_at AND p.id < d.id)))";

/// Claims the deliveries due at `now`, at most `BATCH`, the longest waiting first, for this worker
/// until `lease_until`; one another worker claimed first is left to it.
#[tracing::instrument(skip_all)]
pub async fn claim_due(db: &Db, now: i64, lease_until: i64) -> Result<Vec<Due>, sqlx::Error> {
    let claimed: Vec<String> = match db {
        Db::Postgres(pool) => {
            let claim = format!(
                "UPDATE webhook_deliveries AS o SET next_attempt_at = $2 FROM \
                 (SELECT d.id AS due_id FROM webhook_deliveries d WHERE {DUE} ORDER BY d.next_attempt_at LIMIT $3 \
                 FOR UPDATE SKIP LOCKED) AS q WHERE o.id = q.due_id RETURNING o.id"
            );
            sqlx::query_scalar(sqlx::AssertSqlSafe(claim))
                .bind(now)
                .bind(lease_until)
                .bind(BATCH)
                .fetch_all(pool)
                .await?
        }
        Db::Sqlite(pool) => {
            let due = format!(
                "SELECT d.id, d.next_attempt_at FROM webhook_deliveries d WHERE {DUE} ORDER BY d.next_attempt_at LIMIT $2"
            );
            let due: Vec<(String, i64)> =
                sqlx::query_as(sqlx::AssertSqlSafe(due)).bind(now).bind(BATCH).fetch_all(pool).await?;
            if due.is_empty() {
                return Ok(Vec::new());
            }
            // Those another worker claimed first (their time moved) are left out.
            let times: Vec<(&str, i64)> = due.iter().map(|(id, at)| (id.as_str(), *at)).collect();
            crate::db::lease_sqlite(pool, "webhook_deliveries", "state = 'pending'", &times, lease_until).await?
        }
    };
    if claimed.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT d.id, d.endpoint_id, d.payload, d.created_at, d.attempts, e.url, e.secret, e.previous_secret, \
         e.previous_until FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id \
         WHERE d.id IN {} ORDER BY d.created_at, d.id",
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

/// How one attempt went, for the log.
pub struct Attempt<'a> {
    pub id: &'a str,
    pub endpoint_id: &'a str,
    pub at: i64,
    pub status: Option<i64>,
    pub error: Option<&'a str>,
}

/// Records a delivered attempt; the endpoint is failing no more.
#[tracing::instrument(skip_all)]
pub async fn delivered(db: &Db, attempt: &Attempt<'_>) -> Result<(), sqlx::Error> {
    const DELIVERY: &str = "UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, \
         last_attempt_at = $2, last_status = $3, last_error = NULL WHERE id = $1";
    const ENDPOINT: &str = "UPDATE webhook_endpoints SET failing_since = NULL WHERE id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(DELIVERY).bind(attempt.id).bind(attempt.at).bind(attempt.status).execute(&mut *tx).await?;
        sqlx::query(ENDPOINT).bind(attempt.endpoint_id).execute(&mut *tx).await?;
        tx.commit().await
    })
}

/// What became of a failed attempt's endpoint.
pub enum Failed {
    /// Still on.
    Kept,
    /// Turned off: it had failed for `off_after` millis. Its company's owners were e-mailed.
    TurnedOff,
}

/// Records a failed attempt: the delivery waits until `retry_at`, or is given up when `retry_at`
/// is `None`; the endpoint is failing since its first failure after a success, and one failing
/// for `off_after` millis is turned off, its pending deliveries given up and `tell(url)` e-mailed
/// to each owner of its company, in the same transaction.
#[tracing::instrument(skip_all)]
pub async fn failed(
    db: &Db,
    attempt: &Attempt<'_>,
    retry_at: Option<i64>,
    off_after: i64,
    tell: impl Fn(&str, &str) -> Mail,
) -> Result<Failed, sqlx::Error> {
    // One its endpoint's turning off gave up meanwhile stays given up.
    const DELIVERY: &str = "UPDATE webhook_deliveries SET attempts = attempts + 1, last_attempt_at = $2, \
         last_status = $3, last_error = $4, state = $5, next_attempt_at = $6 WHERE id = $1 AND state = 'pending'";
    const FAILING: &str = "UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, $2) WHERE id = $1 \
         RETURNING failing_since";
    const OFF: &str = "UPDATE webhook_endpoints SET disabled_at = $2, disabled_reason = $3 \
         WHERE id = $1 AND disabled_at IS NULL RETURNING url, company_id";
    const OWNERS: &str = "SELECT u.email FROM company_members m JOIN users u ON u.id = m.user_id \
         WHERE m.company_id = $1 AND m.role = 'owner'";
    let state = if retry_at.is_some() { DeliveryState::Pending } else { DeliveryState::Failed };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(DELIVERY)
            .bind(attempt.id)
            .bind(attempt.at)
            .bind(attempt.status)
            .bind(attempt.error)
            .bind(state.as_str())
            .bind(retry_at.unwrap_or(attempt.at))
            .execute(&mut *tx)
            .await?;
        let since: Option<(i64,)> =
            sqlx::query_as(FAILING).bind(attempt.endpoint_id).bind(attempt.at).fetch_optional(&mut *tx).await?;
        let mut outcome = Failed::Kept;
        if since.is_some_and(|(since,)| attempt.at - since >= off_after) {
            let off: Option<(String, String)> = sqlx::query_as(OFF)
                .bind(attempt.endpoint_id)
                .bind(attempt.at)
                .bind(FAILED_FOR_A_DAY)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some((url, company_id)) = off {
                fail_pending(&mut tx, attempt.endpoint_id, attempt.at).await?;
                let owners: Vec<(String,)> =
                    sqlx::query_as(OWNERS).bind(company_id.as_str()).fetch_all(&mut *tx).await?;
                let mails: Vec<Mail> = owners.iter().map(|(email,)| tell(email, &url)).collect();
                outbox::enqueue_all(&mut *tx, &mails.iter().collect::<Vec<_>>()).await?;
                outcome = Failed::TurnedOff;
            }
        }
        tx.commit().await?;
        Ok(outcome)
    })
}

/// Why the worker turned an endpoint off.
pub const FAILED_FOR_A_DAY: &str = "Every delivery failed for a day";
