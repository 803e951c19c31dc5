//! The server's secrets: the keys derived from its secret (tokens, digests, links), random
//! tokens, keyed digests and password hashing.

use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock};

use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};
use hmac::{Hmac, Mac};
use jsonwebtoken::{Algorithm as TokenAlgorithm, DecodingKey, EncodingKey, Header, Validation};
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use crate::http::error::AppError;
use crate::http::shares::Shares;

pub struct Keys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    /// Keys the digests of signup codes.
    pub digest_key: Vec<u8>,
    /// Signs resume download links; a key of its own, so a link's signature says nothing about
    /// the tokens' key.
    pub link_key: Vec<u8>,
    /// Signs the addresses of private calendar feeds.
    pub calendar_key: Vec<u8>,
}

/// A key for one purpose, derived from the server's secret (HMAC as the derivation function).
fn derived_key(secret: &[u8], purpose: &str) -> Vec<u8> {
    let digest = keyed_digest(secret, purpose);
    digest.into_bytes()
}

impl Keys {
    pub fn new(secret: &[u8]) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            digest_key: derived_key(secret, "jobportal signup code digests"),
            link_key: derived_key(secret, "jobportal resume links"),
            calendar_key: derived_key(secret, "jobportal calendar feeds"),
        }
    }

    pub fn sign<C: serde::Serialize>(&self, claims: &C) -> String {
        jsonwebtoken::encode(&Header::new(TokenAlgorithm::HS256), claims, &self.encoding)
            .expect("HS256 signing cannot fail")
    }

    /// The claims of a token signed with our key, by HS256, and not expired.
    pub fn verify<C: serde::de::DeserializeOwned>(&self, token: &str) -> Option<C> {
        let mut validation = Validation::new(TokenAlgorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "iat"]);
        jsonwebtoken::decode::<C>(token, &self.decoding, &validation).ok().map(|data| data.claims)
    }
}

/// `bytes` random bytes from the operating system, hex-encoded.
pub fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).expect("the operating system provides randomness");
    hex(&buffer)
}

/// A random whole number below `bound` (for jitter; not uniform to the last bit).
pub fn random_below(bound: u64) -> u64 {
    let mut buffer = [0u8; 8];
    getrandom::fill(&mut buffer).expect("the operating system provides randomness");
    u64::from_le_bytes(buffer) % bound.max(1)
}

/// A six-digit code, uniform over 000000..=999999.
pub fn six_digit_code() -> String {
    loop {
        let mut buffer = [0u8; 4];
        getrandom::fill(&mut buffer).expect("the operating system provides randomness");
        let value = u32::from_le_bytes(buffer);
        // Reject the top sliver so every code is equally likely.
        if value < 4_294_000_000 {
            return format!("{:06}", value % 1_000_000);
        }
    }
}

pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// HMAC-SHA-256 under the server's secret: a six-digit code cannot be brute-forced from its digest
/// without the key.
pub fn keyed_digest(key: &[u8], text: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(text.as_bytes());
    hex(&mac.finalize().into_bytes())
}

/// Whether two byte strings are equal, in a time that depends only on their lengths, so a
/// signature cannot be guessed a byte at a time from how fast it is refused.
pub fn constant_time_eq(left: &[u8], right: &[u8]) -> bool {
    left.len() == right.len() && left.iter().zip(right).fold(0u8, |difference, (a, b)| difference | (a ^ b)) == 0
}

/// SHA-256, for tokens that carry 128 bits or more of randomness.
pub fn digest(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hasher() -> Argon2<'static> {
    // OWASP's argon2id parameters: 19 MiB, two passes, one lane.
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// The gate every password hash passes through. Each argon2id run holds 19 MiB and a blocking
/// thread for tens of milliseconds, so an anonymous burst of logins could otherwise take as much
/// memory as it likes: at most `concurrency` hashes run at once, at most `queue` more wait for
/// their turn, and the rest are told at once that the server is busy (503 with Retry-After).
/// Each client address may hold only `per_client` of those turns and places (running or
/// waiting), so one client that sends logins as fast as it can fills its own share and is told
/// the same, while everyone else's logins still find a turn.
pub struct Hasher {
    running: Arc<Semaphore>,
    waiting: AtomicUsize,
    queue: usize,
    /// Each client's share of the turns and places (running or waiting).
    shares: Arc<Shares>,
}

/// Keeps the count of waiting callers right however the wait ends (a dropped request included).
struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

impl Hasher {
    pub fn new(concurrency: usize, queue: usize, per_client: usize) -> Self {
        Self {
            running: Arc::new(Semaphore::new(concurrency.max(1))),
            waiting: AtomicUsize::new(0),
            queue,
            shares: Shares::new(per_client),
        }
    }

    /// Hashes waiting for a turn now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::Acquire)
    }

    /// One hash at a time, for the command line (no clients to share among).
    pub fn single() -> Self {
        Self::new(1, 0, 1)
    }

    /// Runs `work` on a blocking thread once a turn is free, or refuses it when the client's share
    /// or the queue is full.
    async fn run<T: Send + 'static>(
        &self,
        client: IpAddr,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, AppError> {
        let Some(share) = self.shares.take(client) else {
            metrics::counter!("jobportal_password_hash_refused_total", "reason" => "client_share").increment(1);
            return Err(AppError::busy());
        };
        let turn = match self.running.clone().try_acquire_owned() {
            Ok(turn) => turn,
            Err(_) => {
                if self.waiting.fetch_add(1, Ordering::AcqRel) >= self.queue {
                    self.waiting.fetch_sub(1, Ordering::AcqRel);
                    metrics::counter!("jobportal_password_hash_refused_total", "reason" => "queue_full").increment(1);
                    return Err(AppError::busy());
                }
                let _waiting = Waiting(&self.waiting);
                self.running.clone().acquire_owned().await.map_err(AppError::internal)?
            }
        };
        tokio::task::spawn_blocking(move || {
            let _held = (turn, share);
            let done = work();
            // The hash's 19 MiB go back to the system, not to this thread once it falls idle.
            crate::allocator::give_back();
            done
        })
        .await
        .map_err(AppError::internal)
    }

    /// Hashes a new password.
    pub async fn hash(&self, client: IpAddr, password: &str) -> Result<String, AppError> {
        let password = password.to_string();
        self.run(client, move || {
            let hash: Result<PasswordHash, _> = hasher().hash_password(password.as_bytes());
            hash.map(|hash| hash.to_string()).map_err(|error| error.to_string())
        })
        .await?
        .map_err(|error| AppError::internal(std::io::Error::other(error)))
    }

    /// Whether `password` matches `hash` (or, with no hash, spends the same time and says no).
    pub async fn verify(&self, client: IpAddr, password: &str, hash: Option<&str>) -> Result<bool, AppError> {
        let password = password.to_string();
        let hash = hash.map(str::to_string);
        self.run(client, move || {
            let stored = hash.as_deref().unwrap_or(DECOY_HASH.as_str());
            let matches = PasswordHash::new(stored)
                .map(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
                .unwrap_or(false);
            matches && hash.is_some()
        })
        .await
    }
}

/// A hash of no one's password, verified against when an address is unknown so that a login takes
/// about the same time whether or not the account exists.
static DECOY_HASH: LazyLock<String> = LazyLock::new(|| {
    let hash: PasswordHash = hasher().hash_password(random_hex(16).as_bytes()).expect("argon2 hashes");
    hash.to_string()
});

/// Computes the decoy hash ahead of the first login.
pub fn warm_up() {
    LazyLock::force(&DECOY_HASH);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits() {
        for _ in 0..200 {
            let code = six_digit_code();
            assert_eq!(code.len(), 6);
            assert!(code.chars().all(|c| c.is_ascii_digit()));
        }
    }

    #[test]
    fn signatures_are_compared_whole() {
        assert!(constant_time_eq(b"abcdef", b"abcdef"));
        assert!(!constant_time_eq(b"abcdef", b"abcdeg"));
        assert!(!constant_time_eq(b"abcdef", b"abcde"));
        assert!(!constant_time_eq(b"", b"a"));
    }

    #[test]
    fn keyed_digests_depend_on_the_key() {
        assert_ne!(keyed_digest(b"one", "123456"), keyed_digest(b"two", "123456"));
        assert_eq!(keyed_digest(b"one", "123456"), keyed_digest(b"one", "123456"));
    }

    fn client(last: u8) -> IpAddr {
        IpAddr::from([192, 0, 2, last])
    }

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let hasher = Hasher::new(2, 4, 2);
        let hash = hasher.hash(client(1), "correct horse").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(hasher.verify(client(1), "correct horse", Some(&hash)).await.unwrap());
        assert!(!hasher.verify(client(1), "wrong horse", Some(&hash)).await.unwrap());
        assert!(!hasher.verify(client(1), "anything", None).await.unwrap());
    }

    #[tokio::test]
    async fn hashes_beyond_the_running_and_waiting_ones_are_refused_at_once() {
        let hasher = Arc::new(Hasher::new(1, 1, 4));
        // Hold the one turn, so the next caller waits and the one after it finds the queue full.
        let turn = hasher.running.clone().acquire_owned().await.unwrap();
        let waiting = tokio::spawn({
            let hasher = hasher.clone();
            async move { hasher.verify(client(1), "x", None).await }
        });
        while hasher.waiting.load(Ordering::Acquire) == 0 {
            tokio::task::yield_now().await;
        }
        match hasher.verify(client(2), "y", None).await {
            Err(AppError::Busy(message)) => assert_eq!(message, crate::http::error::BUSY),
            other => panic!("expected Busy, got {other:?}"),
        }
        drop(turn);
        assert!(!waiting.await.unwrap().unwrap(), "the waiting caller runs once the turn is free");
        assert_eq!(hasher.waiting.load(Ordering::Acquire), 0);
        assert_eq!(hasher.shares.clients(), 0, "every share is given back");
    }

    #[tokio::test]
    async fn one_client_fills_only_its_own_share_of_the_turns() {
        // Two turns and eight places, two of them for each client.
        let hasher = Arc::new(Hasher::new(2, 8, 2));
        let turns = hasher.running.clone().acquire_many_owned(2).await.unwrap();
        let flooding = client(66);
        let mut held = Vec::new();
        for _ in 0..2 {
            let hasher = hasher.clone();
            held.push(tokio::spawn(async move { hasher.verify(flooding, "x", None).await }));
        }
        while hasher.waiting.load(Ordering::Acquire) < 2 {
            tokio::task::yield_now().await;
        }
        // The flooding client's third hash is refused, though the queue has room...
        match hasher.verify(flooding, "x", None).await {
            Err(AppError::Busy(message)) => assert_eq!(message, crate::http::error::BUSY),
            other => panic!("expected Busy, got {other:?}"),
        }
        // ...which another client's hash still finds.
        let other = tokio::spawn({
            let hasher = hasher.clone();
            async move { hasher.verify(client(7), "y", None).await }
        });
        while hasher.waiting.load(Ordering::Acquire) < 3 {
            tokio::task::yield_now().await;
        }
        drop(turns);
        assert!(!other.await.unwrap().unwrap());
        for waiting in held {
            assert!(!waiting.await.unwrap().unwrap());
        }
        assert_eq!(hasher.shares.clients(), 0, "every share is given back");
    }
}
