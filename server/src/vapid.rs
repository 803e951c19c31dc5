//! The server's VAPID key (RFC 8292): the P-256 key a push service knows this server's pushes by.
//! Browsers subscribe with its public half; each push carries a short-lived token signed with it.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer;
use p256::ecdsa::{Signature, SigningKey};

/// How long a push's token is valid: RFC 8292 allows at most a day.
const TOKEN_SECS: i64 = 12 * 60 * 60;

pub struct Vapid {
    key: SigningKey,
    /// The public key, uncompressed, in base64url: what browsers subscribe with.
    public: String,
    /// Who the push service may contact about our pushes (`mailto:` or `https:`).
    subject: String,
}

#[derive(Debug, thiserror::Error)]
#[error("VAPID_PRIVATE_KEY is not a P-256 private key of 32 bytes in base64url")]
pub struct BadKey;

impl Vapid {
    /// The key from its 32 bytes in base64url (padded or not).
    pub fn from_secret(secret: &str, subject: String) -> Result<Self, BadKey> {
        let bytes = URL_SAFE_NO_PAD.decode(secret.trim().trim_end_matches('=')).map_err(|_| BadKey)?;
        let key = SigningKey::from_slice(&bytes).map_err(|_| BadKey)?;
        let public = URL_SAFE_NO_PAD.encode(key.verifying_key().to_encoded_point(false).as_bytes());
        Ok(Self { key, public, subject })
    }

    /// A new private key, in base64url.
    pub fn generate() -> String {
        loop {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes).expect("the operating system provides randomness");
            // Nearly every 32 bytes are a key; the few that are not (zero, or past the curve's
            // order) are drawn again.
            if SigningKey::from_slice(&bytes).is_ok() {
                return URL_SAFE_NO_PAD.encode(bytes);
            }
        }
    }

    /// The public key browsers subscribe with (`applicationServerKey`).
    pub fn public_key(&self) -> &str {
        &self.public
    }

    /// The `Authorization` header of a push to a push service at `audience` (its origin), signed
    /// at `now` (seconds since the epoch).
    pub fn authorization(&self, audience: &str, now: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({ "aud": audience, "exp": now + TOKEN_SECS, "sub": self.subject });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        // ES256: ECDSA over SHA-256, the signature as r and s, 32 bytes each.
        let signature: Signature = self.key.sign(signed.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(signature.to_bytes());
        format!("vapid t={signed}.{signature}, k={}", self.public)
    }
}

/// The origin of an endpoint URL (`https://push.example.com` of
/// `https://push.example.com/send/abc`), the port kept when it is not the scheme's own.
pub fn audience(endpoint: &reqwest::Url) -> String {
    endpoint.origin().ascii_serialization()
}

#[cfg(test)]
mod tests {
    use p256::ecdsa::VerifyingKey;
    use p256::ecdsa::signature::Verifier;

    use super::*;

    #[test]
    fn the_token_is_an_es256_jwt_for_the_push_services_origin_that_the_public_key_verifies() {
        let vapid = Vapid::from_secret(&Vapid::generate(), "mailto:ops@example.com".into()).unwrap();
        let header = vapid.authorization("https://push.example.com", 1_000);
        let (token, key) = header.strip_prefix("vapid t=").unwrap().split_once(", k=").unwrap();
        assert_eq!(key, vapid.public_key());
        let parts: Vec<&str> = token.split('.').collect();
        assert_eq!(parts.len(), 3);
        let claims: serde_json::Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(parts[1]).unwrap()).unwrap();
        assert_eq!(
            claims,
            serde_json::json!({ "aud": "https://push.example.com", "exp": 1_000 + 12 * 3600, "sub": "mailto:ops@example.com" })
        );
        let verifying = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(key).unwrap()).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(parts[2]).unwrap()).unwrap();
        verifying.verify(format!("{}.{}", parts[0], parts[1]).as_bytes(), &signature).unwrap();
    }

    #[test]
    fn a_key_reads_back_the_same_with_or_without_padding_and_a_bad_one_is_refused() {
        let secret = Vapid::generate();
        let a = Vapid::from_secret(&secret, "mailto:a@b.c".into()).unwrap();
        let b = Vapid::from_secret(&format!("{secret}="), "mailto:a@b.c".into()).unwrap();
        assert_eq!(a.public_key(), b.public_key());
        assert_eq!(a.public_key().len(), 87, "65 bytes, uncompressed, in base64url");
        assert!(Vapid::from_secret("not a key", "mailto:a@b.c".into()).is_err());
        assert!(Vapid::from_secret(&URL_SAFE_NO_PAD.encode([0u8; 32]), "mailto:a@b.c".into()).is_err());
    }

    #[test]
    fn the_audience_is_the_endpoints_origin_with_a_port_only_when_it_is_not_the_schemes() {
        let url = |text: &str| reqwest::Url::parse(text).unwrap();
        assert_eq!(audience(&url("https://fcm.googleapis.com/fcm/send/abc")), "https://fcm.googleapis.com");
        assert_eq!(audience(&url("https://push.example.com:443/x")), "https://push.example.com");
        assert_eq!(audience(&url("http://localhost:8090/notify/abc")), "http://localhost:8090");
    }
}
