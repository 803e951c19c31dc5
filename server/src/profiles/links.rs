//! Resume links: made for one viewer, signed with a key of their own, and good for ten minutes.
//! The download (resume.rs) checks them; the profiles and the applications hand them out.

use crate::db::now_millis;
use crate::secrets::Keys;
use crate::secrets::{constant_time_eq, keyed_digest};
use crate::state::AppState;

/// How long a resume link works after it is handed out: long enough to click it, short enough
/// that a copied link stops working soon after the viewer's right to see the resume ends.
pub const LINK_LIFETIME_SECS: i64 = 10 * 60;

pub const LINK_REFUSED: &str = "This resume link is invalid or has expired";

fn signature(keys: &Keys, applicant_id: &str, viewer_id: &str, expires: i64) -> String {
    keyed_digest(&keys.link_key, &format!("resume\n{applicant_id}\n{viewer_id}\n{expires}"))
}

/// The absolute link (from `API_PUBLIC_URL`, so a client on another origin can follow it) through
/// which `viewer_id` may download `applicant_id`'s resume for the next ten minutes.
pub fn link(state: &AppState, applicant_id: &str, viewer_id: &str) -> String {
    link_for(state, applicant_id, viewer_id, LINK_LIFETIME_SECS)
}

fn link_for(state: &AppState, applicant_id: &str, viewer_id: &str, lifetime_secs: i64) -> String {
    let expires = now_millis() / 1000 + lifetime_secs;
    let signature = signature(&state.keys, applicant_id, viewer_id, expires);
    let base = &state.config.api_public_url;
    format!("{base}/api/v1/resumes/{applicant_id}?viewer={viewer_id}&expires={expires}&signature={signature}")
}

/// How long the link in a person's download of their own data works: the file is kept and read
/// later, and only its owner's own resume is behind it (gone with the resume if deleted).
pub const OWN_DATA_LINK_LIFETIME_SECS: i64 = 7 * 24 * 60 * 60;

/// The owner's own link to their resume for the next seven days, as their data download holds it.
pub fn own_data_link(state: &AppState, applicant_id: &str) -> String {
    link_for(state, applicant_id, applicant_id, OWN_DATA_LINK_LIFETIME_SECS)
}

/// Whether the link's signature is ours for this resume and viewer, and it has not expired.
pub fn verify(keys: &Keys, applicant_id: &str, viewer_id: &str, expires: i64, given: &str) -> bool {
    let expected = signature(keys, applicant_id, viewer_id, expires);
    constant_time_eq(expected.as_bytes(), given.as_bytes()) && expires >= now_millis() / 1000
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_bound_to_its_applicant_viewer_and_expiry() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        let signed = signature(&keys, "a", "v", 100);
        assert_ne!(signed, signature(&keys, "a", "w", 100));
        assert_ne!(signed, signature(&keys, "b", "v", 100));
        assert_ne!(signed, signature(&keys, "a", "v", 101));
    }

    #[test]
    fn a_link_is_verified_until_it_expires() {
        let keys = Keys::new(b"0123456789abcdef0123456789abcdef");
        let later = now_millis() / 1000 + 60;
        assert!(verify(&keys, "a", "v", later, &signature(&keys, "a", "v", later)));
        assert!(!verify(&keys, "a", "w", later, &signature(&keys, "a", "v", later)));
        let past = now_millis() / 1000 - 1;
        assert!(!verify(&keys, "a", "v", past, &signature(&keys, "a", "v", past)));
    }
}
