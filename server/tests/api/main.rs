//! The one integration-test binary: the real server over HTTP, on SQLite and on PostgreSQL.

mod helpers;

mod abuse;
mod accounts;
mod admin;
mod alerts;
mod applications;
mod architecture;
mod categories;
mod contract;
mod jobs;
mod mail;
mod operation;
mod profiles;
mod recommendations;
mod saved;
mod schema;
mod search;
mod site;
mod storage;
