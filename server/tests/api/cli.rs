//! The server binary's command line: help, version and usage errors come before any setting is
//! read or anything is touched, and `seed-bench` leaves a database with accounts alone.

use std::path::Path;
use std::process::{Command, Output};

use crate::helpers::{TestApp, scratch_dir};
use crate::on_both_engines;

on_both_engines!(
    holds_accounts_is_false_on_a_new_database_and_true_once_one_account_exists,
    the_seed_analyzes_the_tables_it_filled_and_leaves_the_empty_ones_unanalyzed,
);

const PASSWORD: &str = "correct horse battery";

/// Runs the binary with `arguments` and DATA_DIR at `data_dir`, no log, and no standard input.
fn jobportal(arguments: &[&str], data_dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_jobportal"))
        .args(arguments)
        .env("DATA_DIR", data_dir)
        .env("RUST_LOG", "off")
        .env("ADMIN_PASSWORD", PASSWORD)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).unwrap()
}

fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).unwrap()
}

/// A DATA_DIR path whose parent exists but which does not itself, and the parent to remove.
fn missing_data_dir() -> (std::path::PathBuf, std::path::PathBuf) {
    let parent = scratch_dir();
    (parent.join("data"), parent)
}

#[test]
fn help_lists_every_command_and_every_setting() {
    let (data_dir, parent) = missing_data_dir();
    // A bad setting does not hide the help: settings are read after the command line.
    let output = Command::new(env!("CARGO_BIN_EXE_jobportal"))
        .arg("--help")
        .env("DATA_DIR", &data_dir)
        .env("LISTEN_ADDR", "nowhere")
        .env("JWT_SECRET", "a-signing-key-that-help-never-shows")
        .output()
        .expect("the binary runs");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let help = stdout(&output);
    assert!(help.contains("Usage: jobportal [OPTIONS] [COMMAND]"), "{help}");
    assert!(help.contains("[env: JWT_SECRET]") && !help.contains("never-shows"), "a secret is not shown: {help}");
    for command in ["serve", "create-admin", "reindex", "backup", "restore", "seed-bench", "help"] {
        assert!(help.lines().any(|line| line.trim_start().starts_with(&format!("{command} "))), "{command}: {help}");
    }
    assert!(help.contains("(the default when no command is given)"), "{help}");
    for setting in jobportal::config::SETTINGS {
        let flag = format!("--{} <{}>", setting.variable.to_lowercase().replace('_', "-"), setting.variable);
        assert!(help.contains(&flag), "{flag}: {help}");
    }
    assert!(help.contains("[env: DATA_DIR="), "a set variable's value is shown: {help}");
    assert!(help.contains("the environment variable of the same name"), "{help}");
    assert_eq!(stderr(&output), "");
    assert!(!data_dir.exists(), "--help touched DATA_DIR");
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn version_prints_the_name_and_the_crate_version() {
    let (data_dir, parent) = missing_data_dir();
    let output = jobportal(&["--version"], &data_dir);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(stdout(&output), format!("jobportal {}\n", env!("CARGO_PKG_VERSION")));
    let output = jobportal(&["reindex", "--version"], &data_dir);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).ends_with(&format!(" {}\n", env!("CARGO_PKG_VERSION"))), "{}", stdout(&output));
    assert!(!data_dir.exists(), "--version touched DATA_DIR");
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn each_commands_help_lists_its_options_and_touches_nothing() {
    let (data_dir, parent) = missing_data_dir();
    for (command, options) in [
        ("serve", &[][..]),
        ("create-admin", &["--email <ADDRESS>", "--first-name <NAME>", "--last-name <NAME>", "ADMIN_PASSWORD"][..]),
        ("reindex", &["INDEX_DIR"][..]),
        (
            "seed-bench",
            &[
                "--jobs <N>",
                "--recruiters <M>",
                "--applicants <A>",
                "--vocabulary <WORDS>",
                "--force",
                "bench password",
            ][..],
        ),
    ] {
        let output = jobportal(&[command, "--help"], &data_dir);
        assert_eq!(output.status.code(), Some(0), "{command}: {}", stderr(&output));
        let help = stdout(&output);
        assert!(help.contains(&format!("Usage: jobportal {command}")), "{help}");
        for option in options.iter().chain(&["--help", "--version"]) {
            assert!(help.contains(option), "{command} {option}: {help}");
        }
        assert!(!data_dir.exists(), "{command} --help made DATA_DIR");
    }
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn reindex_help_builds_no_index_and_makes_no_directory() {
    let (data_dir, parent) = missing_data_dir();
    let output = jobportal(&["reindex", "--help"], &data_dir);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("Build the search index in INDEX_DIR anew from the database"));
    assert!(!stdout(&output).contains("indexed"), "{}", stdout(&output));
    assert!(!data_dir.exists(), "reindex --help made DATA_DIR");
    assert_eq!(std::fs::read_dir(&parent).unwrap().count(), 0, "reindex --help wrote beside DATA_DIR");
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn an_unknown_command_is_refused_with_the_usage_and_exit_code_2() {
    let (data_dir, parent) = missing_data_dir();
    let output = jobportal(&["frobnicate"], &data_dir);
    assert_eq!(output.status.code(), Some(2));
    assert_eq!(stdout(&output), "");
    let error = stderr(&output);
    assert!(error.starts_with("error: unrecognized subcommand 'frobnicate'\n"), "{error}");
    assert!(error.contains("\nUsage: jobportal [OPTIONS] [COMMAND]\n"), "{error}");
    assert!(!data_dir.exists(), "an unknown command made DATA_DIR");
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn an_unknown_flag_is_refused_with_the_usage_and_exit_code_2() {
    let (data_dir, parent) = missing_data_dir();
    for (arguments, usage) in [
        (&["--frobnicate"][..], "Usage: jobportal [OPTIONS] [COMMAND]"),
        (&["reindex", "--frobnicate"][..], "Usage: jobportal reindex"),
        (&["serve", "--frobnicate"][..], "Usage: jobportal serve"),
    ] {
        let output = jobportal(arguments, &data_dir);
        assert_eq!(output.status.code(), Some(2), "{arguments:?}");
        let error = stderr(&output);
        assert!(error.starts_with("error: unexpected argument '--frobnicate' found\n"), "{error}");
        assert!(error.contains(usage), "{error}");
    }
    assert!(!data_dir.exists(), "an unknown flag made DATA_DIR");
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn create_admin_without_an_email_is_refused_with_exit_code_2() {
    let (data_dir, parent) = missing_data_dir();
    let output = jobportal(&["create-admin", "--first-name", "Root", "--last-name", "Admin"], &data_dir);
    assert_eq!(output.status.code(), Some(2));
    let error = stderr(&output);
    assert!(
        error.starts_with("error: the following required arguments were not provided:\n  --email <ADDRESS>\n"),
        "{error}"
    );
    assert!(
        error.contains("Usage: jobportal create-admin --email <ADDRESS> --first-name <NAME> --last-name <NAME>"),
        "{error}"
    );
    assert!(!data_dir.exists(), "a refused create-admin made DATA_DIR");
    let _ = std::fs::remove_dir_all(parent);
}

#[test]
fn seed_bench_refuses_a_database_with_accounts_unless_forced() {
    let data_dir = scratch_dir();
    let admin = jobportal(
        &["create-admin", "--email", "root@example.com", "--first-name", "Root", "--last-name", "Admin"],
        &data_dir,
    );
    assert_eq!(admin.status.code(), Some(0), "{}", stderr(&admin));
    let seed = ["seed-bench", "--jobs", "10", "--recruiters", "1", "--applicants", "1"];

    let refused = jobportal(&seed, &data_dir);
    assert_eq!(refused.status.code(), Some(1));
    assert_eq!(stdout(&refused), "");
    assert_eq!(
        stderr(&refused),
        "jobportal: seed-bench refuses a database that already holds accounts: every account it makes has the \
         password `bench password`; use an empty database, or give --force\n"
    );

    let forced = jobportal(&[&seed[..], &["--force"]].concat(), &data_dir);
    assert_eq!(forced.status.code(), Some(0), "{}", stderr(&forced));
    assert!(stdout(&forced).starts_with("seeded 1 recruiters, 1 applicants and 10 jobs in "), "{}", stdout(&forced));
    let _ = std::fs::remove_dir_all(data_dir);
}

#[test]
fn seed_bench_fills_an_empty_database_without_force() {
    let data_dir = scratch_dir();
    let output = jobportal(&["seed-bench", "--jobs", "10", "--recruiters", "1", "--applicants", "1"], &data_dir);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).starts_with("seeded 1 recruiters, 1 applicants and 10 jobs in "), "{}", stdout(&output));
    assert_eq!(log_left(&data_dir), 0, "what the seed wrote is in the database file");
    let reindexed = jobportal(&["reindex"], &data_dir);
    assert_eq!(stdout(&reindexed), "indexed 10 jobs\n", "{}", stderr(&reindexed));
    assert_eq!(log_left(&data_dir), 0, "reindex leaves no log either");
    let _ = std::fs::remove_dir_all(data_dir);
}

/// The bytes of SQLite's log (WAL) beside the database in `data_dir`: a command copies what it
/// wrote back into the database file before it ends, so the next one has nothing to read back.
fn log_left(data_dir: &Path) -> u64 {
    std::fs::metadata(data_dir.join("jobportal.db-wal")).map_or(0, |log| log.len())
}

async fn holds_accounts_is_false_on_a_new_database_and_true_once_one_account_exists(app: &TestApp) {
    assert!(!jobportal::ops::bench_data::holds_accounts(&app.db).await.unwrap());
    jobportal::accounts::create_admin(&app.db, "root@example.com", "Root", "Admin", PASSWORD).await.unwrap();
    assert!(jobportal::ops::bench_data::holds_accounts(&app.db).await.unwrap());
}

/// A table analyzed while empty is planned as empty by PostgreSQL until autovacuum analyzes it
/// again (a scan of the whole table, kept as it grows); one never analyzed is planned as if it had
/// rows. So the seed leaves the applications table, which it does not fill, unanalyzed.
async fn the_seed_analyzes_the_tables_it_filled_and_leaves_the_empty_ones_unanalyzed(app: &TestApp) {
    jobportal::ops::bench_data::seed(&app.db, 1, 10).await.unwrap();
    match &app.db {
        jobportal::db::Db::Sqlite(pool) => {
            let tables: Vec<(String,)> =
                sqlx::query_as("SELECT DISTINCT tbl FROM sqlite_stat1 WHERE tbl IN ('jobs', 'applications')")
                    .fetch_all(pool)
                    .await
                    .unwrap();
            assert_eq!(tables, vec![("jobs".to_owned(),)]);
        }
        jobportal::db::Db::Postgres(pool) => {
            let tables: Vec<(String, f32)> = sqlx::query_as(
                "SELECT relname::text, reltuples FROM pg_class WHERE relname IN ('jobs', 'applications') ORDER BY relname",
            )
            .fetch_all(pool)
            .await
            .unwrap();
            assert_eq!(tables, vec![("applications".to_owned(), -1.0), ("jobs".to_owned(), 10.0)]);
        }
    }
}
