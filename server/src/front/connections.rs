//! The accept loop: HTTP/1.1 connections with a bound on how many are open, how long a client
//! may take to send a request's headers (idle keep-alive time included), and how long a request
//! may take; so slow or idle clients cannot hold the server's file descriptors or memory. Each
//! request is offered first to `kept`, which answers what it can without the stack of layers
//! (answers kept in memory, jobs read for their page or `getJob`); the rest go through the stack.
//! When the open connections near the bound, the ones idle longest (between requests, or never
//! having sent one) are closed to keep room for new visitors, so a few addresses holding idle
//! connections cannot starve everyone else. Also the process settings that go with it: the
//! open-files limit raised to its ceiling, and large allocations handed back to the operating
//! system when freed.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore};
use tower::{Service, ServiceExt};

use crate::front::kept::First;
use crate::http::error::ErrorBody;
use crate::http::shares::Shares;

/// How a connection is served.
#[derive(Clone, Copy, Debug)]
pub struct ConnectionLimits {
    pub max_connections: usize,
    /// Of those, how many one client address may hold (peers in `TRUSTED_PROXIES` are exempt).
    pub max_connections_per_client: usize,
    pub header_timeout: Duration,
    pub request_timeout: Duration,
    /// How long requests in flight have to end once the server stops accepting.
    pub grace: Duration,
}

pub const REQUEST_TIMEOUT_MESSAGE: &str = "The request took too long";

/// Serves `app` on `listener` until `shutdown` completes, then waits (at most `limits.grace`) for
/// the open requests to end. Long on purpose: a connection's whole life, from its slot to its
/// close, reads top to bottom in one place.
pub async fn serve<S>(
    listener: TcpListener,
    app: S,
    kept: Arc<crate::front::kept::Kept>,
    limits: ConnectionLimits,
    trusted_proxies: Arc<[ipnet::IpNet]>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + Sync + 'static,
    S::Future: Send + 'static,
{
    let open = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    // Kept free for new visitors: from half of it down, the longest idle connections are closed
    // until it is free again.
    let room = (limits.max_connections / 10).max(2);
    let registry = Arc::new(Registry::default());
    let per_client = Shares::new(limits.max_connections_per_client);
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(limits.header_timeout).keep_alive(true);
    let builder = Arc::new(builder);
    tokio::pin!(shutdown);
    loop {
        // Made room for in batches, so the look for the longest idle is not made at every accept
        // while clients keep reconnecting.
        let free = open.available_permits();
        if free <= room / 2 {
            registry.close_longest_idle(room - free);
        }
        // A connection is accepted only with a slot free; the rest wait in the kernel's queue.
        let slot = tokio::select! {
            slot = open.clone().acquire_owned() => slot.expect("the connection semaphore is never closed"),
            () = &mut shutdown => break,
        };
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Out of file descriptors, or a connection reset before it was accepted: wait
                    // a moment rather than spin, and go on.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        // A client that reopens every connection it can would otherwise hold every slot: beyond
        // its share it is told so and the connection closed, which frees the slot at once. A
        // proxy of ours carries many clients, whom it limits itself.
        let peer = remote.ip().to_canonical();
        let share = if crate::http::client::is_trusted(peer, &trusted_proxies) {
            None
        } else {
            match per_client.take(peer) {
                Some(share) => Some(share),
                None => {
                    refuse(stream);
                    continue;
                }
            }
        };
        // Without TCP_NODELAY a keep-alive connection waits on Nagle's algorithm for every response.
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let request_timeout = limits.request_timeout;
        let trusted_proxies = trusted_proxies.clone();
        let kept = kept.clone();
        let tracked = registry.open();
        let busy = tracked.clone();
        let service = tower::service_fn(move |mut request: Request<hyper::body::Incoming>| {
            // Busy until its answer's body is sent or dropped: never closed for room meanwhile.
            let busy = Busy::new(busy.clone());
            let client = crate::http::client::resolve(remote.ip(), request.headers(), &trusted_proxies);
            let https = crate::http::client::https(remote.ip(), request.headers(), &trusted_proxies);
            // An answer kept in memory goes at once, a job not kept is read first; either without
            // the stack (`kept`).
            let first = kept.first(&request, client, https.0);
            let (kept, app) = (kept.clone(), app.clone());
            async move {
                let read = match first {
                    First::Sent(answer) => return Ok(busy.until_sent(answer)),
                    First::Read => true,
                    First::Stack => false,
                };
                let answered = async {
                    if read && let Some(answer) = kept.read(&request, client, https.0).await {
                        return Ok(answer);
                    }
                    request.extensions_mut().insert(client);
                    request.extensions_mut().insert(https);
                    request.extensions_mut().insert(ConnectInfo(remote));
                    app.oneshot(request.map(axum::body::Body::new)).await
                };
                let answer = match tokio::time::timeout(request_timeout, answered).await {
                    Ok(response) => response,
                    Err(_) => Ok(timed_out()),
                };
                answer.map(|answer| busy.until_sent(answer))
            }
        });
        let connection = builder.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        let registry = registry.clone();
        tokio::spawn(async move {
            let _held = (slot, share);
            tokio::select! {
                ended = connection => if let Err(error) = ended {
                    tracing::debug!(%error, "connection ended with an error");
                },
                // Idle, and its slot is wanted: dropping the connection closes it.
                () = tracked.close.notified() => {}
            }
            registry.closed(&tracked);
        });
    }
    drop(listener);
    if tokio::time::timeout(limits.grace, graceful.shutdown()).await.is_err() {
        tracing::warn!(
            grace_secs = limits.grace.as_secs(),
            "open connections did not end within the grace time of the shutdown"
        );
    }
    Ok(())
}

/// The open connections, each with whether it is answering a request and since when it is idle.
#[derive(Default)]
struct Registry {
    next: AtomicU64,
    open: Mutex<HashMap<u64, Arc<Tracked>>>,
}

struct Tracked {
    id: u64,
    /// Requests whose answer is not yet sent.
    busy: AtomicUsize,
    /// When it was accepted or last finished an answer, in milliseconds since `epoch()`.
    idle_since: AtomicU64,
    close: Notify,
}

/// The instant `idle_since` counts from.
fn epoch() -> Instant {
    static EPOCH: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn millis_now() -> u64 {
    epoch().elapsed().as_millis() as u64
}

impl Registry {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Arc<Tracked>>> {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn open(&self) -> Arc<Tracked> {
        let id = self.next.fetch_add(1, Ordering::Relaxed);
        let tracked = Arc::new(Tracked {
            id,
            busy: AtomicUsize::new(0),
            idle_since: AtomicU64::new(millis_now()),
            close: Notify::new(),
        });
        self.lock().insert(id, tracked.clone());
        metrics::gauge!("jobportal_connections_open").increment(1.0);
        tracked
    }

    fn closed(&self, tracked: &Tracked) {
        self.lock().remove(&tracked.id);
        metrics::gauge!("jobportal_connections_open").decrement(1.0);
    }

    /// Tells the `count` connections idle longest to close (fewer when fewer are idle).
    fn close_longest_idle(&self, count: usize) {
        // Oldest first by when it became idle, then by when it was accepted: many are accepted
        // within one millisecond.
        let mut idle: Vec<((u64, u64), Arc<Tracked>)> = self
            .lock()
            .values()
            .filter(|tracked| tracked.busy.load(Ordering::Acquire) == 0)
            .map(|tracked| ((tracked.idle_since.load(Ordering::Relaxed), tracked.id), tracked.clone()))
            .collect();
        let count = count.min(idle.len());
        if count == 0 {
            return;
        }
        idle.select_nth_unstable_by_key(count - 1, |(age, _)| *age);
        for (_, tracked) in &idle[..count] {
            tracked.close.notify_one();
        }
        metrics::counter!("jobportal_connections_closed_for_room_total").increment(count as u64);
    }
}

/// A request of a connection, from its arrival until its answer's body is sent or dropped.
struct Busy(Arc<Tracked>);

impl Busy {
    fn new(tracked: Arc<Tracked>) -> Self {
        tracked.busy.fetch_add(1, Ordering::AcqRel);
        Self(tracked)
    }

    /// The answer, its body holding the connection busy until it is done.
    fn until_sent(self, answer: Response) -> Response {
        answer.map(|body| axum::body::Body::new(Sending { body, _busy: self }))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.idle_since.store(millis_now(), Ordering::Relaxed);
        self.0.busy.fetch_sub(1, Ordering::AcqRel);
    }
}

/// An answer's body being sent: the same bytes, with the connection marked busy.
struct Sending {
    body: axum::body::Body,
    _busy: Busy,
}

impl hyper::body::Body for Sending {
    type Data = bytes::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
    ) -> Poll<Option<Result<hyper::body::Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(context)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> hyper::body::SizeHint {
        self.body.size_hint()
    }
}

pub const TOO_MANY_CONNECTIONS_MESSAGE: &str = "Too many connections from this client";

/// Answers a connection beyond its client's share without reading from it (429, closed), in one
/// write that never waits: a client that does not read it loses only its own answer.
fn refuse(stream: tokio::net::TcpStream) {
    static ANSWER: std::sync::LazyLock<Vec<u8>> = std::sync::LazyLock::new(|| {
        let body = serde_json::to_string(&ErrorBody {
            success: false,
            message: TOO_MANY_CONNECTIONS_MESSAGE.into(),
            removed: false,
        })
        .expect("an error body serializes");
        format!(
            "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
             connection: close\r\ncontent-length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    });
    let _ = stream.try_write(&ANSWER);
}

fn timed_out() -> Response {
    let body = ErrorBody { success: false, message: REQUEST_TIMEOUT_MESSAGE.into(), removed: false };
    let mut response = (StatusCode::REQUEST_TIMEOUT, axum::Json(body)).into_response();
    // The request's body may be half-read: this connection cannot carry another request.
    response.headers_mut().insert(axum::http::header::CONNECTION, axum::http::HeaderValue::from_static("close"));
    response
}

/// Process-wide settings for serving many connections: raises the soft open-files limit to the
/// hard one (1,024 is a common soft default; each connection is one file), and makes glibc's
/// allocator (SQLite's and any C library's; the server's own is mimalloc, see main.rs) return
/// large blocks to the operating system when they are freed, instead of keeping them for reuse
/// after a burst has passed. Returns the open-files limit.
pub fn tune_process() -> u64 {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: mallopt and get/setrlimit only read and write the plain values passed to them.
        unsafe {
            // A fixed threshold also turns off glibc's sliding one, which would otherwise rise to
            // 32 MiB after the first large free and keep later hashes on the heap.
            libc::mallopt(libc::M_MMAP_THRESHOLD, 1024 * 1024);
            let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
                if limit.rlim_cur < limit.rlim_max {
                    let raised = libc::rlimit { rlim_cur: limit.rlim_max, rlim_max: limit.rlim_max };
                    if libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0 {
                        limit = raised;
                    }
                }
                return limit.rlim_cur;
            }
        }
    }
    u64::MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_open_files_limit_is_raised_to_its_ceiling() {
        let soft = tune_process();
        let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
        // SAFETY: getrlimit writes into the struct it is given.
        assert_eq!(unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) }, 0);
        assert_eq!(limit.rlim_cur, limit.rlim_max);
        assert_eq!(soft, limit.rlim_cur);
    }
}
