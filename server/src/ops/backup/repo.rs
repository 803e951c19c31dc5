//! The backup's SQL, on a connection of its own to an SQLite file (the live database or a copy).

use sqlx::SqliteConnection;

/// Writes a consistent copy of the database to the file `target`.
#[tracing::instrument(skip_all)]
pub async fn vacuum_into(connection: &mut SqliteConnection, target: &str) -> Result<(), sqlx::Error> {
    sqlx::query("VACUUM INTO $1").bind(target).execute(connection).await.map(|_| ())
}

/// SQLite's own check of the file: one row, `ok`, when it is sound.
#[tracing::instrument(skip_all)]
pub async fn integrity_check(connection: &mut SqliteConnection) -> Result<Vec<(String,)>, sqlx::Error> {
    sqlx::query_as("PRAGMA integrity_check").fetch_all(connection).await
}

/// The object-store key of every resume the database names.
#[tracing::instrument(skip_all)]
pub async fn resume_keys(connection: &mut SqliteConnection) -> Result<Vec<(String,)>, sqlx::Error> {
    sqlx::query_as("SELECT resume_key FROM applicant_profiles WHERE resume_key IS NOT NULL").fetch_all(connection).await
}
