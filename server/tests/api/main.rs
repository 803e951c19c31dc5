//! The one integration-test binary: the real server over HTTP, on SQLite and on PostgreSQL.

mod helpers;

mod categories;
mod jobs;
mod operation;
