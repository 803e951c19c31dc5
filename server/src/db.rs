//! The two engines behind one concrete type. Handlers and repositories share SQL text written
//! with `$N` placeholders; `dispatch!` runs it on whichever pool is configured.

use std::future::Future;
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{ConnectOptions, Connection, PgPool, SqlitePool};

use crate::config::DatabaseUrl;

#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Reads an enum stored as its text on either engine, through its `parse` (a value this server
/// never writes is a decode error, not a guess); it is written with `.bind(value.as_str())`.
#[macro_export]
macro_rules! text_column {
    ($type:ty) => {
        impl<DB: sqlx::Database> sqlx::Type<DB> for $type
        where
            str: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <str as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <str as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $type
        where
            &'r str: sqlx::Decode<'r, DB>,
        {
            fn decode(value: <DB as sqlx::Database>::ValueRef<'r>) -> Result<Self, sqlx::error::BoxDynError> {
                let text = <&'r str as sqlx::Decode<'r, DB>>::decode(value)?;
                <$type>::parse(text).ok_or_else(|| format!("{} cannot be {text:?}", stringify!($type)).into())
            }
        }
    };
}

/// Runs `$body` with `$pool` bound to the configured pool, whichever engine it is.
#[macro_export]
macro_rules! dispatch {
    ($db:expr, |$pool:ident| $body:expr) => {
        match $db {
            $crate::db::Db::Sqlite($pool) => $body,
            $crate::db::Db::Postgres($pool) => $body,
        }
    };
}

/// How long a request waits for a connection before it is told the database is unavailable.
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(3);

/// PostgreSQL plans each run of the outbox's statements for the table as it is then: a few small
/// statements a second over a table that grows fast. Otherwise after five runs it keeps one plan
/// made for the table as it was, and a plan made while the outbox was empty walks every message
/// it ever held (BENCHMARKS.md). Planning again costs a fraction of a millisecond.
const CUSTOM_PLANS: (&str, &str) = ("plan_cache_mode", "force_custom_plan");

/// Statements `Db::one_connection` keeps prepared: a group writer's handful of statements for each
/// of its 64 sizes, with room to spare.
const ONE_CONNECTION_STATEMENTS: usize = 512;

/// How often SQLite's log (WAL) is copied back into the database file (a look at an unchanged
/// log costs next to nothing).
const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// Copies SQLite's log back into the database file (a checkpoint) every `CHECKPOINT_EVERY` until
/// `pool` closes, on a connection of its own (so it never waits for one behind the readers). No
/// connection checkpoints when it commits (`wal_autocheckpoint=0`): with SQLite's default, the
/// commit that took the log past 1,000 pages copied them all and synced the file before its
/// writer could go on, every few groups of applications, while every other writer waited for its
/// turn (BENCHMARKS.md). Here no writer waits: a checkpoint that cannot finish (a reader
/// still on older pages, a writer meanwhile) copies what it can and the next goes on. Durability
/// is unchanged: every commit is in the log, synced, before it is acknowledged
/// (docs/operations.md#durability).
async fn checkpoints(pool: SqlitePool) {
    let own = lazy_one::<sqlx::Sqlite>((*pool.connect_options()).clone());
    let mut tick = tokio::time::interval(CHECKPOINT_EVERY);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    while !pool.is_closed() {
        tick.tick().await;
        // PASSIVE: copies what it can without waiting for any reader or writer.
        if let Err(error) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&own).await {
            tracing::warn!(%error, "the database's log could not be copied back into it");
        }
    }
    own.close().await;
}

/// A pool of one connection with `options`, opened when first used.
fn lazy_one<DB: sqlx::Database>(options: <DB::Connection as sqlx::Connection>::Options) -> sqlx::Pool<DB> {
    lazy(1, options)
}

/// A pool of up to `connections` connections with `options`, each opened when first needed.
fn lazy<DB: sqlx::Database>(
    connections: u32,
    options: <DB::Connection as sqlx::Connection>::Options,
) -> sqlx::Pool<DB> {
    sqlx::pool::PoolOptions::<DB>::new()
        .max_connections(connections)
        .acquire_timeout(ACQUIRE_TIMEOUT)
        .connect_lazy_with(options)
}

impl Db {
    pub async fn connect(url: &DatabaseUrl) -> Result<Self, sqlx::Error> {
        match url {
            DatabaseUrl::Sqlite(url) => {
                let options = SqliteConnectOptions::from_str(url)?
                    .create_if_missing(true)
                    .journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Full)
                    .foreign_keys(true)
                    .busy_timeout(Duration::from_secs(5))
                    .pragma("wal_autocheckpoint", "0");
                // The first connection opens outside the pool, so the pool's few seconds for a
                // connection do not bound it: after a crash, SQLite reads the whole log back before
                // the database can be read (recovery), which at a million jobs took longer than the
                // pool waits. Its first read is where SQLite recovers; the pool opens after it.
                let mut first = options.connect().await?;
                sqlx::query("SELECT 1 FROM sqlite_schema LIMIT 1").execute(&mut first).await?;
                let pool = SqlitePoolOptions::new()
                    .max_connections(8)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(options)
                    .await?;
                first.close().await?;
                tokio::spawn(checkpoints(pool.clone()));
                Ok(Self::Sqlite(pool))
            }
            DatabaseUrl::Postgres(url) => {
                let options = PgConnectOptions::from_str(url)?;
                let pool = PgPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(ACQUIRE_TIMEOUT)
                    .connect_with(options)
                    .await?;
                Ok(Self::Postgres(pool))
            }
        }
    }

    /// A pool of one connection to the same database, opened when first used, for a writer that
    /// should not wait behind the readers for a connection (the applications' group writer). On
    /// SQLite its transactions take the writers' turn like any other's, and it keeps up to 32 MB
    /// of pages (the readers keep SQLite's default 2 MB each): the index pages every write goes
    /// through stay in memory. It keeps each statement's journal in memory too (`temp_store`): a
    /// group's insert changes a few hundred pages, and past SQLite's 64 kB each page's former
    /// content went to a temporary file first, 8 % of the server's CPU in an application at
    /// 1,000,000 jobs (BENCHMARKS.md). Its statements are prepared once for each size of
    /// group: a group's statements have a row of placeholders per application, up to 64 sizes of
    /// each, which the default cache of 100 statements would keep preparing again.
    pub fn one_connection(&self) -> Self {
        match self {
            Self::Sqlite(pool) => Self::Sqlite(lazy_one(
                (*pool.connect_options())
                    .clone()
                    .pragma("cache_size", "-32768")
                    .pragma("temp_store", "memory")
                    .statement_cache_capacity(ONE_CONNECTION_STATEMENTS),
            )),
            Self::Postgres(pool) => Self::Postgres(lazy_one(
                (*pool.connect_options()).clone().statement_cache_capacity(ONE_CONNECTION_STATEMENTS),
            )),
        }
    }

    /// Whether the pool was closed (`close`): it lends no connection any more.
    pub fn is_closed(&self) -> bool {
        dispatch!(self, |pool| pool.is_closed())
    }

    /// A pool of `connections` connections to the same database, each opened when first needed, for
    /// readers that run one statement after another all day (the job cache's). A pool hands out
    /// its idle connections oldest first, so the server's statements go round all of its sixteen
    /// (PostgreSQL) or eight (SQLite): every one of them keeps its own copy of what it has read, and
    /// on PostgreSQL its own mapping of the shared buffers it has touched. Kept to a few, those
    /// readers stay warm.
    pub fn readers(&self, connections: u32) -> Self {
        match self {
            Self::Sqlite(pool) => Self::Sqlite(lazy(connections, (*pool.connect_options()).clone())),
            Self::Postgres(pool) => Self::Postgres(lazy(connections, (*pool.connect_options()).clone())),
        }
    }

    /// A pool of one connection to the same database, opened when first used, whose commits do not
    /// wait for the disk: SQLite's `synchronous=NORMAL`, PostgreSQL's `synchronous_commit=off`.
    /// For bookkeeping that may be lost in a power cut without losing anything acknowledged: the
    /// outbox's leases and delivery marks (a message whose mark is lost is delivered again, as
    /// after any crash between a delivery and its mark). The next commit that waits for the disk,
    /// any acknowledged change's, makes the ones before it durable too (docs/operations.md#durability).
    pub fn bookkeeping(&self) -> Self {
        match self {
            Self::Sqlite(pool) => {
                Self::Sqlite(lazy_one((*pool.connect_options()).clone().synchronous(SqliteSynchronous::Normal)))
            }
            Self::Postgres(pool) => Self::Postgres(lazy_one(
                (*pool.connect_options()).clone().options([("synchronous_commit", "off"), CUSTOM_PLANS]),
            )),
        }
    }

    /// Applies the migrations embedded in the binary for this engine.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match self {
            Self::Sqlite(pool) => sqlx::migrate!("migrations/sqlite").run(pool).await,
            Self::Postgres(pool) => sqlx::migrate!("migrations/postgres").run(pool).await,
        }
    }

    /// Whether every migration this binary embeds has been applied (an error when the database
    /// does not answer): an instance whose schema is not its own cannot serve correctly.
    pub async fn schema_current(&self) -> Result<bool, sqlx::Error> {
        const APPLIED: &str = "SELECT version FROM _sqlx_migrations WHERE success";
        let (applied, embedded): (Vec<(i64,)>, sqlx::migrate::Migrator) = match self {
            Self::Sqlite(pool) => (sqlx::query_as(APPLIED).fetch_all(pool).await?, sqlx::migrate!("migrations/sqlite")),
            Self::Postgres(pool) => {
                (sqlx::query_as(APPLIED).fetch_all(pool).await?, sqlx::migrate!("migrations/postgres"))
            }
        };
        Ok(embedded.iter().all(|migration| applied.contains(&(migration.version,))))
    }

    /// Whether the database answers a trivial query.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        dispatch!(self, |pool| sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))
    }

    /// Closes the pool. On SQLite the log is first copied back into the database file and emptied
    /// (a `TRUNCATE` checkpoint), so whatever opens the database next has no log to read back,
    /// however much was written: seeding 1,000,000 jobs wrote more than 8 GB of log, which the next
    /// command read back for longer than it waited for a connection.
    ///
    /// The periodic checkpoint (`checkpoints`, on a connection of its own) may be copying at that
    /// moment; SQLite then answers this one busy at once rather than waiting, so it is asked
    /// again, every 10 ms for a second at most.
    pub async fn close(&self) {
        if let Self::Sqlite(pool) = self {
            let mut tries = 0;
            loop {
                tries += 1;
                match sqlx::query_as::<_, (i64, i64, i64)>("PRAGMA wal_checkpoint(TRUNCATE)").fetch_one(pool).await {
                    Ok((0, _, _)) => break,
                    Ok(_) if tries < 100 => tokio::time::sleep(Duration::from_millis(10)).await,
                    Ok(_) => {
                        tracing::warn!("the database's log could not be copied back into it before closing: busy");
                        break;
                    }
                    Err(error) => {
                        tracing::warn!(%error, "the database's log could not be copied back into it before closing");
                        break;
                    }
                }
            }
        }
        dispatch!(self, |pool| pool.close().await)
    }
}

/// A transaction that will write. On SQLite it takes the write lock at `BEGIN IMMEDIATE`: a
/// deferred transaction that reads first cannot upgrade its lock while another connection writes,
/// and fails at once instead of waiting. PostgreSQL's row locks need no such care.
///
/// SQLite has one writer at a time, and a connection that finds the lock taken sleeps in SQLite's
/// busy handler (1 ms, then 2, 5, 10…) before it tries again: under many writers most of their
/// time went to those sleeps and the thread switches around them (BENCHMARKS.md). So the
/// writers of one database file take turns in this process first, in order, each woken as the one
/// before it ends (`WriteTx` holds the turn until it commits or is dropped); SQLite's lock then only
/// waits for writers outside the server (the commands).
pub trait BeginWrite {
    type Database: sqlx::Database;

    fn begin_write(&self) -> impl Future<Output = Result<WriteTx<Self::Database>, sqlx::Error>> + Send;
}

/// A transaction begun by [`BeginWrite`]: used as its connection (`&mut *tx`), ended by `commit`
/// (or undone when dropped), and on SQLite holding the writers' turn until then.
pub struct WriteTx<DB: sqlx::Database> {
    tx: sqlx::Transaction<'static, DB>,
    _turn: Option<tokio::sync::OwnedSemaphorePermit>,
}

impl<DB: sqlx::Database> WriteTx<DB> {
    pub async fn commit(self) -> Result<(), sqlx::Error> {
        self.tx.commit().await
    }
}

impl<DB: sqlx::Database> std::ops::Deref for WriteTx<DB> {
    type Target = DB::Connection;

    fn deref(&self) -> &DB::Connection {
        &self.tx
    }
}

impl<DB: sqlx::Database> std::ops::DerefMut for WriteTx<DB> {
    fn deref_mut(&mut self) -> &mut DB::Connection {
        &mut self.tx
    }
}

/// How long a writer waits for its turn before it is told the database is unavailable, as long as
/// SQLite's own busy timeout.
const TURN_TIMEOUT: Duration = Duration::from_secs(5);

/// The turn of the writers to one SQLite file in this process. A turn nobody holds or waits for is
/// dropped (the map keeps a weak reference), so files opened and closed leave nothing behind.
async fn writers_turn(pool: &SqlitePool) -> Result<tokio::sync::OwnedSemaphorePermit, sqlx::Error> {
    static TURNS: std::sync::LazyLock<
        std::sync::Mutex<std::collections::HashMap<std::path::PathBuf, std::sync::Weak<tokio::sync::Semaphore>>>,
    > = std::sync::LazyLock::new(Default::default);
    let file = pool.connect_options().get_filename().to_path_buf();
    let turn = {
        let mut turns = TURNS.lock().expect("the writers' turns lock");
        match turns.get(&file).and_then(std::sync::Weak::upgrade) {
            Some(turn) => turn,
            None => {
                let turn = std::sync::Arc::new(tokio::sync::Semaphore::new(1));
                turns.retain(|_, turn| turn.strong_count() > 0);
                turns.insert(file, std::sync::Arc::downgrade(&turn));
                turn
            }
        }
    };
    match tokio::time::timeout(TURN_TIMEOUT, turn.acquire_owned()).await {
        Ok(permit) => Ok(permit.expect("the writers' turn is never closed")),
        Err(_) => Err(sqlx::Error::PoolTimedOut),
    }
}

impl BeginWrite for SqlitePool {
    type Database = sqlx::Sqlite;

    async fn begin_write(&self) -> Result<WriteTx<sqlx::Sqlite>, sqlx::Error> {
        // The connection first: a writer that took the turn and then queued behind the readers
        // for a connection would hold every other writer up meanwhile.
        let connection = self.acquire().await?;
        let turn = writers_turn(self).await?;
        let begin = sqlx::SqlSafeStr::into_sql_str("BEGIN IMMEDIATE");
        let tx = sqlx::Transaction::begin(connection, Some(begin)).await?;
        Ok(WriteTx { tx, _turn: Some(turn) })
    }
}

impl BeginWrite for PgPool {
    type Database = sqlx::Postgres;

    async fn begin_write(&self) -> Result<WriteTx<sqlx::Postgres>, sqlx::Error> {
        Ok(WriteTx { tx: self.begin().await?, _turn: None })
    }
}

/// What a [`listen`]er hears.
pub enum Heard<'a> {
    /// A notification on one of its channels.
    Notification { channel: &'a str, payload: &'a str },
    /// The connection dropped (what was sent meanwhile is not heard); it reconnects after 1 s.
    Lost,
    /// Listening again after `Lost`.
    Resumed,
}

/// On PostgreSQL, a task that listens on `channels` on a connection of its own and tells `heard`
/// of each notification, and of a lost connection and its return (it reconnects every second
/// until the pool closes). `None` on SQLite; the error when it cannot listen at all.
pub async fn listen(
    db: &Db,
    channels: &'static [&'static str],
    heard: impl Fn(Heard<'_>) + Send + 'static,
) -> Option<Result<tokio::task::JoinHandle<()>, sqlx::Error>> {
    let Db::Postgres(pool) = db else { return None };
    let listening = move |pool: PgPool| async move {
        let mut listener = sqlx::postgres::PgListener::connect_with(&pool).await?;
        listener.listen_all(channels.iter().copied()).await?;
        Ok::<_, sqlx::Error>(listener)
    };
    let mut listener = match listening(pool.clone()).await {
        Ok(listener) => Some(listener),
        Err(error) => return Some(Err(error)),
    };
    let pool = pool.clone();
    Some(Ok(tokio::spawn(async move {
        loop {
            match &mut listener {
                Some(active) => match active.recv().await {
                    Ok(notification) => {
                        heard(Heard::Notification { channel: notification.channel(), payload: notification.payload() })
                    }
                    Err(error) => {
                        // Dropped at once: it holds one of the pool's connections, which a closing
                        // pool waits for.
                        tracing::warn!(%error, ?channels, "listening failed; trying again in 1 s");
                        listener = None;
                        heard(Heard::Lost);
                    }
                },
                None => {
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    if pool.is_closed() {
                        return;
                    }
                    listener = listening(pool.clone()).await.ok();
                    if listener.is_some() {
                        heard(Heard::Resumed);
                    }
                }
            }
        }
    })))
}

/// `count` rows of `width` placeholders each for a multi-row `VALUES`, numbered from `$first`:
/// `rows(2, 2, 1)` is `($1, $2), ($3, $4)`, and one row is a list for `IN`: `rows(1, 3, 2)` is
/// `($2, $3, $4)`.
pub fn rows(count: usize, width: usize, first: usize) -> String {
    let row = |r: usize| {
        let numbers: Vec<String> = (0..width).map(|c| format!("${}", first + r * width + c)).collect();
        format!("({})", numbers.join(", "))
    };
    (0..count).map(row).collect::<Vec<_>>().join(", ")
}

/// Takes for one worker, until `lease_until`, those of `due` (ids of `table`, each with the
/// `next_attempt_at` it was read at, outside the writers' turn) whose time is still the one read and
/// that still meet `still` (a condition on the row): another worker moved the others first, or they
/// were done meanwhile. One statement in the writers' turn, on SQLite, where a queue's workers
/// (the mail outbox's, the pushes', the webhooks') claim this way; PostgreSQL's use `SKIP LOCKED`.
/// Returns the ids taken.
pub async fn lease_sqlite(
    pool: &SqlitePool,
    table: &str,
    still: &str,
    due: &[(&str, i64)],
    lease_until: i64,
) -> Result<Vec<String>, sqlx::Error> {
    if due.is_empty() {
        return Ok(Vec::new());
    }
    let claim = format!(
        "WITH m (id, next_attempt_at) AS (VALUES {}) \
         UPDATE {table} SET next_attempt_at = $1 WHERE id IN (SELECT id FROM m) AND {still} \
         AND next_attempt_at = (SELECT m.next_attempt_at FROM m WHERE m.id = {table}.id) RETURNING id",
        rows(due.len(), 2, 2)
    );
    let mut tx = pool.begin_write().await?;
    let mut claiming = sqlx::query_scalar(sqlx::AssertSqlSafe(claim)).bind(lease_until);
    for (id, at) in due {
        claiming = claiming.bind(*id).bind(*at);
    }
    let claimed = claiming.fetch_all(&mut *tx).await?;
    tx.commit().await?;
    Ok(claimed)
}

/// A new opaque id: UUID v7, so ids sort by creation time and index pages stay warm.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().simple().to_string()
}

/// Unix milliseconds as an RFC 3339 UTC string (`2026-11-23T00:00:00Z`), the API's form of every
/// timestamp.
pub fn rfc3339_from_millis(millis: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp_nanos(i128::from(millis) * 1_000_000)
        .ok()
        .and_then(|at| at.format(&time::format_description::well_known::Rfc3339).ok())
        .unwrap_or_default()
}

/// The current time as Unix milliseconds, the storage form of every timestamp.
pub fn now_millis() -> i64 {
    let now = time::OffsetDateTime::now_utc();
    (now.unix_timestamp_nanos() / 1_000_000) as i64
}

/// PostgreSQL's statistics of a table the server grows, kept from falling behind it: autovacuum
/// analyzes a table once the rows changed since it last did pass 50 and a tenth of the rows it
/// counted, but it looks only once a minute. Until it does, each connection keeps the plans it
/// made of its statements when the table was empty, and an empty table's every index costs the
/// same: on a freshly created board the check whether an applicant applied already (in the read
/// before the queue) walked all of the applicant's applications for the first minute of traffic
/// (docs/operations.md#applications-written-together). So every
/// `CHECK_EVERY` rows written, the server asks PostgreSQL's counters whether autovacuum's own rule
/// says the table is due, and if so analyzes it (which also has every connection plan its
/// statements again). On SQLite nothing is done: its planner needs no statistics of these tables.
pub struct Statistics {
    db: Option<PgPool>,
    table: &'static str,
    written: std::sync::atomic::AtomicU64,
    next: std::sync::atomic::AtomicU64,
    checking: std::sync::atomic::AtomicBool,
}

/// Rows written between two looks at PostgreSQL's counters.
const CHECK_EVERY: u64 = 500;

/// Whether autovacuum's rule (with its default settings) says a table is due an analysis:
/// `changed` rows since the last, of `counted` (-1 when never analyzed). Never more often than
/// every `CHECK_EVERY` changes.
fn analysis_due(changed: i64, counted: i64) -> bool {
    counted < 0 || changed >= (50 + counted / 10).max(CHECK_EVERY as i64)
}

impl Statistics {
    pub fn new(db: &Db, table: &'static str) -> Self {
        Self {
            db: match db {
                Db::Postgres(pool) => Some(pool.clone()),
                Db::Sqlite(_) => None,
            },
            table,
            written: Default::default(),
            next: CHECK_EVERY.into(),
            checking: Default::default(),
        }
    }

    /// Counts `rows` written to the table; every `CHECK_EVERY` of them, looks at the counters (and
    /// analyzes the table if due) in a task of its own, which it returns, so a test can await it.
    pub fn wrote(self: &std::sync::Arc<Self>, rows: u64) -> Option<tokio::task::JoinHandle<()>> {
        use std::sync::atomic::Ordering::Relaxed;
        let pool = self.db.clone()?;
        let written = self.written.fetch_add(rows, Relaxed) + rows;
        if written < self.next.load(Relaxed) || self.checking.swap(true, Relaxed) {
            return None;
        }
        let statistics = self.clone();
        Some(tokio::spawn(async move {
            if let Err(error) = statistics.check(&pool).await {
                tracing::warn!(%error, table = statistics.table, "the table's statistics could not be brought up to date");
            }
            statistics.next.store(written + CHECK_EVERY, Relaxed);
            statistics.checking.store(false, Relaxed);
        }))
    }

    async fn check(&self, pool: &PgPool) -> Result<(), sqlx::Error> {
        const COUNTERS: &str = "SELECT CAST(s.n_mod_since_analyze AS BIGINT), CAST(c.reltuples AS BIGINT) \
             FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid \
             WHERE s.relid = CAST(CAST($1 AS TEXT) AS regclass)";
        let Some((changed, counted)) =
            sqlx::query_as::<_, (i64, i64)>(COUNTERS).bind(self.table).fetch_optional(pool).await?
        else {
            return Ok(());
        };
        if analysis_due(changed, counted) {
            sqlx::query(sqlx::AssertSqlSafe(format!("ANALYZE {}", self.table))).execute(pool).await?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn rows_number_their_placeholders_in_order_from_the_first() {
        assert_eq!(super::rows(2, 2, 1), "($1, $2), ($3, $4)");
        assert_eq!(super::rows(1, 3, 2), "($2, $3, $4)");
        assert_eq!(super::rows(3, 1, 5), "($5), ($6), ($7)");
    }

    #[test]
    fn a_table_is_analyzed_when_never_analyzed_or_by_autovacuums_rule_but_never_within_500_changes() {
        use super::analysis_due;
        assert!(analysis_due(0, -1));
        assert!(!analysis_due(499, 0));
        assert!(analysis_due(500, 0));
        assert!(!analysis_due(499, 4_000));
        assert!(!analysis_due(99_999, 1_000_000));
        assert!(analysis_due(100_050, 1_000_000));
    }
}
