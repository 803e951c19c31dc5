use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use jobportal::config::Config;
use jobportal::db::Db;
use tokio::net::TcpListener;

/// The command line: a command, and the settings (`config::arguments`), each a flag or its
/// environment variable. They are checked only once the arguments are parsed, so `--help` and
/// `--version` answer before anything is read or touched.
#[derive(Parser)]
#[command(
    name = "jobportal",
    version,
    propagate_version = true,
    about = "The jobportal server: the job board's API and web app, and the commands that look after its data.",
    after_help = "Each setting is a flag or the environment variable of the same name (--data-dir or DATA_DIR);\n\
                  README.md's Settings table says more. A bucket's AWS_* settings, RUST_LOG and LOG_FORMAT\n\
                  are variables only. A bad value stops the program with one line naming the variable."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app on LISTEN_ADDR (the default when no command is given)
    Serve,
    /// Make an Admin account (signup never makes one)
    ///
    /// The password is read from ADMIN_PASSWORD, or else from the first line of standard input.
    CreateAdmin {
        /// The Admin's e-mail address, with which they log in
        #[arg(long, value_name = "ADDRESS")]
        email: String,
        /// The Admin's first name
        #[arg(long, value_name = "NAME")]
        first_name: String,
        /// The Admin's last name
        #[arg(long, value_name = "NAME")]
        last_name: String,
    },
    /// Build the search index in INDEX_DIR anew from the database
    ///
    /// Stop the server first: it holds the index. A server also rebuilds a missing or outdated
    /// index by itself when it starts.
    Reindex,
    /// Copy the SQLite database and the resumes into a new directory, while the server runs
    ///
    /// The database is copied as of one moment (VACUUM INTO), then the resumes; the search index
    /// is not copied (it is rebuilt from the database). For PostgreSQL use pg_dump, and for resumes
    /// in S3 the bucket's versioning: the command says so and stops.
    Backup {
        /// The directory to make and fill (it must not exist)
        #[arg(long, value_name = "DIR")]
        to: std::path::PathBuf,
    },
    /// Restore a backup into an empty DATA_DIR (the server stopped)
    ///
    /// Checks the copy's integrity, puts the database and resumes in place; the server builds the
    /// search index when it starts.
    Restore {
        /// A directory made by `jobportal backup`
        #[arg(long, value_name = "DIR")]
        from: std::path::PathBuf,
    },
    /// Fill the database with a benchmark data set (for make bench; never on a real database)
    ///
    /// Writes a realistic, deterministic data set: recruiters, jobs across the categories and
    /// applicants. Every account it makes has the password `bench password`, so it refuses a
    /// database that already holds accounts unless given --force.
    #[cfg(feature = "bench-data")]
    SeedBench(SeedBench),
}

#[cfg(feature = "bench-data")]
#[derive(clap::Args)]
struct SeedBench {
    /// How many jobs to write
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    jobs: usize,
    /// How many recruiters post them
    #[arg(long, value_name = "M", default_value_t = 5_000, value_parser = clap::value_parser!(u32).range(1..))]
    recruiters: u32,
    /// How many applicants to add
    #[arg(long, value_name = "A", default_value_t = 1_000)]
    applicants: usize,
    /// How many applications to the first recruiter's jobs, from applicants with resume words
    #[arg(long, value_name = "N", default_value_t = 0)]
    applications: usize,
    /// Seed even a database that already holds accounts
    #[arg(long)]
    force: bool,
    /// The descriptions' words: `harsh` (forty words, each in most jobs) or `zipf` (4,000 words
    /// with a natural, Zipf-like frequency)
    #[arg(long, value_name = "WORDS", default_value = "harsh", value_parser = ["harsh", "zipf"])]
    vocabulary: String,
}

fn main() -> ExitCode {
    jobportal::allocator::no_huge_pages();
    // The PDF reader's child process reads no setting: it answers before they are parsed.
    if std::env::args_os().nth(1).is_some_and(|command| command == jobportal::profiles::resume_text::CHILD_COMMAND) {
        return jobportal::profiles::resume_text::child_main();
    }
    let matches = Cli::command().args(jobportal::config::arguments()).get_matches();
    let cli = match Cli::from_arg_matches(&matches) {
        Ok(cli) => cli,
        Err(error) => error.exit(),
    };
    let config = match Config::from_matches(&matches) {
        Ok(config) => config,
        Err(error) => {
            eprintln!("jobportal: {error}");
            return ExitCode::from(2);
        }
    };
    jobportal::http::telemetry::init();
    run(cli.command.unwrap_or(Command::Serve), config)
}

#[tokio::main]
async fn run(command: Command, config: Config) -> ExitCode {
    match command {
        Command::Serve => serve(config).await,
        Command::CreateAdmin { email, first_name, last_name } => {
            create_admin(config, &email, &first_name, &last_name).await
        }
        Command::Reindex => reindex(config).await,
        Command::Backup { to } => match jobportal::ops::backup::backup(&config, &to).await {
            Ok(copied) => {
                println!(
                    "backed up the database ({} bytes) and {} resumes into {}{}",
                    copied.database_bytes,
                    copied.resumes,
                    to.display(),
                    missing(copied.resumes_missing)
                );
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("jobportal: {error}");
                ExitCode::from(1)
            }
        },
        Command::Restore { from } => match jobportal::ops::backup::restore(&config, &from).await {
            Ok(copied) => {
                println!(
                    "restored the database ({} bytes) and {} resumes from {}{}; start the server to rebuild the search index",
                    copied.database_bytes,
                    copied.resumes,
                    from.display(),
                    missing(copied.resumes_missing)
                );
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("jobportal: {error}");
                ExitCode::from(1)
            }
        },
        #[cfg(feature = "bench-data")]
        Command::SeedBench(arguments) => seed_bench(config, arguments).await,
    }
}

async fn serve(config: Config) -> ExitCode {
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

/// Makes an Admin account: the only way one comes to exist (signup refuses the type).
async fn create_admin(config: Config, email: &str, first_name: &str, last_name: &str) -> ExitCode {
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
    with_database(&config, async |db| {
        match jobportal::accounts::create_admin(db, email, first_name, last_name, &password).await {
            Ok(id) => {
                println!("created Admin {email} ({id})");
                ExitCode::SUCCESS
            }
            Err(message) => {
                eprintln!("jobportal: {message}");
                ExitCode::from(1)
            }
        }
    })
    .await
}

/// Opens the configured database for a command, runs `work` on it, and closes it whatever `work`
/// answered: closing copies SQLite's log back into the database file, so the next command or
/// server has none to read back (docs/operations.md#durability).
async fn with_database(config: &Config, work: impl AsyncFnOnce(&Db) -> ExitCode) -> ExitCode {
    let db = match jobportal::open_database(config).await {
        Ok(db) => db,
        Err(error) => {
            eprintln!("jobportal: {error}");
            return ExitCode::from(1);
        }
    };
    let code = work(&db).await;
    db.close().await;
    code
}

/// Fills the database with a benchmark data set; every account's password is
/// `bench_data::BENCH_PASSWORD`, so a database that already holds accounts is refused unless
/// `--force` says otherwise.
#[cfg(feature = "bench-data")]
async fn seed_bench(config: Config, arguments: SeedBench) -> ExitCode {
    let SeedBench { jobs, recruiters, applicants, applications, force, vocabulary } = arguments;
    let vocabulary = if vocabulary == "zipf" {
        jobportal::ops::bench_data::Vocabulary::Zipf
    } else {
        jobportal::ops::bench_data::Vocabulary::Harsh
    };
    with_database(&config, async |db| {
        if !force {
            match jobportal::ops::bench_data::holds_accounts(db).await {
                Ok(false) => {}
                Ok(true) => {
                    eprintln!(
                        "jobportal: seed-bench refuses a database that already holds accounts: every account it \
                         makes has the password `{}`; use an empty database, or give --force",
                        jobportal::ops::bench_data::BENCH_PASSWORD
                    );
                    return ExitCode::from(1);
                }
                Err(error) => {
                    eprintln!("jobportal: {error}");
                    return ExitCode::from(1);
                }
            }
        }
        let seeded = async {
            let seconds = jobportal::ops::bench_data::seed_with(db, recruiters as usize, jobs, vocabulary).await?;
            jobportal::ops::bench_data::seed_accounts(db, applicants).await?;
            let applied = jobportal::ops::bench_data::seed_applications(db, applications).await?;
            Ok::<_, sqlx::Error>((seconds, applied))
        };
        match seeded.await {
            Ok((seconds, applied)) => {
                let applications = if applied > 0 { format!(", {applied} applications") } else { String::new() };
                println!(
                    "seeded {recruiters} recruiters, {applicants} applicants and {jobs} jobs{applications} in {seconds:.1} s"
                );
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("jobportal: {error}");
                ExitCode::from(1)
            }
        }
    })
    .await
}

/// Builds the search index anew from the database (the server must be stopped: it holds the
/// index). A server also does this by itself when its index is missing or of an older version.
async fn reindex(config: Config) -> ExitCode {
    with_database(&config, async |db| {
        let index = match jobportal::jobs::search::Search::open(&config.index_dir) {
            Ok(index) => index,
            Err(error) => {
                eprintln!("jobportal: cannot open the search index in INDEX_DIR (is a server running?): {error}");
                return ExitCode::from(1);
            }
        };
        match index.rebuild(db).await {
            Ok(_) => {
                println!("indexed {} jobs", index.index.len());
                ExitCode::SUCCESS
            }
            Err(error) => {
                eprintln!("jobportal: {error}");
                ExitCode::from(1)
            }
        }
    })
    .await
}

/// What a backup or restore says of resumes the database names but the copy lacks.
fn missing(count: u64) -> String {
    if count == 0 {
        String::new()
    } else {
        format!(" ({count} resumes named by the database were replaced or deleted while copying and are not in it)")
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
