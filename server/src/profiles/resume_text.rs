//! The resume's words (docs/rules.md#resume-text): the text of an applicant's PDF, read off the
//! request's path and kept with the profile, for the applicant search and the skills offered.
//!
//! A PDF is read by a child process (this program, run as `jobportal read-pdf-text`), never in
//! the server's own: a malformed file that makes the PDF library panic, overflow its stack or loop
//! costs the child, which is bounded in memory, CPU time and wall time and killed past them.
//! `run` is the task that reads each pending resume, one at a time per instance; a claim in the
//! database keeps two instances off the same one, and passes it on when its reader stopped.

use std::collections::HashSet;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{ExitCode, Stdio};
use std::time::Duration;

use bytes::Bytes;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::watch;

use crate::db::now_millis;
use crate::state::AppState;

use super::repo;

/// The command the child process is run with (`main` answers it before reading any setting).
pub const CHILD_COMMAND: &str = "read-pdf-text";
/// Pages read of a resume; the rest are left out.
pub const MAX_PAGES: u32 = 20;
/// The most text kept of a resume, in bytes (cut at a character's end).
pub const MAX_TEXT_BYTES: usize = 100_000;
/// How long a child may take, and how much CPU time and address space it may use.
const TIME_LIMIT: Duration = Duration::from_secs(20);
const CPU_SECONDS: u64 = 20;
const ADDRESS_SPACE_BYTES: u64 = 2 << 30;
/// A claim older than this was left by a reader that stopped: another takes the resume over.
const CLAIM_MILLIS: i64 = 2 * 60 * 1000;
/// Tries before a resume is marked unreadable (each stopped reader counts one).
const MAX_ATTEMPTS: i64 = 3;
/// How often the task looks for resumes uploaded through other instances.
const POLL: Duration = Duration::from_secs(30);
/// The newest listed jobs whose skills make the words a resume is searched for.
const VOCABULARY_JOBS: i64 = 2_000;
/// The most skills offered from one resume.
pub const MAX_FOUND_SKILLS: usize = 30;

/// What reading a resume found; stored as the profile's `resume_text_state`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextState {
    /// Uploaded, not read yet.
    Pending,
    /// Words were found.
    Found,
    /// The PDF holds no text (a scanned page): not an error, only nothing to search.
    NoText,
    /// Not a PDF the reader could read, or it took too long.
    Unreadable,
}

impl TextState {
    pub fn as_str(self) -> &'static str {
        match self {
            TextState::Pending => "pending",
            TextState::Found => "found",
            TextState::NoText => "none",
            TextState::Unreadable => "unreadable",
        }
    }

    pub fn parse(value: &str) -> Option<Self> {
        [TextState::Pending, TextState::Found, TextState::NoText, TextState::Unreadable]
            .into_iter()
            .find(|state| state.as_str() == value)
    }
}

/// The outcome of one reading: the state and the text (empty unless found).
#[derive(Debug, PartialEq, Eq)]
pub struct Reading {
    pub state: TextState,
    pub text: String,
}

impl Reading {
    fn unreadable(why: impl std::fmt::Display) -> Self {
        tracing::info!(reason = %why, "a resume could not be read");
        Self { state: TextState::Unreadable, text: String::new() }
    }
}

/// In the child: reads a PDF from standard input and writes the text of its first pages to
/// standard output; exit code 3 when the PDF cannot be read.
pub fn child_main() -> ExitCode {
    let mut pdf = Vec::new();
    if std::io::stdin().read_to_end(&mut pdf).is_err() {
        return ExitCode::from(3);
    }
    match extract(&pdf) {
        Ok(text) => match std::io::stdout().write_all(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(_) => ExitCode::from(3),
        },
        Err(error) => {
            eprintln!("{error}");
            ExitCode::from(3)
        }
    }
}

/// The text of the first `MAX_PAGES` pages, as the PDF library lays it out.
fn extract(pdf: &[u8]) -> Result<String, String> {
    let mut document = pdf_extract::Document::load_mem(pdf).map_err(|error| error.to_string())?;
    if document.is_encrypted() {
        // Many PDFs are "encrypted" with an empty password only to forbid copying.
        document.decrypt("").map_err(|error| error.to_string())?;
    }
    let pages: Vec<u32> = document.get_pages().keys().copied().take(MAX_PAGES as usize).collect();
    let mut capped = Capped { text: Vec::new(), full: false };
    let mut failure = None;
    {
        let mut writer: &mut dyn Write = &mut capped;
        let mut output = pdf_extract::PlainTextOutput::new(&mut writer as &mut dyn Write);
        for page in pages {
            if let Err(error) = pdf_extract::output_doc_page(&document, &mut output, page) {
                failure = Some(error.to_string());
                break;
            }
        }
    }
    match failure {
        // The text reached its cap: what was read is the resume's words.
        Some(error) if !capped.full => Err(error),
        _ => Ok(String::from_utf8_lossy(&capped.text).into_owned()),
    }
}

/// The text written so far, refusing more past `MAX_TEXT_BYTES` (which stops the reading).
struct Capped {
    text: Vec<u8>,
    full: bool,
}

impl Write for Capped {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        if self.text.len() + bytes.len() > MAX_TEXT_BYTES {
            self.full = true;
            return Err(std::io::Error::other("the text is long enough"));
        }
        self.text.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Reads `pdf` in a child process of `program` under the limits; never fails: what cannot be read
/// is `Unreadable`, a PDF without words `NoText`.
pub async fn read(program: &Path, pdf: Bytes) -> Reading {
    read_within(program, pdf, TIME_LIMIT).await
}

/// `read`, with the child killed after `time_limit`.
pub async fn read_within(program: &Path, pdf: Bytes, time_limit: Duration) -> Reading {
    let mut command = tokio::process::Command::new(program);
    command
        .arg(CHILD_COMMAND)
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true);
    // SAFETY: setrlimit is async-signal-safe, and nothing else runs between fork and exec.
    unsafe {
        command.pre_exec(|| {
            limit(libc::RLIMIT_AS, ADDRESS_SPACE_BYTES)?;
            limit(libc::RLIMIT_CPU, CPU_SECONDS)?;
            limit(libc::RLIMIT_CORE, 0)
        });
    }
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(error) => return Reading::unreadable(format_args!("the PDF reader did not start: {error}")),
    };
    let (Some(mut stdin), Some(stdout), Some(mut stderr)) =
        (child.stdin.take(), child.stdout.take(), child.stderr.take())
    else {
        return Reading::unreadable("the PDF reader has no pipes");
    };
    let feeding = tokio::spawn(async move {
        // A child that stops reading (it failed) closes the pipe: that error is its own to report.
        let _ = stdin.write_all(&pdf).await;
    });
    let reading = async {
        let mut text = Vec::with_capacity(16 * 1024);
        // Past the cap the rest is not read; the child is killed when `child` is dropped.
        stdout.take(MAX_TEXT_BYTES as u64 + 4).read_to_end(&mut text).await?;
        if text.len() > MAX_TEXT_BYTES {
            child.start_kill()?;
            return Ok((None, text, Vec::new()));
        }
        let mut complaint = Vec::new();
        (&mut stderr).take(1024).read_to_end(&mut complaint).await?;
        let status = child.wait().await?;
        Ok::<_, std::io::Error>((Some(status), text, complaint))
    };
    let outcome = tokio::time::timeout(time_limit, reading).await;
    feeding.abort();
    match outcome {
        Err(_) => Reading::unreadable("the PDF reader took too long"),
        Ok(Err(error)) => Reading::unreadable(format_args!("the PDF reader's pipes failed: {error}")),
        Ok(Ok((Some(status), _, complaint))) if !status.success() => {
            Reading::unreadable(format_args!("{status}: {}", String::from_utf8_lossy(&complaint).trim()))
        }
        Ok(Ok((_, text, _))) => {
            let text = tidy(&String::from_utf8_lossy(&text));
            if text.chars().any(char::is_alphanumeric) {
                Reading { state: TextState::Found, text }
            } else {
                Reading { state: TextState::NoText, text: String::new() }
            }
        }
    }
}

fn limit(resource: libc::__rlimit_resource_t, value: u64) -> std::io::Result<()> {
    let bound = libc::rlimit { rlim_cur: value, rlim_max: value };
    // SAFETY: a plain system call with a valid pointer to a value on the stack.
    if unsafe { libc::setrlimit(resource, &bound) } == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
}

/// The text with each run of spaces made one space, blank lines dropped, and cut to
/// `MAX_TEXT_BYTES` at a character's end.
pub fn tidy(text: &str) -> String {
    let mut tidy = String::with_capacity(text.len().min(MAX_TEXT_BYTES));
    for line in text.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            continue;
        }
        for word in words {
            if !tidy.is_empty() && !tidy.ends_with('\n') {
                tidy.push(' ');
            }
            tidy.push_str(word);
        }
        tidy.push('\n');
    }
    if tidy.len() > MAX_TEXT_BYTES {
        let mut end = MAX_TEXT_BYTES;
        while !tidy.is_char_boundary(end) {
            end -= 1;
        }
        tidy.truncate(end);
    }
    tidy.trim_end().to_string()
}

/// Words and phrases as the skills matching compares them: lower case, letters, digits and the
/// marks skills are spelled with (`c++`, `c#`, `node.js`), one space between words.
fn normalized(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for character in text.chars().flat_map(char::to_lowercase) {
        if character.is_alphanumeric() || matches!(character, '+' | '#' | '.') {
            out.push(character);
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    // A full stop ends a sentence more often than it joins a name ("Rust." is "rust").
    out.split(' ').map(|word| word.trim_end_matches('.')).filter(|word| !word.is_empty()).collect::<Vec<_>>().join(" ")
}

/// The skills of `vocabulary` that `text` names as whole words (a skill of up to three words),
/// in the vocabulary's spelling and order, each once, at most `MAX_FOUND_SKILLS`.
pub fn skills_in(text: &str, vocabulary: &[String]) -> Vec<String> {
    let words: Vec<String> = normalized(text).split(' ').map(str::to_string).collect();
    let mut phrases: HashSet<String> = HashSet::new();
    for length in 1..=3 {
        for window in words.windows(length) {
            phrases.insert(window.join(" "));
        }
    }
    let mut seen = HashSet::new();
    vocabulary
        .iter()
        .filter(|skill| {
            let key = normalized(skill);
            !key.is_empty() && phrases.contains(&key) && seen.insert(key)
        })
        .take(MAX_FOUND_SKILLS)
        .cloned()
        .collect()
}

/// Reads every pending resume, then waits for an upload here (`AppState::resume_uploaded`), a
/// while for others' uploads, or the stop.
pub async fn run(state: AppState, mut stop: watch::Receiver<bool>) {
    loop {
        loop {
            match read_next(&state, now_millis()).await {
                Ok(true) => {}
                Ok(false) => break,
                Err(error) => {
                    tracing::warn!(%error, "could not read a pending resume");
                    break;
                }
            }
            if *stop.borrow() {
                return;
            }
        }
        tokio::select! {
            () = state.resume_uploaded.notified() => {}
            () = tokio::time::sleep(POLL) => {}
            _ = stop.changed() => return,
        }
    }
}

/// Claims one pending resume and reads it; false when none was waiting.
pub async fn read_next(state: &AppState, now: i64) -> Result<bool, sqlx::Error> {
    let Some(claim) = repo::claim_resume_text(&state.db, now, now - CLAIM_MILLIS).await? else {
        return Ok(false);
    };
    let reading = if claim.attempts > MAX_ATTEMPTS {
        Reading::unreadable("its reader stopped on it too often")
    } else {
        match state.storage.get(&claim.resume_key).await {
            Ok(pdf) => read(&state.config.pdf_reader, pdf).await,
            Err(error) => Reading::unreadable(format_args!("the file could not be fetched: {error}")),
        }
    };
    let skills = if reading.state == TextState::Found {
        let vocabulary = repo::skills_vocabulary(&state.db, VOCABULARY_JOBS).await?;
        skills_in(&reading.text, &vocabulary)
    } else {
        Vec::new()
    };
    repo::store_resume_text(
        &state.db,
        &claim.user_id,
        &claim.resume_key,
        reading.state.as_str(),
        &reading.text,
        &skills,
    )
    .await?;
    state.resumes_read.send_modify(|read| *read += 1);
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tidy_text_has_one_space_between_words_and_no_blank_lines() {
        assert_eq!(tidy("  Ada   Lovelace \n\n\n  Rust\tand  Go \n"), "Ada Lovelace\nRust and Go");
    }

    #[test]
    fn tidy_text_is_cut_at_a_character_end() {
        let text = "é".repeat(MAX_TEXT_BYTES);
        let tidy = tidy(&text);
        assert!(tidy.len() <= MAX_TEXT_BYTES);
        assert_eq!(tidy.len() % 2, 0);
    }

    #[test]
    fn skills_are_found_as_whole_words_and_phrases_in_the_vocabulary_spelling() {
        let vocabulary: Vec<String> =
            ["Rust", "Go", "Machine Learning", "C++", "Node.js", "Java", "rust"].map(String::from).to_vec();
        let text = "Built services in Rust. Machine learning with PyTorch;\nC++ and NODE.JS. JavaScript daily.";
        assert_eq!(skills_in(text, &vocabulary), ["Rust", "Machine Learning", "C++", "Node.js"]);
    }

    #[test]
    fn no_skill_is_found_in_a_text_without_its_words() {
        let vocabulary: Vec<String> = ["Go", "SQL"].map(String::from).to_vec();
        assert!(skills_in("Gopher wrangler, NoSQL fan", &vocabulary).is_empty());
    }

    #[test]
    fn text_states_read_back_as_written() {
        for state in [TextState::Pending, TextState::Found, TextState::NoText, TextState::Unreadable] {
            assert_eq!(TextState::parse(state.as_str()), Some(state));
        }
        assert_eq!(TextState::parse("other"), None);
    }
}
