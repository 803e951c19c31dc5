//! `jobportal backup` and `jobportal restore` (docs/operations.md#backup-and-restore): a backup
//! taken by the command line while the server serves and writes restores to a server that holds
//! every application acknowledged before the backup started, in a database that passes its
//! integrity check.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::{Arc, Mutex};

use crate::helpers::{PASSWORD, TestApp, day, scratch_dir};

/// Runs the binary with `arguments` against the SQLite database and resumes in `data_dir`.
fn jobportal(arguments: &[&str], data_dir: &Path, extra: &[(&str, &str)]) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_jobportal"));
    command.args(arguments).env("DATA_DIR", data_dir).env("RUST_LOG", "off").stdin(std::process::Stdio::null());
    for (name, value) in extra {
        command.env(name, value);
    }
    command.output().expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

async fn application_ids(db: &jobportal::db::Db) -> Vec<String> {
    let jobportal::db::Db::Sqlite(pool) = db else { panic!("SQLite") };
    sqlx::query_scalar("SELECT id FROM applications").fetch_all(pool).await.unwrap()
}

#[tokio::test]
async fn a_backup_taken_while_applications_are_written_restores_every_acknowledged_one() {
    let app = TestApp::sqlite(|_| {}).await;
    let recruiter = app.account("Recruiter", "backed-up@example.com").await;
    let mut jobs = Vec::new();
    for number in 0..40 {
        jobs.push(app.post_job_as(&recruiter, &format!("Job {number}"), 1, &day(30)).await);
    }
    let mut applicants = Vec::new();
    for number in 0..3 {
        let token = app.account("Applicant", &format!("writer-{number}@example.com")).await;
        applicants.push(token);
    }
    let resume = b"%PDF-1.4\n%%EOF\n".to_vec();
    assert_eq!(app.upload_resume(&applicants[0], resume.clone(), "cv.pdf", "application/pdf").await.0, 200);

    // Applicants apply one job after another, and each acknowledged application is noted.
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let app = Arc::new(app);
    let writers: Vec<_> = applicants
        .iter()
        .cloned()
        .map(|token| {
            let (app, jobs, acknowledged) = (app.clone(), jobs.clone(), acknowledged.clone());
            tokio::spawn(async move {
                for job in jobs {
                    let id = app.apply_as(&token, &job).await;
                    acknowledged.lock().unwrap().push(id);
                }
            })
        })
        .collect();
    while acknowledged.lock().unwrap().len() < 20 {
        tokio::task::yield_now().await;
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let before_backup = acknowledged.lock().unwrap().clone();
    let target = scratch_dir().join("backup");
    let data_dir = app.config.data_dir.clone();
    let to = target.display().to_string();
    let output =
        tokio::task::spawn_blocking(move || jobportal(&["backup", "--to", &to], &data_dir, &[])).await.unwrap();
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    let said = text(&output.stdout);
    assert!(said.starts_with("backed up the database ("), "{said}");
    assert!(said.contains(" and 1 resumes into "), "{said}");
    assert!(!said.contains("replaced or deleted"), "the resume the database names was copied: {said}");
    for writer in writers {
        writer.await.unwrap();
    }
    assert!(acknowledged.lock().unwrap().len() > before_backup.len(), "writes went on around the backup");
    let manifest = std::fs::read_to_string(target.join("BACKUP.txt")).unwrap();
    assert!(manifest.contains("search index: not kept"), "{manifest}");
    assert!(!target.join("index").exists(), "the index is not backed up");

    // A second backup into the same place is refused: it never overwrites one.
    let data_dir = app.config.data_dir.clone();
    let again = jobportal(&["backup", "--to", &target.display().to_string()], &data_dir, &[]);
    assert_eq!(again.status.code(), Some(1));
    assert_eq!(
        text(&again.stderr),
        format!("jobportal: {} already exists; back up into a new directory\n", target.display())
    );

    // Restored into an empty DATA_DIR, then served.
    let restored_dir = scratch_dir().join("restored");
    let output = jobportal(&["restore", "--from", &target.display().to_string()], &restored_dir, &[]);
    assert_eq!(output.status.code(), Some(0), "{}", text(&output.stderr));
    assert!(text(&output.stdout).contains("start the server to rebuild the search index"));
    jobportal::ops::backup::integrity(&restored_dir.join("jobportal.db")).await.unwrap();
    let again = jobportal(&["restore", "--from", &target.display().to_string()], &restored_dir, &[]);
    assert_eq!(again.status.code(), Some(1), "a restore never overwrites a database");
    assert!(text(&again.stderr).starts_with("jobportal: restore into an empty DATA_DIR: "), "{}", text(&again.stderr));

    let restored = TestApp::sqlite(|config| {
        config.database =
            jobportal::config::DatabaseUrl::Sqlite(format!("sqlite://{}", restored_dir.join("jobportal.db").display()));
        config.data_dir = restored_dir.clone();
        config.index_dir = restored_dir.join("index");
    })
    .await;
    let present = application_ids(&restored.db).await;
    let lost: Vec<&String> = before_backup.iter().filter(|id| !present.contains(id)).collect();
    assert_eq!(lost, Vec::<&String>::new(), "every application acknowledged before the backup is restored");
    // The restored server serves: people log in, the index was rebuilt, the resume is there.
    let token = restored.log_in("writer-0@example.com", PASSWORD).await;
    let (status, profile) = restored.get_as("/api/v1/auth/applicantDetails", &token).await;
    assert_eq!(status, 200, "{profile}");
    let link = profile["data"]["resume"].as_str().unwrap();
    let file = restored.client.get(link).send().await.unwrap();
    assert_eq!(file.status(), 200);
    assert_eq!(file.bytes().await.unwrap().as_ref(), resume.as_slice());
    let (_, found) = restored.get("/api/v1/jobs/alljobs?q=job").await;
    assert!(!found["data"].as_array().unwrap().is_empty(), "{found}");
    restored.stop().await;
    Arc::try_unwrap(app).ok().expect("the writers are done").stop().await;
}

#[test]
fn postgresql_and_s3_are_backed_up_with_their_own_tools() {
    let data_dir = scratch_dir();
    let to = data_dir.join("backup").display().to_string();
    let output =
        jobportal(&["backup", "--to", &to], &data_dir, &[("DATABASE_URL", "postgres://nobody@127.0.0.1:1/none")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(text(&output.stderr).starts_with("jobportal: the database is PostgreSQL: back it up with pg_dump"));
    let output = jobportal(&["backup", "--to", &to], &data_dir, &[("STORAGE_URL", "s3://resumes")]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        text(&output.stderr)
            .starts_with("jobportal: resumes are kept in S3 (STORAGE_URL=s3://resumes): keep them with"),
        "{}",
        text(&output.stderr)
    );
    assert!(!Path::new(&to).exists(), "nothing was written");
}
