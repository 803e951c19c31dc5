//! Random tokens, keyed digests and password hashing.

use std::sync::LazyLock;

use argon2::{Algorithm, Argon2, Params, PasswordHash, PasswordHasher, PasswordVerifier, Version};
use hmac::{Hmac, Mac};
use sha2::{Digest, Sha256};

use crate::error::AppError;

/// `bytes` random bytes from the operating system, hex-encoded.
pub fn random_hex(bytes: usize) -> String {
    let mut buffer = vec![0u8; bytes];
    getrandom::fill(&mut buffer).expect("the operating system provides randomness");
    hex(&buffer)
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

/// SHA-256, for tokens that carry 128 bits or more of randomness.
pub fn digest(text: &str) -> String {
    hex(&Sha256::digest(text.as_bytes()))
}

fn hasher() -> Argon2<'static> {
    // OWASP's argon2id parameters: 19 MiB, two passes, one lane.
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// Hashes a password off the async threads.
pub async fn hash_password(password: &str) -> Result<String, AppError> {
    let password = password.to_string();
    tokio::task::spawn_blocking(move || {
        let hash: Result<PasswordHash, _> = hasher().hash_password(password.as_bytes());
        hash.map(|hash| hash.to_string()).map_err(|error| error.to_string())
    })
    .await
    .map_err(AppError::internal)?
    .map_err(|error| AppError::internal(std::io::Error::other(error)))
}

/// A hash of no one's password, verified against when an address is unknown so that a login takes
/// about the same time whether or not the account exists.
static DECOY_HASH: LazyLock<String> = LazyLock::new(|| {
    let hash: PasswordHash = hasher().hash_password(random_hex(16).as_bytes()).expect("argon2 hashes");
    hash.to_string()
});

/// Whether `password` matches `hash` (or, with no hash, spends the same time and says no).
pub async fn verify_password(password: &str, hash: Option<&str>) -> Result<bool, AppError> {
    let password = password.to_string();
    let hash = hash.map(str::to_string);
    tokio::task::spawn_blocking(move || {
        let stored = hash.as_deref().unwrap_or(DECOY_HASH.as_str());
        let matches = PasswordHash::new(stored)
            .map(|parsed| hasher().verify_password(password.as_bytes(), &parsed).is_ok())
            .unwrap_or(false);
        matches && hash.is_some()
    })
    .await
    .map_err(AppError::internal)
}

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
    fn keyed_digests_depend_on_the_key() {
        assert_ne!(keyed_digest(b"one", "123456"), keyed_digest(b"two", "123456"));
        assert_eq!(keyed_digest(b"one", "123456"), keyed_digest(b"one", "123456"));
    }

    #[tokio::test]
    async fn a_hash_verifies_only_its_own_password() {
        let hash = hash_password("correct horse").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"));
        assert!(verify_password("correct horse", Some(&hash)).await.unwrap());
        assert!(!verify_password("wrong horse", Some(&hash)).await.unwrap());
        assert!(!verify_password("anything", None).await.unwrap());
    }
}
