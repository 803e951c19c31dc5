//! The two migration folders (migrations/sqlite, migrations/postgres) are written side by side; this
//! keeps them from drifting: after every migration both engines hold the same tables, columns and
//! named indexes, apart from the few places where the engines truly differ, listed here.

use std::collections::BTreeSet;

use jobportal::db::Db;

use crate::helpers::TestApp;

/// Where the engines differ on purpose (migration 0004): full-text search is an FTS5 virtual table
/// with its shadow tables on SQLite, and a generated tsvector column with a GIN index on PostgreSQL.
fn engine_specific(item: &str) -> bool {
    let table = item.split('.').next().unwrap_or(item);
    table.starts_with("jobs_fts") || item == "jobs.search" || item == "jobs.jobs_search"
}

async fn shape(db: &Db) -> BTreeSet<String> {
    let rows: Vec<(String, String, String)> = match db {
        Db::Sqlite(pool) => sqlx::query_as(
            "SELECT 'column', m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%' \
             UNION ALL SELECT 'index', tbl_name, name FROM sqlite_master \
             WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%' AND tbl_name NOT LIKE '_sqlx%'",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
        Db::Postgres(pool) => sqlx::query_as(
            "SELECT 'column', table_name::text, column_name::text FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name NOT LIKE '_sqlx%' \
             UNION ALL SELECT 'index', i.tablename::text, i.indexname::text FROM pg_indexes i \
             WHERE i.schemaname = 'public' AND i.tablename NOT LIKE '_sqlx%' \
             AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    rows.into_iter()
        .map(|(kind, table, name)| format!("{kind} {table}.{name}"))
        .filter(|item| !engine_specific(item.split_once(' ').map_or(item.as_str(), |(_, rest)| rest)))
        .collect()
}

#[tokio::test]
#[cfg_attr(not(test_database), ignore = "TEST_DATABASE_URL is not set")]
async fn both_engines_end_their_migrations_with_the_same_tables_columns_and_indexes() {
    let sqlite = TestApp::sqlite(|_| {}).await;
    let postgres = TestApp::postgres(|_| {}).await;
    let (on_sqlite, on_postgres) = (shape(&sqlite.db).await, shape(&postgres.db).await);
    let only_sqlite: Vec<_> = on_sqlite.difference(&on_postgres).collect();
    let only_postgres: Vec<_> = on_postgres.difference(&on_sqlite).collect();
    assert!(on_sqlite.len() > 40, "the query sees the schema: {on_sqlite:?}");
    assert_eq!(
        (only_sqlite, only_postgres),
        (Vec::<&String>::new(), Vec::<&String>::new()),
        "only on SQLite, only on PostgreSQL"
    );
    sqlite.stop().await;
    postgres.stop().await;
}
