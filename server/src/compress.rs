//! Compression of the answers held whole in memory (the API's JSON, the server-drawn pages): in
//! one pass, brotli at quality 2 with its window sized to the answer. Measured on a search's 19 kB
//! of JSON (BENCHMARKS.md): 4.0 kB, as quality 4 gives (3.9 kB), for 13 % more searches a second
//! than tower-http's streaming brotli at quality 4, which costs as much again at quality 2
//! (quality 1: 6.5 kB). `tower_http`'s layer, outside this one, still compresses what streams
//! (files), and leaves an answer this layer encoded alone.

use std::io::Write;

use axum::body::{Body, HttpBody as _};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// Smaller answers go as they are: a few hundred bytes gain less than the headers cost.
const MIN_BYTES: u64 = 512;
/// Larger ones are left to the streaming layer.
const MAX_BYTES: u64 = 4 * 1024 * 1024;
const BROTLI_QUALITY: i32 = 2;
const GZIP_LEVEL: u32 = 4;

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

/// The encoding to answer in: brotli when the client takes it, else gzip; none when it takes
/// neither (an encoding given `q=0` is refused).
fn accepted(headers: &HeaderMap) -> Option<Encoding> {
    let (mut brotli, mut gzip) = (false, false);
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or_default().to_ascii_lowercase();
            let refused =
                parts.any(|part| part.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()).is_some_and(|q| q <= 0.0));
            match name.as_str() {
                "br" => brotli = !refused,
                "gzip" | "x-gzip" => gzip = !refused,
                _ => {}
            }
        }
    }
    if brotli {
        Some(Encoding::Brotli)
    } else if gzip {
        Some(Encoding::Gzip)
    } else {
        None
    }
}

/// Text worth compressing: JSON, HTML, XML, JavaScript, CSS, SVG and plain text.
fn compressible(headers: &HeaderMap) -> bool {
    let Some(kind) = headers.get(header::CONTENT_TYPE).and_then(|value| value.to_str().ok()) else { return false };
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

fn encode(encoding: Encoding, bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(bytes.len() / 3 + 64);
    match encoding {
        Encoding::Brotli => {
            let params = brotli::enc::BrotliEncoderParams {
                quality: BROTLI_QUALITY,
                lgwin: window_bits(bytes.len()),
                size_hint: bytes.len(),
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &bytes[..], &mut out, &params)?;
        }
        Encoding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(out, flate2::Compression::new(GZIP_LEVEL));
            encoder.write_all(bytes)?;
            out = encoder.finish()?;
        }
    }
    Ok(out)
}

/// Compresses an answer whose whole body is in memory, when the client takes brotli or gzip.
pub async fn in_memory(request: Request, next: Next) -> Response {
    let encoding = accepted(request.headers());
    let response = next.run(request).await;
    let Some(encoding) = encoding else { return response };
    let size = response.body().size_hint().exact();
    if !size.is_some_and(|size| (MIN_BYTES..=MAX_BYTES).contains(&size))
        || response.headers().contains_key(header::CONTENT_ENCODING)
        || !compressible(response.headers())
    {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let bytes = match axum::body::to_bytes(body, MAX_BYTES as usize).await {
        Ok(bytes) => bytes,
        Err(error) => return crate::error::AppError::internal(error).into_response(),
    };
    let compressed = match encode(encoding, &bytes) {
        Ok(compressed) => compressed,
        Err(error) => return crate::error::AppError::internal(error).into_response(),
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
        assert_eq!(accepted(&headers("gzip, deflate, br, zstd")), Some(Encoding::Brotli));
        assert_eq!(accepted(&headers("gzip")), Some(Encoding::Gzip));
        assert_eq!(accepted(&headers("br;q=0, gzip;q=0.5")), Some(Encoding::Gzip));
        assert_eq!(accepted(&headers("identity")), None);
        assert_eq!(accepted(&HeaderMap::new()), None);
    }

    #[test]
    fn the_window_holds_the_answer() {
        assert_eq!(window_bits(100), 10);
        assert_eq!(window_bits(20_000), 15);
        assert_eq!(window_bits(100_000_000), 24);
    }

    #[test]
    fn what_is_encoded_decodes_to_the_same_bytes() {
        let text = "{\"title\":\"Senior Rust Developer\",\"company\":\"Acme\"}".repeat(400);
        let brotli = encode(Encoding::Brotli, text.as_bytes()).unwrap();
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
        assert_eq!(decoded, text.as_bytes());
        assert!(brotli.len() < text.len() / 10);
        let gzip = encode(Encoding::Gzip, text.as_bytes()).unwrap();
        let mut decoded = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&gzip[..]), &mut decoded).unwrap();
        assert_eq!(decoded, text);
    }
}
