use std::process::ExitCode;

use jobportal::config::Config;
use tokio::net::TcpListener;

#[tokio::main]
async fn main() -> ExitCode {
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(error) => {
            eprintln!("jobportal: {error}");
            return ExitCode::from(2);
        }
    };
    jobportal::telemetry::init();

    let arguments: Vec<String> = std::env::args().skip(1).collect();
    match arguments.first().map(String::as_str) {
        None | Some("serve") => {}
        Some("create-admin") => return create_admin(config, &arguments[1..]).await,
        Some("seed-bench") => return seed_bench(config, &arguments[1..]).await,
        Some("reindex") => return reindex(config).await,
        Some(other) => {
            eprintln!(
                "jobportal: unknown command {other:?}; the commands are serve (the default), create-admin, seed-bench and reindex"
            );
            return ExitCode::from(2);
        }
    }

    let listener = match TcpListener::bind(config.listen_addr).await {
        Ok(listener) => listener,
        Err(error) => {
            eprintln!("jobportal: cannot listen on LISTEN_ADDR {}: {error}", config.listen_addr);
            return ExitCode::from(2);
        }
    };
    tracing::info!(address = %config.listen_addr, database = ?engine(&config), "serving");
    match jobportal::run(config, listener, shutdown_signal()).await {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("jobportal: {error}");
            ExitCode::from(1)
        }
    }
}

const CREATE_ADMIN_USAGE: &str = "usage: jobportal create-admin --email ADDRESS --first-name NAME --last-name NAME \
     (the password is read from ADMIN_PASSWORD, or else from the first line of standard input)";

/// Makes an Admin account: the only way one comes to exist (signup refuses the type).
async fn create_admin(config: Config, arguments: &[String]) -> ExitCode {
    let mut fields = [("--email", None), ("--first-name", None), ("--last-name", None)];
    let mut rest = arguments.iter();
    while let Some(flag) = rest.next() {
        match fields.iter_mut().find(|(name, _)| name == flag) {
            Some((_, value)) => *value = rest.next().cloned(),
            None => {
                eprintln!("jobportal: unknown option {flag:?}; {CREATE_ADMIN_USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let [(_, Some(email)), (_, Some(first_name)), (_, Some(last_name))] = fields else {
        eprintln!("jobportal: {CREATE_ADMIN_USAGE}");
        return ExitCode::from(2);
    };
    let password = match std::env::var("ADMIN_PASSWORD") {
        Ok(password) => password,
        Err(_) => {
            let mut line = String::new();
            if std::io::stdin().read_line(&mut line).is_err() {
                eprintln!("jobportal: cannot read the password from standard input");
                return ExitCode::from(2);
            }
            line.trim_end_matches(['\r', '\n']).to_string()
        }
    };
    let db = match jobportal::open_database(&config).await {
        Ok(db) => db,
        Err(error) => {
            eprintln!("jobportal: {error}");
            return ExitCode::from(1);
        }
    };
    match jobportal::accounts::create_admin(&db, &email, &first_name, &last_name, &password).await {
        Ok(id) => {
            println!("created Admin {email} ({id})");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("jobportal: {message}");
            ExitCode::from(1)
        }
    }
}

/// Without the `bench-data` feature the product has no benchmark data in it.
#[cfg(not(feature = "bench-data"))]
async fn seed_bench(_: Config, _: &[String]) -> ExitCode {
    eprintln!(
        "jobportal: seed-bench is not in this build; build with `cargo build --release --features bench-data` (make bench does)"
    );
    ExitCode::from(2)
}

/// Fills the database with a benchmark data set: `seed-bench --jobs N [--recruiters M]
/// [--applicants A]`; every account's password is `bench_data::BENCH_PASSWORD`.
#[cfg(feature = "bench-data")]
async fn seed_bench(config: Config, arguments: &[String]) -> ExitCode {
    let number = |flag: &str, default: usize| -> Option<usize> {
        match arguments.iter().position(|argument| argument == flag) {
            Some(at) => arguments.get(at + 1)?.parse().ok(),
            None => Some(default),
        }
    };
    let (Some(jobs), Some(recruiters), Some(applicants)) =
        (number("--jobs", 1_000_000), number("--recruiters", 5_000), number("--applicants", 1_000))
    else {
        eprintln!("jobportal: usage: jobportal seed-bench [--jobs N] [--recruiters M] [--applicants A]");
        return ExitCode::from(2);
    };
    let db = match jobportal::open_database(&config).await {
        Ok(db) => db,
        Err(error) => {
            eprintln!("jobportal: {error}");
            return ExitCode::from(1);
        }
    };
    let seeded = async {
        let seconds = jobportal::bench_data::seed(&db, recruiters.max(1), jobs).await?;
        jobportal::bench_data::seed_accounts(&db, applicants).await?;
        Ok::<_, sqlx::Error>(seconds)
    };
    match seeded.await {
        Ok(seconds) => {
            println!("seeded {recruiters} recruiters, {applicants} applicants and {jobs} jobs in {seconds:.1} s");
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("jobportal: {error}");
            ExitCode::from(1)
        }
    }
}

/// Builds the search index anew from the database (the server must be stopped: it holds the
/// index). A server also does this by itself when its index is missing or of an older version.
async fn reindex(config: Config) -> ExitCode {
    let db = match jobportal::open_database(&config).await {
        Ok(db) => db,
        Err(error) => {
            eprintln!("jobportal: {error}");
            return ExitCode::from(1);
        }
    };
    let index = match jobportal::jobs::indexer::SearchIndex::open(&config.index_dir) {
        Ok(index) => index,
        Err(error) => {
            eprintln!("jobportal: cannot open the search index in INDEX_DIR (is a server running?): {error}");
            return ExitCode::from(1);
        }
    };
    match index.rebuild(&db).await {
        Ok(_) => {
            println!("indexed {} jobs", index.index.len());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("jobportal: {error}");
            ExitCode::from(1)
        }
    }
}

fn engine(config: &Config) -> &'static str {
    match config.database {
        jobportal::config::DatabaseUrl::Sqlite(_) => "sqlite",
        jobportal::config::DatabaseUrl::Postgres(_) => "postgres",
    }
}

/// Completes on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
    tracing::info!("shutting down");
}
