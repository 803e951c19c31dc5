//! Pages kept as the pieces they share with every page of their kind (the app's shell around a
//! job) and the pieces of their own, so that thousands of jobs' pages hold the shell once
//! (docs/operations.md#serving-reads-from-memory). Each encoding of a page is joined from its
//! pieces' encodings, each piece compressed on its own, the shared ones once per process:
//!
//! - gzip: one member whose deflate data is each piece's blocks ended by a full flush (so each
//!   ends on a byte and refers to nothing before it), then an empty final block, and the CRC-32
//!   and length of the whole page (reckoned when the page's own pieces are compressed);
//! - brotli: a stream header, then each piece compressed to be joined ("catable": it starts and
//!   ends on a byte, has no header of its own and no reference before itself or into the static
//!   dictionary, whose addresses would shift), then the final empty meta-block.
//!
//! Joining is copying: a request pays a few kilobytes of `memcpy`, never a compression.

use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::{FxHashMap, FxHashSet};

use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use bytes::{BufMut, Bytes, BytesMut};

use super::{
    BROTLI_QUALITY, Encoding, Ends, FIRST_READ_EFFORT, GZIP_HEADER, LASTING_EFFORT, MAX_BYTES, MIN_BYTES, accepted,
    compressible_type, deflate, exact, settled,
};

/// A run of shared lines shorter than this goes with the page's own text: a piece of its own
/// would cost more in its encodings' framing than it saves.
const MIN_SHARED: usize = 128;
/// The most distinct shared runs a shell keeps; past it, a run is the page's own.
const MAX_SHARED: usize = 64;
/// The brotli window every piece is compressed with and the stream header names: a piece's
/// references reach back at most this far, however long the page.
const BROTLI_WINDOW: i32 = 16;
/// Deflate's empty final block (fixed Huffman codes, end of block), after a full flush.
const DEFLATE_END: [u8; 2] = [0x03, 0x00];
/// Brotli's final empty meta-block (ISLAST, ISLASTEMPTY) after a byte-aligned piece.
const BROTLI_END: u8 = 0x03;
/// What a kept page costs besides its bytes: its list of pieces and the cells of its encodings.
const PAGE_OVERHEAD: usize = 256;

/// The lines every page of a kind may share (its template's), and the runs of them met so far,
/// each with its encodings made once.
///
/// Both are hashed with Fx, not SipHash: every line of every page drawn is looked up, and no
/// client chooses a key (the lines are the templates', a run is made of them, and there are at most
/// `MAX_SHARED` runs), so none can fill them with colliding keys.
pub struct Shell {
    lines: FxHashSet<Box<str>>,
    runs: Mutex<FxHashMap<Box<str>, Arc<Shared>>>,
    /// The brotli stream header for `BROTLI_WINDOW`.
    brotli_header: Bytes,
}

/// A run of lines shared by many pages, and its encodings as pieces.
struct Shared {
    text: Bytes,
    deflate: OnceLock<Option<Bytes>>,
    brotli: OnceLock<Option<Bytes>>,
}

impl Shell {
    /// A shell of the lines of `templates` (the pages of this kind as drawn with nothing of their own).
    pub fn new<'a>(templates: impl IntoIterator<Item = &'a str>) -> Self {
        let lines = templates.into_iter().flat_map(|page| page.split_inclusive('\n')).map(Box::from).collect();
        // A stream whose first meta-block is an empty one (metadata), ending on a byte.
        let header = brotli_piece(b"", true, BROTLI_QUALITY).expect("an empty brotli stream");
        Self { lines, runs: Mutex::default(), brotli_header: header.into() }
    }

    /// `page` as its shared runs and its own text.
    pub fn split(&self, status: StatusCode, content_type: HeaderValue, page: String) -> Pieced {
        // The page's lines as runs: those of the shell's lines, and the others.
        let mut runs: Vec<(bool, Range<usize>)> = Vec::new();
        let mut at = 0;
        for line in page.split_inclusive('\n') {
            let (shell, span) = (self.lines.contains(line), at..at + line.len());
            at = span.end;
            match runs.last_mut() {
                Some((kind, run)) if *kind == shell => run.end = span.end,
                _ => runs.push((shell, span)),
            }
        }
        let (mut parts, mut own, mut own_ends) = (Vec::new(), String::new(), Vec::new());
        let mut known = self.runs.lock().expect("the shell's lock");
        for (shell, run) in runs {
            let text = &page[run];
            // The page's own runs are never looked up (the job's description among them).
            let shared = if !shell || text.len() < MIN_SHARED {
                None
            } else if let Some(shared) = known.get(text) {
                Some(shared.clone())
            } else if known.len() < MAX_SHARED {
                let shared = Arc::new(Shared::new(text));
                known.insert(text.into(), shared.clone());
                Some(shared)
            } else {
                None
            };
            match shared {
                Some(shared) => parts.push(Part::Shared(shared)),
                None => push_own(&mut parts, &mut own, &mut own_ends, text),
            }
        }
        drop(known);
        parts.shrink_to_fit();
        own_ends.shrink_to_fit();
        Pieced {
            status,
            content_type,
            len: page.len(),
            parts,
            own: exact(own.into_bytes()),
            own_ends,
            brotli_header: self.brotli_header.clone(),
            gzip: OnceLock::new(),
            brotli: OnceLock::new(),
            held: None,
        }
    }
}

/// Appends `text` to the page's own text: to its last own piece when the last part is its own.
fn push_own(parts: &mut Vec<Part>, own: &mut String, ends: &mut Vec<usize>, text: &str) {
    own.push_str(text);
    match (parts.last(), ends.last_mut()) {
        (Some(Part::Own), Some(end)) => *end = own.len(),
        _ => {
            parts.push(Part::Own);
            ends.push(own.len());
        }
    }
}

impl Shared {
    fn new(text: &str) -> Self {
        Self { text: Bytes::copy_from_slice(text.as_bytes()), deflate: OnceLock::new(), brotli: OnceLock::new() }
    }

    /// This run as a piece in `encoding`; `None` if it could not be compressed.
    fn encoded(&self, encoding: Encoding) -> Option<&[u8]> {
        let made = match encoding {
            Encoding::Gzip => {
                self.deflate.get_or_init(|| deflate_piece(&self.text, LASTING_EFFORT.gzip).ok().map(Bytes::from))
            }
            Encoding::Brotli => {
                self.brotli.get_or_init(|| brotli_piece(&self.text, false, LASTING_EFFORT.brotli).ok().map(Bytes::from))
            }
        };
        made.as_deref()
    }
}

enum Part {
    Shared(Arc<Shared>),
    /// The next of the page's own pieces.
    Own,
}

/// A page as the pieces it shares and its own, with each encoding of its own pieces made the
/// first time a client asks for it.
pub struct Pieced {
    status: StatusCode,
    content_type: HeaderValue,
    len: usize,
    parts: Vec<Part>,
    /// The page's own pieces, one after another, and where each ends.
    own: Bytes,
    own_ends: Vec<usize>,
    brotli_header: Bytes,
    gzip: OnceLock<Option<Own>>,
    brotli: OnceLock<Option<Own>>,
    held: Option<Arc<AtomicUsize>>,
}

/// The page's own pieces in one encoding, one after another, and where each ends.
struct Own {
    bytes: Bytes,
    ends: Vec<usize>,
    /// The whole page's CRC-32 (gzip's trailer).
    crc: u32,
    /// The length of the whole encoded page.
    len: usize,
}

impl Pieced {
    /// Counts the bytes this page holds into `held`, from now until it is dropped.
    pub fn counted(mut self, held: Arc<AtomicUsize>) -> Self {
        held.fetch_add(self.size(), Ordering::Relaxed);
        self.held = Some(held);
        self
    }

    /// The bytes held: the page's own text and the encodings of it made so far (the shared runs
    /// are the shell's).
    pub fn size(&self) -> usize {
        let made = |cell: &OnceLock<Option<Own>>| cell.get().and_then(Option::as_ref).map_or(0, |own| own.bytes.len());
        PAGE_OVERHEAD
            + (self.parts.len() + self.own_ends.len()) * size_of::<Part>()
            + self.own.len()
            + made(&self.gzip)
            + made(&self.brotli)
    }

    /// The whole page as it is.
    pub fn identity(&self) -> Bytes {
        self.join(self.len, &[], (&self.own, &self.own_ends), |shared| &shared.text, &[])
    }

    /// The answer to a request with these headers: in gzip or brotli when the client takes one
    /// (gzip when it takes both: its own pieces are made at `FIRST_READ_EFFORT`), else as it is;
    /// as `compress::Ready` answers.
    pub fn answer(&self, request: &HeaderMap) -> Response {
        let compressible =
            (MIN_BYTES..=MAX_BYTES).contains(&(self.len as u64)) && compressible_type(&self.content_type);
        let encoded = accepted(request, FIRST_READ_EFFORT.first)
            .filter(|_| compressible)
            .and_then(|encoding| self.encoded(encoding).map(|bytes| (encoding, bytes)));
        let body = match encoded {
            Some(encoded) => Ok(encoded),
            None => Err(self.identity()),
        };
        settled(self.status, &self.content_type, compressible, body)
    }

    fn encoded(&self, encoding: Encoding) -> Option<Bytes> {
        let cell = match encoding {
            Encoding::Brotli => &self.brotli,
            Encoding::Gzip => &self.gzip,
        };
        let own = cell.get_or_init(|| {
            let own = self.encode_own(encoding).filter(|own| own.len < self.len);
            if let (Some(held), Some(own)) = (&self.held, &own) {
                held.fetch_add(own.bytes.len(), Ordering::Relaxed);
            }
            own
        });
        let own = own.as_ref()?;
        Some(match encoding {
            Encoding::Gzip => {
                let mut trailer = [0u8; 10];
                trailer[..2].copy_from_slice(&DEFLATE_END);
                trailer[2..6].copy_from_slice(&own.crc.to_le_bytes());
                trailer[6..].copy_from_slice(&(self.len as u32).to_le_bytes());
                self.join(own.len, &GZIP_HEADER, (&own.bytes, &own.ends), |shared| piece(shared, encoding), &trailer)
            }
            Encoding::Brotli => self.join(
                own.len,
                &self.brotli_header,
                (&own.bytes, &own.ends),
                |shared| piece(shared, encoding),
                &[BROTLI_END],
            ),
        })
    }

    /// The page's own pieces in `encoding`, and what the whole page will be.
    fn encode_own(&self, encoding: Encoding) -> Option<Own> {
        let mut bytes = Vec::with_capacity(self.own.len() / 2);
        let mut ends = Vec::new();
        let mut crc = crc32fast::Hasher::new();
        let (mut from, mut own_ends) = (0, self.own_ends.iter());
        let mut len = match encoding {
            Encoding::Gzip => GZIP_HEADER.len() + DEFLATE_END.len() + 8,
            Encoding::Brotli => self.brotli_header.len() + 1,
        };
        for part in &self.parts {
            match part {
                Part::Shared(shared) => {
                    crc.update(&shared.text);
                    len += shared.encoded(encoding)?.len();
                }
                Part::Own => {
                    let text = &self.own[from..*own_ends.next()?];
                    from += text.len();
                    crc.update(text);
                    let piece = match encoding {
                        Encoding::Gzip => deflate_piece(text, FIRST_READ_EFFORT.gzip),
                        Encoding::Brotli => brotli_piece(text, false, FIRST_READ_EFFORT.brotli),
                    }
                    .ok()?;
                    len += piece.len();
                    bytes.extend_from_slice(&piece);
                    ends.push(bytes.len());
                }
            }
        }
        Some(Own { bytes: exact(bytes), ends, crc: crc.finalize(), len })
    }

    /// `len` bytes: `head`, the parts (the own ones cut from `own` at its `ends`, the shared ones
    /// as `shared` gives them), then `tail`.
    fn join<'a>(
        &'a self,
        len: usize,
        head: &[u8],
        (own, ends): (&[u8], &[usize]),
        shared: impl Fn(&'a Shared) -> &'a [u8],
        tail: &[u8],
    ) -> Bytes {
        let mut out = BytesMut::with_capacity(len);
        out.put_slice(head);
        let (mut from, mut ends) = (0, ends.iter());
        for part in &self.parts {
            match part {
                Part::Shared(piece) => out.put_slice(shared(piece)),
                Part::Own => {
                    let end = ends.next().copied().unwrap_or(from);
                    out.put_slice(&own[from..end]);
                    from = end;
                }
            }
        }
        out.put_slice(tail);
        out.freeze()
    }
}

impl Drop for Pieced {
    fn drop(&mut self) {
        if let Some(held) = &self.held {
            held.fetch_sub(self.size(), Ordering::Relaxed);
        }
    }
}

/// A shared run's piece in `encoding`, which `encode_own` found made before the page's own were.
fn piece(shared: &Shared, encoding: Encoding) -> &[u8] {
    shared.encoded(encoding).unwrap_or_default()
}

/// `text` as raw deflate blocks ending in a full flush: on a byte, referring to nothing before.
fn deflate_piece(text: &[u8], level: u32) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() / 2 + 64);
    deflate(text, level, Ends::Piece, &mut out)?;
    Ok(out)
}

/// `text` as a brotli piece to be joined: the stream's header when `first`, none otherwise; on a
/// byte at both ends; no final meta-block.
fn brotli_piece(text: &[u8], first: bool, quality: i32) -> std::io::Result<Vec<u8>> {
    let params = brotli::enc::BrotliEncoderParams {
        quality,
        lgwin: BROTLI_WINDOW,
        size_hint: text.len(),
        catable: !first,
        appendable: true,
        use_dictionary: false,
        byte_align: true,
        bare_stream: true,
        ..Default::default()
    };
    let mut out = Vec::with_capacity(text.len() / 3 + 16);
    brotli::BrotliCompress(&mut &text[..], &mut out, &params)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use std::io::Read as _;

    use axum::http::header;

    use super::*;

    const TEMPLATE: &str = "<!doctype html>\n<html lang=\"en\">\n  <head>\n    <meta charset=\"UTF-8\" />\n    \
        <link rel=\"stylesheet\" crossorigin href=\"/assets/index-H8tQKKLo.css\">\n    \
        <script defer src=\"/boot.js\" data-entry=\"/assets/index-BrXMUVW3.js\"></script>\n  </head>\n  <body>\n    \
        <div id=\"root\">\n      <header class=\"border-b border-gray-200 bg-white\"><a href=\"/\">jobportal</a></header>\n      \
        <!--main-->\n    </div>\n  </body>\n</html>\n";

    /// A job's page as the site draws it: the template with a head and content of its own.
    fn page(job: usize) -> String {
        let words = ["Rust", "developer", "salary", "remote", "<li class=\"rounded-full\">", "Pune", "\n"];
        let description: String = (0..400).map(|i| words[(i * 7 + job * 3) % words.len()]).collect();
        TEMPLATE
            .replace("  </head>", &format!("    <title>Job {job}</title>\n  </head>"))
            .replace("      <!--main-->\n", &format!("      <main>{description}</main>\n"))
    }

    fn headers(accept: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(accept).unwrap());
        headers
    }

    async fn body(response: Response) -> Vec<u8> {
        axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap().to_vec()
    }

    fn html() -> HeaderValue {
        HeaderValue::from_static("text/html; charset=utf-8")
    }

    #[tokio::test]
    async fn a_page_kept_in_pieces_is_the_same_page_in_every_encoding() {
        let shell = Shell::new([TEMPLATE]);
        for job in 0..3 {
            let drawn = page(job);
            let pieced = shell.split(StatusCode::OK, html(), drawn.clone());
            assert!(pieced.parts.iter().any(|part| matches!(part, Part::Shared(_))), "the shell is shared");

            let identity = pieced.answer(&headers("identity"));
            assert_eq!(identity.headers().get(header::CONTENT_ENCODING), None);
            assert_eq!(identity.headers()[header::VARY], "accept-encoding");
            assert_eq!(body(identity).await, drawn.as_bytes());

            let gzip = pieced.answer(&headers("gzip"));
            assert_eq!(gzip.headers()[header::CONTENT_ENCODING], "gzip");
            let gzip = body(gzip).await;
            assert!(gzip.len() < drawn.len() / 2, "{} bytes of gzip for {}", gzip.len(), drawn.len());
            let mut decoded = String::new();
            flate2::read::GzDecoder::new(&gzip[..]).read_to_string(&mut decoded).unwrap();
            assert_eq!(decoded, drawn);
            // Read as a strict decoder does: one member, and nothing after it.
            let mut decoder = flate2::read::GzDecoder::new(&gzip[..]);
            decoder.read_to_end(&mut Vec::new()).unwrap();
            assert!(decoder.into_inner().is_empty(), "nothing follows the member");

            // Asked with gzip too, gzip (smaller at a first read's effort: `FIRST_READ_EFFORT`).
            let both = pieced.answer(&headers("gzip, br"));
            assert_eq!(both.headers()[header::CONTENT_ENCODING], "gzip");
            assert_eq!(body(both).await, gzip);
            let brotli = pieced.answer(&headers("br"));
            assert_eq!(brotli.headers()[header::CONTENT_ENCODING], "br");
            let brotli = body(brotli).await;
            assert!(brotli.len() < drawn.len() / 2, "{} bytes of brotli for {}", brotli.len(), drawn.len());
            let mut decoded = Vec::new();
            brotli::BrotliDecompress(&mut &brotli[..], &mut decoded).unwrap();
            assert_eq!(decoded, drawn.as_bytes());
        }
        assert_eq!(shell.runs.lock().unwrap().len(), 2, "every job's page shares the same two runs");
    }

    #[test]
    fn a_kept_page_counts_only_its_own_bytes() {
        let shell = Shell::new([TEMPLATE]);
        let held = Arc::new(AtomicUsize::new(0));
        let drawn = page(1);
        let pieced = shell.split(StatusCode::OK, html(), drawn.clone()).counted(held.clone());
        let own = held.load(Ordering::Relaxed);
        assert!(own < drawn.len() - TEMPLATE.len() / 2 + PAGE_OVERHEAD + 64, "{own} bytes held for {}", drawn.len());
        pieced.answer(&headers("br"));
        let with_brotli = held.load(Ordering::Relaxed);
        assert!(with_brotli > own);
        pieced.answer(&headers("br"));
        assert_eq!(held.load(Ordering::Relaxed), with_brotli, "made once");
        drop(pieced);
        assert_eq!(held.load(Ordering::Relaxed), 0);
    }

    #[test]
    fn lines_the_template_has_not_are_the_pages_own_and_short_runs_too() {
        let shell = Shell::new([TEMPLATE]);
        let pieced = shell.split(StatusCode::OK, html(), "<p>hello</p>\n  <body>\n<p>bye</p>\n".to_string());
        assert!(matches!(pieced.parts[..], [Part::Own]), "one own piece: the shared line is too short to share");
        assert_eq!(pieced.identity(), "<p>hello</p>\n  <body>\n<p>bye</p>\n");
    }
}
