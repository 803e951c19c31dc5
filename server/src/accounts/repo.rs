//! The accounts' SQL: users, signup codes, sessions, reset links and the hourly rooms of the
//! mail an address may be sent.

use crate::db::{BeginWrite, Db, new_id, now_millis};
use crate::dispatch;
use crate::mail::Mail;
use crate::mail::repo as outbox;

use super::model::{AccountType, Email, UserRow};

const HOUR_MILLIS: i64 = 60 * 60 * 1000;

/// Whether an address had room in its hour for one more e-mail of a kind.
#[derive(Debug, PartialEq, Eq)]
pub enum Room {
    Taken,
    /// It had its number; the next one may go after `retry_after_secs`.
    Full {
        retry_after_secs: u64,
    },
}

pub const FIND_BY_EMAIL: &str =
    "SELECT id, first_name, last_name, email, password_hash, account_type FROM users WHERE lower(email) = $1";

/// The account of an address. `lower(email)` is the indexed expression (addresses are unique
/// ignoring case), so the look-up is an index probe, not a scan of every account.
#[tracing::instrument(skip_all)]
pub async fn find_by_email(db: &Db, email: &Email) -> Result<Option<UserRow>, sqlx::Error> {
    dispatch!(db, |pool| sqlx::query_as::<_, UserRow>(FIND_BY_EMAIL).bind(email.as_str()).fetch_optional(pool).await)
}

#[tracing::instrument(skip_all)]
pub async fn find(db: &Db, id: &str) -> Result<Option<UserRow>, sqlx::Error> {
    const SQL: &str = "SELECT id, first_name, last_name, email, password_hash, account_type FROM users WHERE id = $1";
    dispatch!(db, |pool| sqlx::query_as::<_, UserRow>(SQL).bind(id).fetch_optional(pool).await)
}

/// Whether an admin has suspended the account (it may not log in; its sessions were ended).
#[tracing::instrument(skip_all)]
pub async fn is_suspended(db: &Db, id: &str) -> Result<bool, sqlx::Error> {
    const SQL: &str = "SELECT suspended_at FROM users WHERE id = $1";
    let row: Option<(Option<i64>,)> = dispatch!(db, |pool| sqlx::query_as(SQL).bind(id).fetch_optional(pool).await)?;
    Ok(matches!(row, Some((Some(_),))))
}

pub struct NewUser<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub email: &'a Email,
    pub password_hash: &'a str,
    pub account_type: AccountType,
}

const INSERT_USER: &str = "INSERT INTO users (id, first_name, last_name, email, password_hash, account_type, created_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, first_name, last_name, email, password_hash, account_type";

/// Creates an account directly (the `create-admin` command); signup goes through `signup`.
#[tracing::instrument(skip_all)]
pub async fn insert(db: &Db, user: &NewUser<'_>) -> Result<UserRow, sqlx::Error> {
    let id = new_id();
    dispatch!(db, |pool| insert_user(pool, &id, user, now_millis()).await)
}

/// Inserts `user` as `id` through `executor` (a pool, or a transaction of either engine).
async fn insert_user<'c, DB>(
    executor: impl sqlx::Executor<'c, Database = DB>,
    id: &str,
    user: &NewUser<'_>,
    now: i64,
) -> Result<UserRow, sqlx::Error>
where
    DB: sqlx::Database,
    DB::Arguments: sqlx::IntoArguments<DB>,
    for<'a> &'a str: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    for<'a> i64: sqlx::Encode<'a, DB> + sqlx::Type<DB>,
    UserRow: for<'r> sqlx::FromRow<'r, DB::Row>,
{
    sqlx::query_as::<_, UserRow>(INSERT_USER)
        .bind(id)
        .bind(user.first_name)
        .bind(user.last_name)
        .bind(user.email.as_str())
        .bind(user.password_hash)
        .bind(user.account_type.as_str())
        .bind(now)
        .fetch_one(executor)
        .await
}

/// A signup code to store: only its digest, and how long it may be used.
pub struct NewCode<'a> {
    pub email: &'a Email,
    pub code_hash: &'a str,
    pub lifetime_millis: i64,
}

/// Stores a new signup code for the address (replacing an earlier one) and queues its e-mail, in
/// one transaction, when the address has had fewer than `per_hour` codes this hour. One statement
/// takes the slot (a new window, or one more code in the current one while it has room), so
/// concurrent requests cannot all read the same count.
#[tracing::instrument(skip_all)]
pub async fn store_signup_code(db: &Db, code: &NewCode<'_>, per_hour: i64, mail: &Mail) -> Result<Room, sqlx::Error> {
    const TAKE: &str = "INSERT INTO signup_codes (email, code_hash, expires_at, wrong_attempts, window_started_at, sent_in_window) \
         VALUES ($1, $2, $3, 0, $4, 1) ON CONFLICT (email) DO UPDATE SET code_hash = excluded.code_hash, \
         expires_at = excluded.expires_at, wrong_attempts = 0, \
         window_started_at = CASE WHEN signup_codes.window_started_at <= $5 THEN excluded.window_started_at \
             ELSE signup_codes.window_started_at END, \
         sent_in_window = CASE WHEN signup_codes.window_started_at <= $5 THEN 1 \
             ELSE signup_codes.sent_in_window + 1 END \
         WHERE signup_codes.window_started_at <= $5 OR signup_codes.sent_in_window < $6 \
         RETURNING sent_in_window";
    const WINDOW: &str = "SELECT window_started_at FROM signup_codes WHERE email = $1";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let taken: Option<(i64,)> = sqlx::query_as(TAKE)
            .bind(code.email.as_str())
            .bind(code.code_hash)
            .bind(now + code.lifetime_millis)
            .bind(now)
            .bind(now - HOUR_MILLIS)
            .bind(per_hour)
            .fetch_optional(&mut *tx)
            .await?;
        if taken.is_none() {
            let (window_start,): (i64,) = sqlx::query_as(WINDOW).bind(code.email.as_str()).fetch_one(&mut *tx).await?;
            let wait = (window_start + HOUR_MILLIS - now).max(1000) / 1000;
            return Ok(Room::Full { retry_after_secs: wait as u64 });
        }
        outbox::enqueue(&mut *tx, mail).await?;
        tx.commit().await?;
        Ok(Room::Taken)
    })
}

/// Spends one attempt of the address's code, in one statement: its digest and expiry, or `None`
/// when it has no code or no attempts left (`max_wrong` spent).
#[tracing::instrument(skip_all)]
pub async fn spend_code_attempt(db: &Db, email: &Email, max_wrong: i64) -> Result<Option<(String, i64)>, sqlx::Error> {
    const SQL: &str = "UPDATE signup_codes SET wrong_attempts = wrong_attempts + 1 \
         WHERE email = $1 AND wrong_attempts < $2 RETURNING code_hash, expires_at";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(email.as_str()).bind(max_wrong).fetch_optional(pool).await)
}

#[tracing::instrument(skip_all)]
pub async fn has_signup_code(db: &Db, email: &Email) -> Result<bool, sqlx::Error> {
    const SQL: &str = "SELECT email FROM signup_codes WHERE email = $1";
    let found: Option<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(email.as_str()).fetch_optional(pool).await)?;
    Ok(found.is_some())
}

/// Consumes the address's code (`code_hash`, not expired) and creates the account with its empty
/// profile, in one transaction; `None` when the code was used or expired meanwhile. Consuming the
/// code first makes it single-use even when two signups race with it.
#[tracing::instrument(skip_all)]
pub async fn create_account(db: &Db, code_hash: &str, user: &NewUser<'_>) -> Result<Option<UserRow>, sqlx::Error> {
    const CONSUME: &str = "DELETE FROM signup_codes WHERE email = $1 AND code_hash = $2 AND expires_at > $3";
    let id = new_id();
    let now = now_millis();
    let profile = match user.account_type {
        AccountType::Recruiter => "INSERT INTO recruiter_profiles (user_id) VALUES ($1)",
        _ => "INSERT INTO applicant_profiles (user_id) VALUES ($1)",
    };
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let consumed = sqlx::query(CONSUME)
            .bind(user.email.as_str())
            .bind(code_hash)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if consumed != 1 {
            return Ok(None);
        }
        let row = insert_user(&mut *tx, &id, user, now).await?;
        sqlx::query(profile).bind(&id).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(Some(row))
    })
}

/// The key that signs sessions when `JWT_SECRET` is not set: the one stored in the database, or
/// `candidate` when none is yet. Every instance on the database gets the same one, even two that
/// start at the same instant (the insert does nothing when a key is there, then both read it).
pub async fn signing_secret(db: &Db, candidate: &str) -> Result<String, sqlx::Error> {
    server_secret(db, "jwt", candidate).await
}

/// The server's secret called `name`: the one stored in the database, or `candidate` when none is
/// yet, the same for every instance on the database.
#[tracing::instrument(skip_all)]
pub async fn server_secret(db: &Db, name: &str, candidate: &str) -> Result<String, sqlx::Error> {
    const KEEP: &str =
        "INSERT INTO server_secrets (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING";
    const READ: &str = "SELECT value FROM server_secrets WHERE name = $1";
    let (secret,): (String,) = dispatch!(db, |pool| {
        sqlx::query(KEEP).bind(name).bind(candidate).bind(now_millis()).execute(pool).await?;
        sqlx::query_as(READ).bind(name).fetch_one(pool).await
    })?;
    Ok(secret)
}

/// Opens a session for a newly signed token (`jti`), after removing the user's expired ones.
#[tracing::instrument(skip_all)]
pub async fn open_session(db: &Db, jti: &str, user_id: &str, expires_at: i64, now: i64) -> Result<(), sqlx::Error> {
    const PURGE: &str = "DELETE FROM sessions WHERE user_id = $1 AND expires_at <= $2";
    const SQL: &str = "INSERT INTO sessions (jti, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)";
    dispatch!(db, |pool| {
        sqlx::query(PURGE).bind(user_id).bind(now).execute(pool).await?;
        sqlx::query(SQL).bind(jti).bind(user_id).bind(expires_at).bind(now).execute(pool).await.map(|_| ())
    })
}

/// The id, address and type of the account whose session `jti` is open at `now`, unless the
/// account is suspended.
#[tracing::instrument(skip_all)]
pub async fn session_user(
    db: &Db,
    jti: &str,
    user_id: &str,
    now: i64,
) -> Result<Option<(String, String, AccountType)>, sqlx::Error> {
    // Made once: every authenticated request reads it.
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!("SELECT u.id, u.email, u.account_type FROM {}", session_open("$1", "$2", "$3"))
    });
    dispatch!(db, |pool| {
        sqlx::query_as(sqlx::AssertSqlSafe(SQL.as_str())).bind(jti).bind(user_id).bind(now).fetch_optional(pool).await
    })
}

/// The open session `jti` of the user `user_id` at `now` (placeholders), joined to its user as `u`:
/// not ended, not expired, its account not suspended. `session_user` reads it, and so does applying
/// in its one read.
pub fn session_open(jti: &str, user_id: &str, now: &str) -> String {
    format!(
        "sessions s JOIN users u ON u.id = s.user_id \
         WHERE s.jti = {jti} AND s.user_id = {user_id} AND s.expires_at > {now} AND u.suspended_at IS NULL"
    )
}

/// Ends one session (logout): its token is refused from now on.
#[tracing::instrument(skip_all)]
pub async fn end_session(db: &Db, jti: &str) -> Result<(), sqlx::Error> {
    const SQL: &str = "DELETE FROM sessions WHERE jti = $1";
    dispatch!(db, |pool| sqlx::query(SQL).bind(jti).execute(pool).await.map(|_| ()))
}

/// An API token found by its secret's digest, with its account.
#[derive(Debug, sqlx::FromRow)]
pub struct ApiTokenUser {
    pub id: String,
    pub user_id: String,
    pub email: String,
    pub account_type: AccountType,
    /// Comma-separated.
    pub scopes: String,
    pub last_used_at: Option<i64>,
    pub suspended: bool,
}

/// The unexpired API token whose secret's digest is `hash`, with its account.
#[tracing::instrument(skip_all)]
pub async fn api_token_user(db: &Db, hash: &str, now: i64) -> Result<Option<ApiTokenUser>, sqlx::Error> {
    const SQL: &str = "SELECT t.id, t.user_id, u.email, u.account_type, t.scopes, t.last_used_at, \
         u.suspended_at IS NOT NULL AS suspended \
         FROM api_tokens t JOIN users u ON u.id = t.user_id \
         WHERE t.token_hash = $1 AND (t.expires_at IS NULL OR t.expires_at > $2)";
    dispatch!(db, |pool| sqlx::query_as(SQL).bind(hash).bind(now).fetch_optional(pool).await)
}

/// Records that the token was used at `now`.
#[tracing::instrument(skip_all)]
pub async fn touch_api_token(db: &Db, id: &str, now: i64) -> Result<(), sqlx::Error> {
    const SQL: &str = "UPDATE api_tokens SET last_used_at = $2 WHERE id = $1";
    dispatch!(db, |pool| sqlx::query(SQL).bind(id).bind(now).execute(pool).await.map(|_| ()))
}

/// A password-reset link to store: only its token's digest, and how long it may be used.
pub struct NewReset<'a> {
    pub email: &'a Email,
    pub user_id: &'a str,
    pub token_hash: &'a str,
    pub lifetime_millis: i64,
}

/// Stores a reset link and queues its e-mail, in one transaction, when the address has had fewer
/// than `per_hour` links this hour (counted per address whoever asks); `false` when it had them.
#[tracing::instrument(skip_all)]
pub async fn store_reset_token(db: &Db, reset: &NewReset<'_>, per_hour: i64, mail: &Mail) -> Result<bool, sqlx::Error> {
    const TAKE: &str = "INSERT INTO reset_requests (email, window_started_at, sent_in_window) VALUES ($1, $2, 1) \
         ON CONFLICT (email) DO UPDATE SET \
         window_started_at = CASE WHEN reset_requests.window_started_at <= $3 THEN excluded.window_started_at \
             ELSE reset_requests.window_started_at END, \
         sent_in_window = CASE WHEN reset_requests.window_started_at <= $3 THEN 1 \
             ELSE reset_requests.sent_in_window + 1 END \
         WHERE reset_requests.window_started_at <= $3 OR reset_requests.sent_in_window < $4 \
         RETURNING sent_in_window";
    const INSERT: &str =
        "INSERT INTO password_resets (token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4)";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let taken: Option<(i64,)> = sqlx::query_as(TAKE)
            .bind(reset.email.as_str())
            .bind(now)
            .bind(now - HOUR_MILLIS)
            .bind(per_hour)
            .fetch_optional(&mut *tx)
            .await?;
        if taken.is_none() {
            return Ok(false);
        }
        sqlx::query(INSERT)
            .bind(reset.token_hash)
            .bind(reset.user_id)
            .bind(now + reset.lifetime_millis)
            .bind(now)
            .execute(&mut *tx)
            .await?;
        outbox::enqueue(&mut *tx, mail).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// The account a reset link (by its token's digest) belongs to, while it has not expired.
#[tracing::instrument(skip_all)]
pub async fn reset_token_owner(db: &Db, token_hash: &str) -> Result<Option<String>, sqlx::Error> {
    const SQL: &str = "SELECT user_id FROM password_resets WHERE token_hash = $1 AND expires_at > $2";
    let found: Option<(String,)> =
        dispatch!(db, |pool| sqlx::query_as(SQL).bind(token_hash).bind(now_millis()).fetch_optional(pool).await)?;
    Ok(found.map(|(user_id,)| user_id))
}

/// Consumes the reset link and sets the new password; every other reset link and every session
/// of the account end and the notice is queued, in one transaction. `false` when the link was
/// used or expired meanwhile.
#[tracing::instrument(skip_all)]
pub async fn reset_password(
    db: &Db,
    token_hash: &str,
    user_id: &str,
    password_hash: &str,
    mail: &Mail,
) -> Result<bool, sqlx::Error> {
    const CONSUME: &str = "DELETE FROM password_resets WHERE token_hash = $1 AND expires_at > $2";
    const OTHER_TOKENS: &str = "DELETE FROM password_resets WHERE user_id = $1";
    const UPDATE: &str = "UPDATE users SET password_hash = $1 WHERE id = $2";
    const END_SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1";
    let now = now_millis();
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        let consumed = sqlx::query(CONSUME).bind(token_hash).bind(now).execute(&mut *tx).await?.rows_affected();
        if consumed != 1 {
            return Ok(false);
        }
        sqlx::query(OTHER_TOKENS).bind(user_id).execute(&mut *tx).await?;
        sqlx::query(UPDATE).bind(password_hash).bind(user_id).execute(&mut *tx).await?;
        sqlx::query(END_SESSIONS).bind(user_id).execute(&mut *tx).await?;
        outbox::enqueue(&mut *tx, mail).await?;
        tx.commit().await?;
        Ok(true)
    })
}

/// Sets a new password chosen by the signed-in owner: the other sessions end (the one in
/// `keep_jti` goes on), so do reset links mailed before (one must not undo the change), and the
/// notice is queued, in one transaction.
#[tracing::instrument(skip_all)]
pub async fn change_password(
    db: &Db,
    user_id: &str,
    keep_jti: &str,
    password_hash: &str,
    mail: &Mail,
) -> Result<(), sqlx::Error> {
    const UPDATE: &str = "UPDATE users SET password_hash = $1 WHERE id = $2";
    const END_OTHER_SESSIONS: &str = "DELETE FROM sessions WHERE user_id = $1 AND jti <> $2";
    const END_RESET_LINKS: &str = "DELETE FROM password_resets WHERE user_id = $1";
    dispatch!(db, |pool| {
        let mut tx = pool.begin_write().await?;
        sqlx::query(UPDATE).bind(password_hash).bind(user_id).execute(&mut *tx).await?;
        sqlx::query(END_OTHER_SESSIONS).bind(user_id).bind(keep_jti).execute(&mut *tx).await?;
        sqlx::query(END_RESET_LINKS).bind(user_id).execute(&mut *tx).await?;
        outbox::enqueue(&mut *tx, mail).await?;
        tx.commit().await
    })
}
