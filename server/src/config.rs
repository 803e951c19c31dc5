//! The settings (README "Settings"): each an environment variable and a flag of the same name
//! (`LISTEN_ADDR`, `--listen-addr`), listed by `jobportal --help` from one table (`SETTINGS`). A bad
//! value stops the program at start with one line naming the variable. A secret is held as a
//! `SecretString`, which neither `Debug` nor `Display` can show.

use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};
use std::time::Duration;

use axum::http::HeaderValue;
use ipnet::IpNet;
use secrecy::SecretString;

/// The settings. `Debug` shows them with every secret redacted (the mail server's URL, the signing
/// key, the bucket's settings, a database password), so a logged or printed configuration leaks
/// none of them.
#[derive(Clone, Debug)]
pub struct Config {
    pub listen_addr: SocketAddr,
    pub data_dir: PathBuf,
    pub database: DatabaseUrl,
    pub public_url: String,
    /// The API's own public address (`API_PUBLIC_URL`, default `PUBLIC_URL`): the base of the
    /// avatar and resume links the API hands out, for a client served from another origin than
    /// the site whose address e-mails use.
    pub api_public_url: String,
    /// `SMTP_URL`, which may hold the mail server's password.
    pub smtp_url: Option<SecretString>,
    pub mail_from: String,
    pub jwt_secret: Option<SecretString>,
    pub storage_url: Option<String>,
    /// The `AWS_*` settings (`storage::S3_SETTINGS`) that are set, for a `STORAGE_URL` of `s3://...`.
    pub s3_settings: Vec<(String, SecretString)>,
    pub cors_origins: Vec<HeaderValue>,
    /// The proxies whose `Forwarded` / `X-Forwarded-For` name the client (`TRUSTED_PROXIES`:
    /// addresses or CIDR ranges; none by default, so the connecting address is the client).
    pub trusted_proxies: Vec<IpNet>,
    pub max_resume_bytes: u64,
    /// The built web app (`index.html` and `assets/`): where the server finds the app it serves,
    /// `web/dist` from the working directory unless `WEB_DIR` says otherwise.
    pub web_dir: PathBuf,
    pub limits: Limits,
    /// Where the search index lives (`INDEX_DIR`, default `DATA_DIR/index`); derived from the
    /// database, rebuilt when missing, never backed up.
    pub index_dir: PathBuf,
    /// The program run to read the words of a PDF resume (`PDF_READER`): this server's own
    /// executable unless set (`profiles::resume_text`).
    pub pdf_reader: PathBuf,
    /// Whether searches go through the search index (`SEARCH_INDEX=off` answers them from the
    /// database alone and keeps no index: the baseline a benchmark compares with).
    pub search_index: bool,
    /// Whether the answers that exist only for speed are sent before the stack of layers
    /// (`front::kept`); `FAST_PATHS=off` sends every request through the ordinary stack.
    pub fast_paths: bool,
    /// Where the Prometheus metrics are served (`METRICS_ADDR`): a listener of their own, never
    /// the public one; off when unset.
    pub metrics_addr: Option<SocketAddr>,
    /// The key that signs pushes (`VAPID_PRIVATE_KEY`: a P-256 private key, 32 bytes in base64url);
    /// unset, one is generated once and kept in the database for every instance.
    pub vapid_private_key: Option<SecretString>,
    /// Who push services may contact about this server's pushes (`VAPID_SUBJECT`: a `mailto:` or
    /// `https:` URL; default the `mailto:` of `MAIL_FROM`'s address).
    pub vapid_subject: String,
    /// Whether pushes and other requests this server makes may go to loopback and private
    /// addresses, and over plain HTTP (`OUTBOUND_PRIVATE=on`, for tests; off by default).
    pub outbound_private: bool,
}

/// Abuse limits and connection bounds (docs/rules.md#limits, docs/operations.md#operating-safely).
/// Tests and benchmarks raise them through `LOGIN_FAILURE_LIMIT`, `OTP_ADDRESS_LIMIT`,
/// `OTP_CLIENT_LIMIT`, `RESET_ADDRESS_LIMIT` and the others named below.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Failed logins for one address from one client within 15 minutes before 429.
    pub login_failures: u32,
    /// Signup codes per address per hour.
    pub codes_per_address_per_hour: i64,
    /// Signup codes and reset e-mails one client may request per hour.
    pub code_requests_per_client_per_hour: u32,
    /// Reset e-mails one address may receive per hour, whoever asks for them.
    pub resets_per_address_per_hour: i64,
    /// Requests one API token may make per minute (`API_TOKEN_LIMIT`).
    pub api_token_requests_per_minute: u32,
    /// Password hashes that run at once (`HASH_CONCURRENCY`, default: the number of cores).
    pub hash_concurrency: usize,
    /// Password hashes that may wait for a turn before the next is refused with 503.
    pub hash_queue: usize,
    /// Of those, how many one client address may have running or waiting at once
    /// (`HASH_PER_CLIENT`, default a quarter of both, at least 2); its next is refused with 503.
    pub hash_per_client: usize,
    /// Open connections served at once (`MAX_CONNECTIONS`); more wait to be accepted.
    pub max_connections: usize,
    /// Of those, how many one client address may hold open (`MAX_CONNECTIONS_PER_CLIENT`); its
    /// next connection is closed at once. Peers in `TRUSTED_PROXIES` carry many clients' requests
    /// and have no such cap.
    pub max_connections_per_client: usize,
    /// Time a connection has to send a request's headers, idle keep-alive time included
    /// (`HEADER_TIMEOUT_SECS`).
    pub header_timeout: Duration,
    /// Time a request has from its headers to its response (`REQUEST_TIMEOUT_SECS`); longer is 408.
    pub request_timeout: Duration,
    /// How often the server looks for saved-search alerts that are due (`ALERT_INTERVAL_SECS`).
    pub alert_interval: Duration,
    /// How long a job has been posted before an alert counts it (`ALERT_SETTLE_SECS`), so one
    /// whose transaction commits a moment after a later one's is not passed over.
    pub alert_settle: Duration,
    /// After SIGTERM, how long the server keeps serving while `/readyz` says it is stopping, so a
    /// load balancer that checks it sends no new requests before the socket closes
    /// (`SHUTDOWN_DRAIN_SECS`; 0 stops accepting at once).
    pub shutdown_drain: Duration,
    /// Then how long requests in flight have to end before the server exits (`SHUTDOWN_GRACE_SECS`).
    pub shutdown_grace: Duration,
    /// How long a delivered e-mail is kept, and how long an undeliverable one is tried, before the
    /// retention sweep deletes it (`MAIL_RETENTION_DAYS`, default 7).
    pub mail_retention: Duration,
    /// How often an instance offers to run the retention sweep (`RETENTION_INTERVAL_SECS`, default
    /// an hour); one instance at a time runs it.
    pub retention_interval: Duration,
    /// How long one attempt to deliver a webhook may take (`WEBHOOK_TIMEOUT_SECS`, default 10).
    pub webhook_timeout: Duration,
    /// The memory jobs' pages and `getJob` answers may take (`JOB_CACHE_MB`, default 192; 0 keeps
    /// none and reads each job from the database).
    pub job_cache_bytes: usize,
}

impl Limits {
    /// One client's share of the password hashes: a quarter of the turns and places, at least 2.
    fn share_of(concurrency: usize, queue: usize) -> usize {
        ((concurrency + queue) / 4).max(2)
    }
}

impl Default for Limits {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        Self {
            login_failures: 10,
            codes_per_address_per_hour: 5,
            code_requests_per_client_per_hour: 30,
            resets_per_address_per_hour: 5,
            api_token_requests_per_minute: 300,
            hash_concurrency: cores,
            hash_queue: 8 * cores,
            hash_per_client: Self::share_of(cores, 8 * cores),
            max_connections: 2_000,
            max_connections_per_client: 256,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            alert_interval: Duration::from_secs(10 * 60),
            alert_settle: Duration::from_secs(60),
            shutdown_drain: Duration::ZERO,
            shutdown_grace: Duration::from_secs(30),
            mail_retention: Duration::from_secs(7 * 24 * 60 * 60),
            retention_interval: Duration::from_secs(60 * 60),
            job_cache_bytes: 192 << 20,
            webhook_timeout: Duration::from_secs(10),
        }
    }
}

#[derive(Clone, PartialEq, Eq)]
pub enum DatabaseUrl {
    Sqlite(String),
    Postgres(String),
}

impl std::fmt::Debug for DatabaseUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Sqlite(url) => f.debug_tuple("Sqlite").field(&redact_url(url)).finish(),
            Self::Postgres(url) => f.debug_tuple("Postgres").field(&redact_url(url)).finish(),
        }
    }
}

const REDACTED: &str = "<redacted>";

/// A URL with the password of its user part (`scheme://user:password@host`) replaced.
fn redact_url(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else { return url.to_string() };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let Some(at) = rest[..authority_end].rfind('@') else { return url.to_string() };
    match rest[..at].split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:{REDACTED}{}", &rest[at..]),
        None => url.to_string(),
    }
}

#[derive(Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {variable}: {reason}")]
pub struct ConfigError {
    pub variable: &'static str,
    pub reason: String,
}

fn invalid(variable: &'static str, reason: impl Into<String>) -> ConfigError {
    ConfigError { variable, reason: reason.into() }
}

/// One setting: its environment variable (its flag is the same name in lower case with dashes:
/// `--listen-addr`) and what it is, for `--help` (README "Settings" has the whole story).
pub struct Setting {
    pub variable: &'static str,
    pub help: &'static str,
    /// Its value is never shown, not even by `--help` when the variable is set.
    pub secret: bool,
}

const fn plain(variable: &'static str, help: &'static str) -> Setting {
    Setting { variable, help, secret: false }
}

const fn secret(variable: &'static str, help: &'static str) -> Setting {
    Setting { variable, help, secret: true }
}

/// Every setting the server reads, in the README's order; the bucket's `AWS_*` settings are
/// `storage::S3_SETTINGS`.
pub const SETTINGS: &[Setting] = &[
    plain("LISTEN_ADDR", "Address to serve on [default: 127.0.0.1:8080]"),
    plain("DATA_DIR", "The embedded database, resumes and the mail outbox [default: ./data]"),
    secret("DATABASE_URL", "sqlite:... or postgres://... [default: sqlite://DATA_DIR/jobportal.db]"),
    plain("PUBLIC_URL", "The site's address, used in e-mailed links [default: http://LISTEN_ADDR]"),
    plain("API_PUBLIC_URL", "The API's own public address, the base of its links [default: PUBLIC_URL]"),
    secret("SMTP_URL", "smtps://user:pass@host:465 or smtp://... [default: .eml files in DATA_DIR/outbox]"),
    plain("MAIL_FROM", "Sender, address@host or Name <address@host> [default: jobportal <no-reply@localhost>]"),
    secret("JWT_SECRET", "Signing key, at least 32 characters [default: generated once, kept in the database]"),
    plain("STORAGE_URL", "Resumes: a directory or s3://bucket/prefix [default: DATA_DIR/resumes]"),
    plain("TRUSTED_PROXIES", "Comma-separated addresses or CIDR ranges of the proxies in front [default: none]"),
    plain("CORS_ORIGINS", "Comma-separated origins allowed cross-origin [default: none]"),
    plain("MAX_RESUME_BYTES", "Resume size limit [default: 10485760]"),
    plain("WEB_DIR", "The built web app to serve [default: web/dist]"),
    plain("LOGIN_FAILURE_LIMIT", "Failed logins per address and client in 15 minutes before 429 [default: 10]"),
    plain("OTP_ADDRESS_LIMIT", "Signup codes per address per hour [default: 5]"),
    plain("OTP_CLIENT_LIMIT", "Signup codes and reset e-mails per client per hour [default: 30]"),
    plain("RESET_ADDRESS_LIMIT", "Reset e-mails one address receives per hour [default: 5]"),
    plain("API_TOKEN_LIMIT", "Requests one API token may make per minute before 429 [default: 300]"),
    plain("WEBHOOK_TIMEOUT_SECS", "Time one attempt to deliver a webhook may take [default: 10]"),
    plain("HASH_CONCURRENCY", "Password hashes running at once [default: the number of cores]"),
    plain("HASH_QUEUE", "Password hashes waiting for a turn before 503 [default: 8 per core]"),
    plain("HASH_PER_CLIENT", "Of those, how many one client may hold [default: a quarter, at least 2]"),
    plain("MAX_CONNECTIONS", "Open connections served at once [default: 2000]"),
    plain("MAX_CONNECTIONS_PER_CLIENT", "Of those, how many one address may hold [default: 256]"),
    plain("HEADER_TIMEOUT_SECS", "Time to send a request's headers, idle keep-alive included [default: 10]"),
    plain("REQUEST_TIMEOUT_SECS", "Time from a request's headers to its response, else 408 [default: 60]"),
    plain("SHUTDOWN_DRAIN_SECS", "After SIGTERM, serving while /readyz answers 503 (0 allowed) [default: 0]"),
    plain("SHUTDOWN_GRACE_SECS", "Then, time for requests in flight to end [default: 30]"),
    plain("ALERT_INTERVAL_SECS", "How often due saved-search alerts are looked for [default: 600]"),
    plain("ALERT_SETTLE_SECS", "How long a job has been posted before an alert counts it [default: 60]"),
    plain("INDEX_DIR", "The search index, rebuilt from the database when missing [default: DATA_DIR/index]"),
    plain("PDF_READER", "The program run (with read-pdf-text) to read resumes' words [default: this program]"),
    plain("SEARCH_INDEX", "off answers every search from the database [default: on]"),
    plain("FAST_PATHS", "off sends every request through the ordinary stack of layers [default: on]"),
    plain("METRICS_ADDR", "Where Prometheus metrics are served, on a listener of their own [default: off]"),
    plain("MAIL_RETENTION_DAYS", "How long sent mail is kept and unsent mail tried [default: 7]"),
    plain("RETENTION_INTERVAL_SECS", "How often an instance offers to run the retention sweep [default: 3600]"),
    plain("JOB_CACHE_MB", "Memory for jobs kept ready to send, 0 to 65535 [default: 192]"),
    secret("VAPID_PRIVATE_KEY", "The key that signs pushes, base64url [default: generated once, kept in the database]"),
    plain("VAPID_SUBJECT", "mailto: or https: contact for push services [default: mailto: of MAIL_FROM]"),
    plain("OUTBOUND_PRIVATE", "on lets pushes reach loopback and private addresses over HTTP [default: off]"),
];

/// The settings as command-line arguments: each a flag and its variable, given before or after
/// the command; a flag wins over its variable. The bucket's `AWS_*` settings are variables only.
pub fn arguments() -> impl Iterator<Item = clap::Arg> {
    SETTINGS.iter().map(|setting| {
        clap::Arg::new(setting.variable)
            .long(setting.variable.to_lowercase().replace('_', "-"))
            .env(setting.variable)
            .value_name(setting.variable)
            .help(setting.help)
            .hide_env_values(setting.secret)
            .help_heading("Settings")
            .global(true)
    })
}

impl Config {
    /// The settings as `arguments` parsed them from the command line and the environment; the
    /// `AWS_*` settings from the environment.
    pub fn from_matches(matches: &clap::ArgMatches) -> Result<Self, ConfigError> {
        Self::from_lookup(|name| match matches.try_get_one::<String>(name) {
            Ok(value) => value.cloned(),
            Err(_) => std::env::var(name).ok(),
        })
    }
}

pub const DEFAULT_MAX_RESUME_BYTES: u64 = 10 * 1024 * 1024;

impl Config {
    /// Reads the settings through `lookup`, so tests need not touch the process environment.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let get = |name: &str| lookup(name).filter(|value| !value.trim().is_empty());

        let listen_addr = match get("LISTEN_ADDR") {
            Some(value) => value
                .trim()
                .parse::<SocketAddr>()
                .map_err(|_| invalid("LISTEN_ADDR", format!("{value:?} is not an address such as 127.0.0.1:8080")))?,
            None => SocketAddr::from(([127, 0, 0, 1], 8080)),
        };
        let data_dir = PathBuf::from(get("DATA_DIR").unwrap_or_else(|| "./data".into()));
        let database = match get("DATABASE_URL") {
            Some(url) => parse_database_url(url.trim())?,
            None => DatabaseUrl::Sqlite(default_sqlite_url(&data_dir)),
        };
        let public_url = match get("PUBLIC_URL") {
            Some(url) => parse_http_url("PUBLIC_URL", url.trim())?,
            None => format!("http://{listen_addr}"),
        };
        let api_public_url = match get("API_PUBLIC_URL") {
            Some(url) => parse_http_url("API_PUBLIC_URL", url.trim())?,
            None => public_url.clone(),
        };
        let smtp_url = get("SMTP_URL").map(|url| parse_smtp_url(url.trim())).transpose()?;
        let mail_from = match get("MAIL_FROM") {
            Some(from) => parse_mailbox(from.trim())?,
            None => "jobportal <no-reply@localhost>".into(),
        };
        let jwt_secret = get("JWT_SECRET").map(parse_jwt_secret).transpose()?;
        let storage_url = get("STORAGE_URL").map(|url| parse_storage_url(url.trim())).transpose()?;
        let s3_settings = crate::storage::S3_SETTINGS
            .iter()
            .filter_map(|name| get(name).map(|value| (name.to_string(), SecretString::from(value.trim()))))
            .collect();
        let cors_origins = get("CORS_ORIGINS").map(|origins| parse_origins(&origins)).transpose()?.unwrap_or_default();
        let trusted_proxies = get("TRUSTED_PROXIES")
            .map(|proxies| parse_trusted(&proxies).map_err(|reason| invalid("TRUSTED_PROXIES", reason)))
            .transpose()?
            .unwrap_or_default();
        let max_resume_bytes = get("MAX_RESUME_BYTES").map_or(Ok(DEFAULT_MAX_RESUME_BYTES), |value| {
            value
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|bytes| *bytes > 0)
                .ok_or_else(|| invalid("MAX_RESUME_BYTES", format!("{value:?} is not a positive number of bytes")))
        })?;
        let web_dir = PathBuf::from(get("WEB_DIR").unwrap_or_else(|| "web/dist".into()));
        let index_dir = get("INDEX_DIR").map_or_else(|| data_dir.join("index"), PathBuf::from);
        let pdf_reader = get("PDF_READER").map(PathBuf::from).unwrap_or_else(|| {
            std::env::current_exe().unwrap_or_else(|_| PathBuf::from(std::env::args_os().next().unwrap_or_default()))
        });
        let limits = limits_from(&get)?;

        let search_index = switch(&get, "SEARCH_INDEX", true)?;
        let fast_paths = switch(&get, "FAST_PATHS", true)?;

        let metrics_addr = get("METRICS_ADDR")
            .map(|value| {
                value.trim().parse::<SocketAddr>().map_err(|_| {
                    invalid("METRICS_ADDR", format!("{value:?} is not an address and port such as 127.0.0.1:9100"))
                })
            })
            .transpose()?;

        let vapid_private_key = get("VAPID_PRIVATE_KEY").map(|key| SecretString::from(key.trim()));
        let vapid_subject = match get("VAPID_SUBJECT") {
            Some(subject) => parse_vapid_subject(subject.trim())?,
            None => format!("mailto:{}", mail_address(&mail_from)),
        };
        let outbound_private = switch(&get, "OUTBOUND_PRIVATE", false)?;

        Ok(Self {
            listen_addr,
            data_dir,
            database,
            public_url,
            api_public_url,
            smtp_url,
            mail_from,
            jwt_secret,
            storage_url,
            s3_settings,
            cors_origins,
            trusted_proxies,
            max_resume_bytes,
            web_dir,
            index_dir,
            pdf_reader,
            limits,
            search_index,
            fast_paths,
            metrics_addr,
            vapid_private_key,
            vapid_subject,
            outbound_private,
        })
    }
}

/// The abuse limits, connection bounds and intervals (`Limits`), each from its variable or its
/// default.
fn limits_from(get: &impl Fn(&str) -> Option<String>) -> Result<Limits, ConfigError> {
    let defaults = Limits::default();
    let limit = |variable: &'static str, default: u32| -> Result<u32, ConfigError> {
        match get(variable) {
            Some(value) => match value.trim().parse::<u32>() {
                Ok(limit) if limit > 0 => Ok(limit),
                _ => Err(invalid(variable, format!("{value:?} is not a positive whole number"))),
            },
            None => Ok(default),
        }
    };
    let hash_concurrency = limit("HASH_CONCURRENCY", defaults.hash_concurrency as u32)? as usize;
    let hash_queue = limit("HASH_QUEUE", defaults.hash_queue as u32)? as usize;
    Ok(Limits {
        login_failures: limit("LOGIN_FAILURE_LIMIT", defaults.login_failures)?,
        codes_per_address_per_hour: i64::from(limit("OTP_ADDRESS_LIMIT", defaults.codes_per_address_per_hour as u32)?),
        code_requests_per_client_per_hour: limit("OTP_CLIENT_LIMIT", defaults.code_requests_per_client_per_hour)?,
        resets_per_address_per_hour: i64::from(limit(
            "RESET_ADDRESS_LIMIT",
            defaults.resets_per_address_per_hour as u32,
        )?),
        api_token_requests_per_minute: limit("API_TOKEN_LIMIT", defaults.api_token_requests_per_minute)?,
        hash_concurrency,
        hash_queue,
        hash_per_client: limit("HASH_PER_CLIENT", Limits::share_of(hash_concurrency, hash_queue) as u32)? as usize,
        max_connections: limit("MAX_CONNECTIONS", defaults.max_connections as u32)? as usize,
        max_connections_per_client: limit("MAX_CONNECTIONS_PER_CLIENT", defaults.max_connections_per_client as u32)?
            as usize,
        header_timeout: Duration::from_secs(u64::from(limit(
            "HEADER_TIMEOUT_SECS",
            defaults.header_timeout.as_secs() as u32,
        )?)),
        request_timeout: Duration::from_secs(u64::from(limit(
            "REQUEST_TIMEOUT_SECS",
            defaults.request_timeout.as_secs() as u32,
        )?)),
        webhook_timeout: Duration::from_secs(u64::from(limit(
            "WEBHOOK_TIMEOUT_SECS",
            defaults.webhook_timeout.as_secs() as u32,
        )?)),
        alert_interval: Duration::from_secs(u64::from(limit(
            "ALERT_INTERVAL_SECS",
            defaults.alert_interval.as_secs() as u32,
        )?)),
        alert_settle: Duration::from_secs(u64::from(limit(
            "ALERT_SETTLE_SECS",
            defaults.alert_settle.as_secs() as u32,
        )?)),
        shutdown_drain: match get("SHUTDOWN_DRAIN_SECS") {
            Some(value) => match value.trim().parse::<u32>() {
                Ok(seconds) => Duration::from_secs(u64::from(seconds)),
                Err(_) => return Err(invalid("SHUTDOWN_DRAIN_SECS", format!("{value:?} is not a whole number"))),
            },
            None => defaults.shutdown_drain,
        },
        shutdown_grace: Duration::from_secs(u64::from(limit(
            "SHUTDOWN_GRACE_SECS",
            defaults.shutdown_grace.as_secs() as u32,
        )?)),
        mail_retention: Duration::from_secs(
            u64::from(limit("MAIL_RETENTION_DAYS", (defaults.mail_retention.as_secs() / 86_400) as u32)?) * 86_400,
        ),
        retention_interval: Duration::from_secs(u64::from(limit(
            "RETENTION_INTERVAL_SECS",
            defaults.retention_interval.as_secs() as u32,
        )?)),
        job_cache_bytes: match get("JOB_CACHE_MB") {
            Some(value) => match value.trim().parse::<u16>() {
                Ok(megabytes) => usize::from(megabytes) << 20,
                Err(_) => {
                    return Err(invalid("JOB_CACHE_MB", format!("{value:?} is not a whole number up to 65535")));
                }
            },
            None => defaults.job_cache_bytes,
        },
    })
}

/// A setting that is `on` (the default) or `off`.
fn switch(get: &impl Fn(&str) -> Option<String>, variable: &'static str, default: bool) -> Result<bool, ConfigError> {
    match get(variable).as_deref().map(str::trim) {
        None => Ok(default),
        Some("on") => Ok(true),
        Some("off") => Ok(false),
        Some(other) => Err(invalid(variable, format!("{other:?} must be on or off"))),
    }
}

/// A VAPID subject (RFC 8292): a `mailto:` address or an `https:` URL.
fn parse_vapid_subject(subject: &str) -> Result<String, ConfigError> {
    let fits = subject.strip_prefix("mailto:").is_some_and(|address| address.contains('@'))
        || subject.strip_prefix("https://").is_some_and(|rest| !rest.is_empty());
    if fits {
        Ok(subject.to_string())
    } else {
        Err(invalid("VAPID_SUBJECT", format!("{subject:?} is not a mailto: address or an https: URL")))
    }
}

/// The address of a mailbox (`Name <address@host>` or `address@host`).
fn mail_address(mailbox: &str) -> &str {
    match mailbox.rsplit_once('<') {
        Some((_, rest)) => rest.trim_end_matches('>').trim(),
        None => mailbox.trim(),
    }
}

/// A directory (a path or `file://` URL) or an S3-compatible bucket (`s3://bucket[/prefix]`).
fn parse_storage_url(url: &str) -> Result<String, ConfigError> {
    match url.split_once("://") {
        None => Ok(url.to_string()),
        Some(("file", path)) if !path.is_empty() => Ok(url.to_string()),
        Some(("s3", rest)) if !rest.split('/').next().unwrap_or("").is_empty() => Ok(url.to_string()),
        _ => Err(invalid(
            "STORAGE_URL",
            format!("{url:?} is neither a directory (a path or file:// URL) nor a bucket (s3://bucket/prefix)"),
        )),
    }
}

fn parse_smtp_url(url: &str) -> Result<SecretString, ConfigError> {
    if url.starts_with("smtp://") || url.starts_with("smtps://") {
        Ok(SecretString::from(url))
    } else {
        Err(invalid("SMTP_URL", format!("{url:?} must start with smtp:// or smtps://")))
    }
}

fn parse_jwt_secret(secret: String) -> Result<SecretString, ConfigError> {
    if secret.len() < 32 {
        Err(invalid("JWT_SECRET", "must be at least 32 characters long"))
    } else {
        Ok(SecretString::from(secret))
    }
}

fn default_sqlite_url(data_dir: &Path) -> String {
    format!("sqlite://{}", data_dir.join("jobportal.db").display())
}

fn parse_database_url(url: &str) -> Result<DatabaseUrl, ConfigError> {
    if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok(DatabaseUrl::Postgres(url.to_string()))
    } else if url.starts_with("sqlite:") && url.len() > "sqlite:".len() {
        Ok(DatabaseUrl::Sqlite(url.to_string()))
    } else {
        Err(invalid("DATABASE_URL", format!("{url:?} must start with sqlite: or postgres://")))
    }
}

fn parse_http_url(variable: &'static str, url: &str) -> Result<String, ConfigError> {
    let rest = url.strip_prefix("http://").or_else(|| url.strip_prefix("https://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => {
            Ok(url.trim_end_matches('/').to_string())
        }
        _ => Err(invalid(variable, format!("{url:?} must be an http:// or https:// address"))),
    }
}

/// Accepts `address@host` or `Name <address@host>`.
fn parse_mailbox(from: &str) -> Result<String, ConfigError> {
    let address = match (from.find('<'), from.rfind('>')) {
        (Some(open), Some(close)) if open < close && close == from.len() - 1 => &from[open + 1..close],
        (None, None) => from,
        _ => return Err(invalid("MAIL_FROM", format!("{from:?} is not a mail address"))),
    };
    match address.split_once('@') {
        Some((local, domain)) if !local.is_empty() && !domain.is_empty() && !address.contains(' ') => {
            Ok(from.to_string())
        }
        _ => Err(invalid("MAIL_FROM", format!("{from:?} is not a mail address"))),
    }
}

fn parse_origins(origins: &str) -> Result<Vec<HeaderValue>, ConfigError> {
    origins
        .split(',')
        .map(str::trim)
        .filter(|origin| !origin.is_empty())
        .map(|origin| {
            let origin = parse_http_url("CORS_ORIGINS", origin)?;
            HeaderValue::from_str(&origin)
                .map_err(|_| invalid("CORS_ORIGINS", format!("{origin:?} is not a valid origin")))
        })
        .collect()
}

/// `TRUSTED_PROXIES`: comma-separated addresses or CIDR ranges (`10.0.0.0/8`, `::1`).
pub fn parse_trusted(value: &str) -> Result<Vec<IpNet>, String> {
    value
        .split(',')
        .map(str::trim)
        .filter(|item| !item.is_empty())
        .map(|item| {
            item.parse::<IpNet>()
                .or_else(|_| item.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| format!("{item:?} is not an address or a CIDR range"))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use secrecy::ExposeSecret;

    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn defaults_follow_the_operation_table() {
        let config = config(&[]).unwrap();
        assert_eq!(config.listen_addr.to_string(), "127.0.0.1:8080");
        assert_eq!(config.data_dir, PathBuf::from("./data"));
        assert_eq!(config.database, DatabaseUrl::Sqlite("sqlite://./data/jobportal.db".into()));
        assert_eq!(config.public_url, "http://127.0.0.1:8080");
        assert_eq!(config.api_public_url, config.public_url, "the API's address is the site's unless told");
        assert_eq!(config.mail_from, "jobportal <no-reply@localhost>");
        assert_eq!(config.max_resume_bytes, 10_485_760);
        assert!(config.smtp_url.is_none() && config.jwt_secret.is_none() && config.cors_origins.is_empty());
    }

    #[test]
    fn debug_output_redacts_every_secret() {
        let config = config(&[
            ("DATABASE_URL", "postgres://app:db-secret@db.internal:5432/jobs?sslmode=require"),
            ("SMTP_URL", "smtp://mailer:smtp-secret@mail.internal:587"),
            ("JWT_SECRET", "a-signing-key-of-at-least-32-characters"),
            ("STORAGE_URL", "s3://resumes/prefix"),
            ("AWS_ACCESS_KEY_ID", "AKIAEXAMPLE"),
            ("AWS_SECRET_ACCESS_KEY", "bucket-secret"),
        ])
        .unwrap();
        let shown = format!("{config:?}");
        for secret in ["db-secret", "smtp-secret", "a-signing-key", "bucket-secret", "AKIAEXAMPLE"] {
            assert!(!shown.contains(secret), "{secret} shown in {shown}");
        }
        for kept in ["postgres://app:<redacted>@db.internal:5432/jobs?sslmode=require", "AWS_SECRET_ACCESS_KEY"] {
            assert!(shown.contains(kept), "{kept} missing from {shown}");
        }
        assert_eq!(redact_url("sqlite://./data/jobportal.db"), "sqlite://./data/jobportal.db");
        assert_eq!(redact_url("smtp://mail.internal:2525"), "smtp://mail.internal:2525");
        assert_eq!(redact_url("postgres://app@db/jobs"), "postgres://app@db/jobs");
    }

    /// The table `--help` lists is every setting the server reads, and each is in README's table.
    #[test]
    fn every_setting_read_is_listed_once() {
        let asked = std::sync::Mutex::new(Vec::new());
        Config::from_lookup(|name| {
            asked.lock().unwrap().push(name.to_string());
            None
        })
        .unwrap();
        let mut asked = asked.into_inner().unwrap();
        asked.retain(|name| !crate::storage::S3_SETTINGS.contains(&name.as_str()));
        asked.sort();
        asked.dedup();
        let mut listed: Vec<String> = SETTINGS.iter().map(|setting| setting.variable.to_string()).collect();
        listed.sort();
        assert_eq!(asked, listed);
        let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../README.md")).unwrap();
        for setting in SETTINGS {
            assert!(readme.contains(&format!("| `{}` |", setting.variable)), "{} in README.md", setting.variable);
        }
    }

    /// A flag is read as its variable is, and wins over it; a secret's value stays out of `--help`.
    #[test]
    fn each_setting_is_a_flag_too() {
        let command = clap::Command::new("jobportal").args(arguments());
        let matches = command
            .clone()
            .try_get_matches_from(["jobportal", "--search-index", "off", "--max-resume-bytes=2048"])
            .unwrap();
        let config = Config::from_matches(&matches).unwrap();
        assert_eq!((config.search_index, config.max_resume_bytes), (false, 2048));
        let refused = clap::Command::new("jobportal").args(arguments()).try_get_matches_from([
            "jobportal",
            "--fast-paths",
            "fast",
        ]);
        let error = Config::from_matches(&refused.unwrap()).unwrap_err();
        assert_eq!(error.to_string(), "invalid FAST_PATHS: \"fast\" must be on or off");
        let help = command.clone().render_help().to_string();
        for setting in SETTINGS {
            let flag = format!("--{}", setting.variable.to_lowercase().replace('_', "-"));
            assert!(help.contains(&flag) && help.contains(&format!("env: {}", setting.variable)), "{flag} in {help}");
        }
        let hidden: Vec<&str> = command
            .get_arguments()
            .filter(|argument| argument.is_hide_env_values_set())
            .map(|argument| argument.get_id().as_str())
            .collect();
        assert_eq!(hidden, ["DATABASE_URL", "SMTP_URL", "JWT_SECRET", "VAPID_PRIVATE_KEY"]);
    }

    #[test]
    fn each_bad_value_names_its_variable() {
        let cases = [
            ("LISTEN_ADDR", "localhost"),
            ("DATABASE_URL", "mysql://x"),
            ("PUBLIC_URL", "example.com"),
            ("API_PUBLIC_URL", "api.example.com"),
            ("SMTP_URL", "http://mail"),
            ("MAIL_FROM", "nobody"),
            ("JWT_SECRET", "short"),
            ("CORS_ORIGINS", "example.com"),
            ("MAX_RESUME_BYTES", "ten"),
            ("MAX_RESUME_BYTES", "0"),
            ("LOGIN_FAILURE_LIMIT", "0"),
            ("OTP_CLIENT_LIMIT", "many"),
            ("HASH_CONCURRENCY", "0"),
            ("HEADER_TIMEOUT_SECS", "-1"),
            ("SEARCH_INDEX", "maybe"),
            ("FAST_PATHS", "fast"),
            ("SHUTDOWN_DRAIN_SECS", "soon"),
            ("SHUTDOWN_GRACE_SECS", "0"),
            ("STORAGE_URL", "gs://bucket"),
            ("STORAGE_URL", "s3:///no-bucket"),
            ("TRUSTED_PROXIES", "proxy.local"),
            ("TRUSTED_PROXIES", "10.0.0.0/33"),
            ("VAPID_SUBJECT", "ops@example.com"),
            ("VAPID_SUBJECT", "http://example.com"),
            ("OUTBOUND_PRIVATE", "yes"),
        ];
        for (variable, value) in cases {
            let error = config(&[(variable, value)]).unwrap_err();
            assert_eq!(error.variable, variable, "{value}");
            assert!(error.to_string().starts_with(&format!("invalid {variable}: ")), "{error}");
        }
    }

    #[test]
    fn good_values_are_taken() {
        let config = config(&[
            ("LISTEN_ADDR", "0.0.0.0:9000"),
            ("DATABASE_URL", "postgres://postgres@127.0.0.1/test"),
            ("PUBLIC_URL", "https://jobs.example.com/"),
            ("API_PUBLIC_URL", "https://api.example.com/"),
            ("MAIL_FROM", "Jobs <jobs@example.com>"),
            ("CORS_ORIGINS", "http://localhost:5173, https://a.example"),
            ("MAX_RESUME_BYTES", "2048"),
            ("STORAGE_URL", "s3://resumes/jobportal"),
            ("AWS_ENDPOINT_URL", "http://127.0.0.1:9000"),
            ("AWS_REGION", "eu-west-1"),
        ])
        .unwrap();
        assert_eq!(config.storage_url.as_deref(), Some("s3://resumes/jobportal"));
        let s3: Vec<(&str, &str)> =
            config.s3_settings.iter().map(|(name, value)| (name.as_str(), value.expose_secret())).collect();
        assert_eq!(s3, [("AWS_REGION", "eu-west-1"), ("AWS_ENDPOINT_URL", "http://127.0.0.1:9000")]);
        assert_eq!(config.listen_addr.to_string(), "0.0.0.0:9000");
        assert_eq!(config.database, DatabaseUrl::Postgres("postgres://postgres@127.0.0.1/test".into()));
        assert_eq!(config.public_url, "https://jobs.example.com");
        assert_eq!(config.api_public_url, "https://api.example.com");
        assert_eq!(config.cors_origins.len(), 2);
        assert_eq!(config.max_resume_bytes, 2048);
        assert_eq!(config.vapid_subject, "mailto:jobs@example.com", "MAIL_FROM's address by default");
        assert!(!config.outbound_private, "off by default");
        let config =
            self::config(&[("VAPID_SUBJECT", "https://jobs.example.com/contact"), ("OUTBOUND_PRIVATE", "on")]).unwrap();
        assert_eq!(config.vapid_subject, "https://jobs.example.com/contact");
        assert!(config.outbound_private);
    }
}
