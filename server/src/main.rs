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
