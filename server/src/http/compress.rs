//! Compression of the answers held whole in memory (the API's JSON, the server-drawn pages): in
//! one pass, brotli at quality 2 with its window sized to the answer: on a search's JSON about as
//! small as quality 4, for more searches a second than tower-http's streaming brotli, which costs
//! as much again at quality 2 (BENCHMARKS.md#search-at-full-speed). `tower_http`'s layer, outside
//! this one, still compresses what streams (files), and leaves an answer this layer encoded alone.
//!
//! An answer sent many times over (a job's page, the assets, a page with no data) is a [`Ready`]:
//! its bytes, and each encoding made once, the first time a client asks for it, at a quality worth
//! spending once. Neither layer compresses it again.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use bytes::Bytes;

use axum::body::{Body, HttpBody as _};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

pub mod pieces;

/// Smaller answers go as they are: a few hundred bytes gain less than the headers cost.
const MIN_BYTES: u64 = 512;
/// Larger ones are left to the streaming layer.
const MAX_BYTES: u64 = 4 * 1024 * 1024;
const BROTLI_QUALITY: i32 = 2;
const GZIP_LEVEL: u32 = 4;

/// How hard an answer's encodings are worked, and the one it is sent in when the client takes both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Effort {
    brotli: i32,
    gzip: u32,
    first: Encoding,
}

/// An answer compressed for each request (`in_memory`).
const PER_REQUEST: Effort = Effort { brotli: BROTLI_QUALITY, gzip: GZIP_LEVEL, first: Encoding::Brotli };

/// A job's answers (its page's own pieces, its `getJob`), compressed on its first read while the
/// client waits (BENCHMARKS.md#first-reads). On their few kilobytes gzip's level 2 costs less time
/// than level 4 for a few more bytes (a search's larger JSON would lose more, so `PER_REQUEST`
/// keeps level 4). And gzip goes first: at this effort it comes out smaller than brotli (quality 2
/// gains too little on a few kilobytes, and a page's pieces leave out its dictionary), and a page's
/// own pieces take less time to make in it.
const FIRST_READ_EFFORT: Effort = Effort { brotli: BROTLI_QUALITY, gzip: 2, first: Encoding::Gzip };

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    fn name(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }
}

/// The encoding to answer in: the one the client takes, `first` when it takes both; none when it
/// takes neither (an encoding given `q=0` is refused).
fn accepted(headers: &HeaderMap, first: Encoding) -> Option<Encoding> {
    let (mut brotli, mut gzip) = (false, false);
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default();
            let refused =
                parts.any(|part| part.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()).is_some_and(|q| q <= 0.0));
            if name.eq_ignore_ascii_case("br") {
                brotli = !refused;
            } else if name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip") {
                gzip = !refused;
            }
        }
    }
    match (brotli, gzip) {
        (true, true) => Some(first),
        (true, false) => Some(Encoding::Brotli),
        (false, true) => Some(Encoding::Gzip),
        (false, false) => None,
    }
}

/// Text worth compressing: JSON, HTML, XML, JavaScript, CSS, SVG and plain text.
fn compressible(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).is_some_and(compressible_type)
}

fn compressible_type(kind: &HeaderValue) -> bool {
    let Ok(kind) = kind.to_str() else { return false };
    let kind = kind.to_ascii_lowercase();
    kind.starts_with("text/") || ["json", "javascript", "xml", "svg"].iter().any(|name| kind.contains(name))
}

/// The smallest brotli window (in bits, 10 to 24) that holds `len` bytes.
fn window_bits(len: usize) -> i32 {
    let mut bits = 10;
    while bits < 24 && (1usize << bits) - 16 < len {
        bits += 1;
    }
    bits
}

fn encode(encoding: Encoding, bytes: &[u8], effort: Effort) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len() / 3 + 64);
    match encoding {
        Encoding::Brotli => {
            let params = brotli::enc::BrotliEncoderParams {
                quality: effort.brotli,
                lgwin: window_bits(bytes.len()),
                size_hint: bytes.len(),
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)?;
        }
        Encoding::Gzip => {
            out.extend_from_slice(&GZIP_HEADER);
            deflate(bytes, effort.gzip, Ends::Stream, &mut out)?;
            out.extend_from_slice(&crc32fast::hash(bytes).to_le_bytes());
            out.extend_from_slice(&(bytes.len() as u32).to_le_bytes());
        }
    }
    Ok(out)
}

/// A gzip member's header: deflate, no name or time, from an unknown system.
pub(crate) const GZIP_HEADER: [u8; 10] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff];

/// How `deflate`'s blocks end.
#[derive(Clone, Copy)]
pub(crate) enum Ends {
    /// With the final block: the whole of a stream.
    Stream,
    /// With a full flush: on a byte and referring to nothing before, to be joined with others.
    Piece,
}

thread_local! {
    /// Each thread's raw deflate compressors, one per level asked for (two: answers' and lasting
    /// ones'). Made once: a new compressor's tables cost more to set up than a job's page costs
    /// to compress, and a used one is made ready again by clearing its hash table alone.
    static DEFLATERS: RefCell<Vec<(u32, flate2::Compress)>> = const { RefCell::new(Vec::new()) };
}

/// `text` as raw deflate blocks at `level`, appended to `out`.
pub(crate) fn deflate(text: &[u8], level: u32, ends: Ends, out: &mut Vec<u8>) -> std::io::Result<()> {
    DEFLATERS.with_borrow_mut(|deflaters| {
        let at = match deflaters.iter().position(|(made_at, _)| *made_at == level) {
            Some(at) => at,
            None => {
                deflaters.push((level, flate2::Compress::new(flate2::Compression::new(level), false)));
                deflaters.len() - 1
            }
        };
        let compress = &mut deflaters[at].1;
        compress.reset();
        let flush = match ends {
            Ends::Stream => flate2::FlushCompress::Finish,
            Ends::Piece => flate2::FlushCompress::Full,
        };
        loop {
            let read = compress.total_in() as usize;
            out.reserve(text.len() / 4 + 64);
            let status = compress.compress_vec(&text[read..], out, flush).map_err(std::io::Error::other)?;
            let all_in = compress.total_in() as usize == text.len();
            // Done when every byte went in and the end was written: the stream's end, or a flush
            // whose output fitted.
            let done = match ends {
                Ends::Stream => status == flate2::Status::StreamEnd,
                Ends::Piece => all_in && out.len() < out.capacity(),
            };
            if done {
                return Ok(());
            }
        }
    })
}

/// An answer kept to be sent again and again: its status, type and bytes, and each encoding of
/// them, made on first ask.
pub struct Ready {
    status: StatusCode,
    content_type: HeaderValue,
    body: Bytes,
    effort: Effort,
    brotli: OnceLock<Option<Bytes>>,
    gzip: OnceLock<Option<Bytes>>,
    /// A count of bytes held that this answer adds itself to (its body, and each encoding as it
    /// is made) and leaves when dropped.
    held: Option<Arc<AtomicUsize>>,
}

/// The effort spent on an answer made once per process (an asset, a fixed page): brotli at
/// quality 6 and gzip at 9 leave the largest script smaller than the per-answer settings, for a
/// few milliseconds a page, paid once. A job's answer is made once per change, and the first read
/// of each of many jobs pays it, so it takes `FIRST_READ_EFFORT`.
const LASTING_EFFORT: Effort = Effort { brotli: 6, gzip: 9, first: Encoding::Brotli };

/// Marks an answer whose encoding is settled: the layers leave it as it is.
#[derive(Clone, Copy)]
struct Settled;

impl Ready {
    /// A job's answer, encoded at `FIRST_READ_EFFORT`.
    pub fn new(status: StatusCode, content_type: HeaderValue, body: impl Into<Vec<u8>>) -> Self {
        Self {
            status,
            content_type,
            body: exact(body.into()),
            effort: FIRST_READ_EFFORT,
            brotli: OnceLock::new(),
            gzip: OnceLock::new(),
            held: None,
        }
    }

    /// An answer made once per process: its encodings are worth more effort.
    pub fn lasting(status: StatusCode, content_type: HeaderValue, body: impl Into<Vec<u8>>) -> Self {
        let mut ready = Self::new(status, content_type, body);
        ready.effort = LASTING_EFFORT;
        ready
    }

    /// Counts the bytes this answer holds into `held`, from now until it is dropped.
    pub fn counted(mut self, held: Arc<AtomicUsize>) -> Self {
        held.fetch_add(self.size(), Ordering::Relaxed);
        self.held = Some(held);
        self
    }

    /// The bytes held: the body and the encodings made so far.
    pub fn size(&self) -> usize {
        let made = |cell: &OnceLock<Option<Bytes>>| cell.get().and_then(Option::as_ref).map_or(0, Bytes::len);
        self.body.len() + made(&self.brotli) + made(&self.gzip)
    }

    /// The answer to a request with these headers: in brotli or gzip when the client takes one
    /// and it is smaller, else as it is; when it takes both, in the one its effort puts first.
    pub fn answer(&self, request: &HeaderMap) -> Response {
        let worth = (MIN_BYTES..=MAX_BYTES).contains(&(self.body.len() as u64));
        let compressible = worth && compressible_type(&self.content_type);
        let encoded = accepted(request, self.effort.first).filter(|_| compressible).and_then(|encoding| {
            let cell = match encoding {
                Encoding::Brotli => &self.brotli,
                Encoding::Gzip => &self.gzip,
            };
            let made = cell.get_or_init(|| {
                let made = encode(encoding, &self.body, self.effort)
                    .ok()
                    .filter(|made| made.len() < self.body.len())
                    .map(exact);
                if let (Some(held), Some(made)) = (&self.held, &made) {
                    held.fetch_add(made.len(), Ordering::Relaxed);
                }
                made
            });
            made.clone().map(|bytes| (encoding, bytes))
        });
        settled(self.status, &self.content_type, compressible, encoded.ok_or_else(|| self.body.clone()))
    }
}

/// `bytes` to be kept, in an allocation of their length: a grown buffer's spare capacity (up to as
/// much again) would be held unseen by the count of bytes held, and shrinking it in place frees
/// nothing (mimalloc keeps a block shrunk by up to half where it is).
fn exact(bytes: Vec<u8>) -> Bytes {
    if bytes.capacity() == bytes.len() { Bytes::from(bytes) } else { Bytes::copy_from_slice(&bytes) }
}

/// A settled answer: `body` in its encoding, or as it is; `Vary` when it could have been encoded.
fn settled(
    status: StatusCode,
    content_type: &HeaderValue,
    compressible: bool,
    body: Result<(Encoding, Bytes), Bytes>,
) -> Response {
    let mut response = match body {
        Ok((encoding, bytes)) => {
            let mut response = Response::new(Body::from(bytes));
            response.headers_mut().insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding.name()));
            response
        }
        Err(bytes) => Response::new(Body::from(bytes)),
    };
    *response.status_mut() = status;
    response.headers_mut().insert(header::CONTENT_TYPE, content_type.clone());
    if compressible {
        response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response.extensions_mut().insert(Settled);
    response
}

/// What tower-http's layer compresses: what streams (a file), at least `MIN_BYTES` long when its
/// length is known, and never a settled answer. (Its own threshold, 32 bytes, had it compress small
/// JSON errors with a fresh brotli encoder each.)
pub fn streaming() -> impl tower_http::compression::Predicate {
    use tower_http::compression::Predicate as _;
    use tower_http::compression::predicate::{DefaultPredicate, SizeAbove};
    DefaultPredicate::new().and(SizeAbove::new(MIN_BYTES)).and(
        |_: StatusCode, _: axum::http::Version, _: &HeaderMap, extensions: &axum::http::Extensions| {
            extensions.get::<Settled>().is_none()
        },
    )
}

impl Drop for Ready {
    fn drop(&mut self) {
        if let Some(held) = &self.held {
            held.fetch_sub(self.size(), Ordering::Relaxed);
        }
    }
}

/// Compresses an answer whose whole body is in memory, when the client takes brotli or gzip.
pub async fn in_memory(request: Request, next: Next) -> Response {
    let encoding = accepted(request.headers(), PER_REQUEST.first);
    let response = next.run(request).await;
    let Some(encoding) = encoding else { return response };
    let size = response.body().size_hint().exact();
    if !size.is_some_and(|size| (MIN_BYTES..=MAX_BYTES).contains(&size))
        || response.headers().contains_key(header::CONTENT_ENCODING)
        || response.extensions().get::<Settled>().is_some()
        || !compressible(response.headers())
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_BYTES as usize).await {
        Ok(bytes) => bytes,
        Err(error) => return crate::http::error::AppError::internal(error).into_response(),
    };
    let compressed = match encode(encoding, &bytes, PER_REQUEST) {
        Ok(compressed) => compressed,
        Err(error) => return crate::http::error::AppError::internal(error).into_response(),
    };
    parts.headers.insert(header::CONTENT_ENCODING, HeaderValue::from_static(encoding.name()));
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    Response::from_parts(parts, Body::from(compressed))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(accept: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(accept).unwrap());
        headers
    }

    #[test]
    fn brotli_first_then_gzip_and_a_zero_quality_refuses() {
        assert_eq!(accepted(&headers("gzip, deflate, br, zstd"), PER_REQUEST.first), Some(Encoding::Brotli));
        assert_eq!(accepted(&headers("gzip"), PER_REQUEST.first), Some(Encoding::Gzip));
        assert_eq!(accepted(&headers("br;q=0, gzip;q=0.5"), PER_REQUEST.first), Some(Encoding::Gzip));
        assert_eq!(accepted(&headers("identity"), PER_REQUEST.first), None);
        assert_eq!(
            accepted(&headers("GZIP"), PER_REQUEST.first),
            Some(Encoding::Gzip),
            "names are matched without regard to case"
        );
        assert_eq!(accepted(&HeaderMap::new(), PER_REQUEST.first), None);
    }

    #[test]
    fn a_job_answer_goes_in_gzip_when_the_client_takes_it_and_in_brotli_only_when_it_takes_brotli_alone() {
        let browser = headers("gzip, deflate, br, zstd");
        assert_eq!(accepted(&browser, FIRST_READ_EFFORT.first), Some(Encoding::Gzip));
        assert_eq!(accepted(&browser, LASTING_EFFORT.first), Some(Encoding::Brotli));
        assert_eq!(accepted(&headers("br"), FIRST_READ_EFFORT.first), Some(Encoding::Brotli));
        assert_eq!(accepted(&headers("gzip;q=0, br"), FIRST_READ_EFFORT.first), Some(Encoding::Brotli));
        assert_eq!(accepted(&headers("identity"), FIRST_READ_EFFORT.first), None);
        let text = "<p>Rust developer in Pune</p>".repeat(100);
        let job = Ready::new(StatusCode::OK, HeaderValue::from_static("text/html; charset=utf-8"), text.clone());
        assert_eq!(job.answer(&browser).headers()[header::CONTENT_ENCODING], "gzip");
        assert_eq!(job.answer(&headers("br")).headers()[header::CONTENT_ENCODING], "br");
        let asset = Ready::lasting(StatusCode::OK, HeaderValue::from_static("text/javascript"), text);
        assert_eq!(asset.answer(&browser).headers()[header::CONTENT_ENCODING], "br");
    }

    #[test]
    fn the_window_holds_the_answer() {
        assert_eq!(window_bits(100), 10);
        assert_eq!(window_bits(20_000), 15);
        assert_eq!(window_bits(100_000_000), 24);
    }

    #[test]
    fn a_ready_answer_is_encoded_once_per_encoding_and_counts_what_it_holds() {
        let held = Arc::new(AtomicUsize::new(0));
        let text = "<p>Senior Rust Developer at Acme</p>".repeat(100);
        let ready = Ready::new(StatusCode::GONE, HeaderValue::from_static("text/html; charset=utf-8"), text.clone())
            .counted(held.clone());
        assert_eq!(held.load(Ordering::Relaxed), text.len());
        let identity = ready.answer(&headers("identity"));
        assert_eq!(identity.status(), StatusCode::GONE);
        assert_eq!(identity.headers().get(header::CONTENT_ENCODING), None);
        assert_eq!(identity.headers()[header::VARY], "accept-encoding");
        let brotli = ready.answer(&headers("br"));
        assert_eq!(brotli.headers()[header::CONTENT_ENCODING], "br");
        assert!(brotli.extensions().get::<Settled>().is_some(), "the layers leave it as it is");
        let made = held.load(Ordering::Relaxed) - text.len();
        assert!(made > 0 && made < text.len() / 10, "{made} bytes of brotli");
        ready.answer(&headers("br"));
        assert_eq!(held.load(Ordering::Relaxed), text.len() + made, "made once");
        drop(ready);
        assert_eq!(held.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn a_small_or_binary_ready_answer_goes_as_it_is() {
        let small = Ready::new(StatusCode::OK, HeaderValue::from_static("application/json"), "{}");
        let answer = small.answer(&headers("br"));
        assert_eq!((answer.headers().get(header::CONTENT_ENCODING), answer.headers().get(header::VARY)), (None, None));
        let image = Ready::new(StatusCode::OK, HeaderValue::from_static("image/png"), vec![7u8; 4096]);
        assert_eq!(image.answer(&headers("br")).headers().get(header::CONTENT_ENCODING), None);
    }

    #[test]
    fn what_is_encoded_decodes_to_the_same_bytes() {
        let text = "{\"title\":\"Senior Rust Developer\",\"company\":\"Acme\"}".repeat(400);
        let brotli = encode(Encoding::Brotli, text.as_bytes(), PER_REQUEST).unwrap();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
        assert_eq!(decoded, text.as_bytes());
        assert!(brotli.len() < text.len() / 10);
        let gzip = encode(Encoding::Gzip, text.as_bytes(), PER_REQUEST).unwrap();
        let mut decoded = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded).unwrap();
        assert_eq!(decoded, text);
    }

    #[test]
    fn a_threads_kept_compressor_starts_each_answer_afresh_at_its_own_level() {
        let gunzip = |gzip: &[u8]| {
            let mut decoded = String::new();
            std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(gzip), &mut decoded).unwrap();
            decoded
        };
        let first = "<p>Rust developer in Pune</p>".repeat(200);
        let second = "<p>Go developer in Berlin</p>".repeat(150);
        // A piece leaves the stream unended: the next use must begin afresh all the same.
        let mut cut = Vec::new();
        deflate(first.as_bytes(), GZIP_LEVEL, Ends::Piece, &mut cut).unwrap();
        let fast = encode(Encoding::Gzip, second.as_bytes(), PER_REQUEST).unwrap();
        let lasting = encode(Encoding::Gzip, second.as_bytes(), LASTING_EFFORT).unwrap();
        assert_eq!(gunzip(&fast), second);
        assert_eq!(gunzip(&lasting), second);
        assert!(lasting.len() <= fast.len(), "level 9 gives no more than level 4");
        // The same answer again is the same bytes: nothing of the last one carried over.
        assert_eq!(encode(Encoding::Gzip, second.as_bytes(), PER_REQUEST).unwrap(), fast);
        let elsewhere =
            std::thread::spawn(move || encode(Encoding::Gzip, second.as_bytes(), PER_REQUEST).unwrap()).join().unwrap();
        assert_eq!(elsewhere, fast, "another thread's compressor makes the same bytes");
    }
}
