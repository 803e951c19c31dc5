//! `jobportal backup` and `jobportal restore` (docs/operations.md#backup-and-restore).
//!
//! A backup is a directory: `jobportal.db`, a consistent copy of the SQLite database taken with
//! `VACUUM INTO` (one read transaction, so it is the database as of one moment, while the server
//! goes on serving and writing), `resumes/` (the files of a directory store, copied after the
//! database, so every resume the copy names was there to copy unless it was replaced meanwhile),
//! and `BACKUP.txt` saying what it holds. The search index is never backed up: it is rebuilt from
//! the database. PostgreSQL and S3 have their own tools (pg_dump, bucket versioning), which this
//! command names instead of imitating.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::ConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;

use crate::config::{Config, DatabaseUrl};
use crate::db::now_millis;
use crate::jobs::model::rfc3339_from_millis;

mod repo;

/// The database's file in a backup.
pub const DATABASE_FILE: &str = "jobportal.db";
/// The resumes' directory in a backup.
pub const RESUMES_DIR: &str = "resumes";
/// What a backup holds, for a person.
pub const MANIFEST: &str = "BACKUP.txt";

#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error(
        "the database is PostgreSQL: back it up with pg_dump (pg_dump --format=custom --file=jobportal.dump \"$DATABASE_URL\") \
         and restore it with pg_restore into an empty database; see docs/operations.md#backup-and-restore"
    )]
    Postgres,
    #[error(
        "resumes are kept in S3 (STORAGE_URL={0}): keep them with the bucket's versioning or replication, not with this \
         command; see docs/operations.md#backup-and-restore"
    )]
    Bucket(String),
    #[error("{0} already exists; back up into a new directory")]
    TargetExists(String),
    #[error("{0} holds no backup ({DATABASE_FILE} is missing)")]
    NoBackup(String),
    #[error("restore into an empty DATA_DIR: {0} already exists")]
    NotEmpty(String),
    #[error("the copied database fails its integrity check: {0}")]
    Corrupt(String),
    #[error("{path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("the database: {0}")]
    Database(#[from] sqlx::Error),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |source| BackupError::Io { path: path.display().to_string(), source }
}

/// What a backup copied.
#[derive(Debug)]
pub struct Copied {
    pub database_bytes: u64,
    pub resumes: u64,
    /// Resumes the copied database names that were not in the store when copied (replaced or
    /// deleted while the backup ran).
    pub resumes_missing: u64,
}

/// The resumes' directory when the store is one (`None` for S3).
fn resumes_dir(config: &Config) -> Result<PathBuf, BackupError> {
    match config.storage_url.as_deref() {
        None => Ok(config.data_dir.join("resumes")),
        Some(url) if url.starts_with("s3://") => Err(BackupError::Bucket(url.to_string())),
        Some(url) => Ok(PathBuf::from(url.strip_prefix("file://").unwrap_or(url))),
    }
}

/// The SQLite database's file, from its URL.
fn database_file(url: &str) -> Result<PathBuf, BackupError> {
    Ok(SqliteConnectOptions::from_str(url)?.get_filename().to_path_buf())
}

/// Copies the database and the resumes into `to`, a directory that must not exist yet, while the
/// server may be running and writing.
pub async fn backup(config: &Config, to: &Path) -> Result<Copied, BackupError> {
    let DatabaseUrl::Sqlite(url) = &config.database else { return Err(BackupError::Postgres) };
    let resumes = resumes_dir(config)?;
    if to.exists() {
        return Err(BackupError::TargetExists(to.display().to_string()));
    }
    std::fs::create_dir_all(to).map_err(io(to))?;
    let copy = to.join(DATABASE_FILE);
    // A connection of its own, without the server's migrations: the backup copies what is there.
    let mut connection =
        SqliteConnectOptions::from_str(url)?.busy_timeout(std::time::Duration::from_secs(30)).connect().await?;
    let target = copy.to_str().ok_or_else(|| BackupError::NoBackup(copy.display().to_string()))?;
    repo::vacuum_into(&mut connection, target).await?;
    drop(connection);
    let database_bytes = std::fs::metadata(&copy).map_err(io(&copy))?.len();
    integrity(&copy).await?;

    let copied_resumes = to.join(RESUMES_DIR);
    let resumes_copied = copy_tree(&resumes, &copied_resumes)?;
    let resumes_missing = missing_resumes(&copy, &copied_resumes).await?;
    let manifest = format!(
        "jobportal backup\ntaken: {}\nversion: {}\ndatabase: {DATABASE_FILE} (SQLite, {database_bytes} bytes)\n\
         resumes: {RESUMES_DIR}/ ({resumes_copied} files)\nsearch index: not kept; rebuilt from the database at start\n\
         restore: jobportal restore --from <this directory>, into an empty DATA_DIR\n",
        rfc3339_from_millis(now_millis()),
        env!("CARGO_PKG_VERSION"),
    );
    let manifest_path = to.join(MANIFEST);
    std::fs::write(&manifest_path, manifest).map_err(io(&manifest_path))?;
    Ok(Copied { database_bytes, resumes: resumes_copied, resumes_missing })
}

/// Restores the backup in `from` into the configured database file and resumes directory, which
/// must not exist yet (or be empty); the search index is built when the server starts.
pub async fn restore(config: &Config, from: &Path) -> Result<Copied, BackupError> {
    let DatabaseUrl::Sqlite(url) = &config.database else { return Err(BackupError::Postgres) };
    let resumes = resumes_dir(config)?;
    let source = from.join(DATABASE_FILE);
    if !source.is_file() {
        return Err(BackupError::NoBackup(from.display().to_string()));
    }
    let target = database_file(url)?;
    for taken in [target.clone(), target.with_extension("db-wal")] {
        if taken.exists() {
            return Err(BackupError::NotEmpty(taken.display().to_string()));
        }
    }
    if std::fs::read_dir(&resumes).is_ok_and(|mut entries| entries.next().is_some()) {
        return Err(BackupError::NotEmpty(resumes.display().to_string()));
    }
    integrity(&source).await?;
    if let Some(parent) = target.parent() {
        std::fs::create_dir_all(parent).map_err(io(parent))?;
    }
    // Copied beside its place and renamed into it, so a restore cut short leaves no database.
    let partial = target.with_extension("db.restoring");
    std::fs::copy(&source, &partial).map_err(io(&partial))?;
    std::fs::rename(&partial, &target).map_err(io(&target))?;
    let resumes_copied = copy_tree(&from.join(RESUMES_DIR), &resumes)?;
    let database_bytes = std::fs::metadata(&target).map_err(io(&target))?.len();
    let resumes_missing = missing_resumes(&target, &resumes).await?;
    Ok(Copied { database_bytes, resumes: resumes_copied, resumes_missing })
}

/// `PRAGMA integrity_check` on the database file at `path`.
pub async fn integrity(path: &Path) -> Result<(), BackupError> {
    let mut connection = SqliteConnectOptions::new().filename(path).read_only(true).connect().await?;
    let rows = repo::integrity_check(&mut connection).await?;
    if rows.len() == 1 && rows[0].0 == "ok" {
        Ok(())
    } else {
        Err(BackupError::Corrupt(rows.into_iter().map(|(line,)| line).collect::<Vec<_>>().join("; ")))
    }
}

/// Copies the files under `from` into `to` (made as needed); a missing `from` copies nothing.
fn copy_tree(from: &Path, to: &Path) -> Result<u64, BackupError> {
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => return Ok(0),
        Err(error) => return Err(io(from)(error)),
    };
    std::fs::create_dir_all(to).map_err(io(to))?;
    let mut copied = 0;
    for entry in entries {
        let entry = entry.map_err(io(from))?;
        let (source, target) = (entry.path(), to.join(entry.file_name()));
        let kind = entry.file_type().map_err(io(&source))?;
        if kind.is_dir() {
            copied += copy_tree(&source, &target)?;
        } else if kind.is_file() {
            // A file removed since the listing (a replaced resume) is skipped, not an error.
            match std::fs::copy(&source, &target) {
                Ok(_) => copied += 1,
                Err(error) if error.kind() == std::io::ErrorKind::NotFound => {}
                Err(error) => return Err(io(&source)(error)),
            }
        }
    }
    Ok(copied)
}

/// How many resumes the database at `database` names that `resumes` does not hold.
async fn missing_resumes(database: &Path, resumes: &Path) -> Result<u64, BackupError> {
    let mut connection = SqliteConnectOptions::new().filename(database).read_only(true).connect().await?;
    let keys = repo::resume_keys(&mut connection).await?;
    Ok(keys.iter().filter(|(key,)| !resumes.join(key).is_file()).count() as u64)
}
