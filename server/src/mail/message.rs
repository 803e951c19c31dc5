//! A message, and the look every e-mail shares.

/// A message to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mail {
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Where a mail client's one-click unsubscribe posts (RFC 8058), for mail a person subscribed to.
    pub list_unsubscribe: Option<String>,
    /// An iCalendar file (RFC 5545) sent as the attachment `invite.ics`, its METHOD (REQUEST or
    /// CANCEL) named in its content type.
    pub calendar: Option<String>,
    /// When the credential the mail carries (a signup code, a reset link) stops working, as Unix
    /// milliseconds: the retention sweep deletes the stored mail then, sent or not.
    pub expires_at: Option<i64>,
}

/// A message's two parts around their bodies: the plain text, and the HTML page with the same
/// look in every e-mail, each signed "jobportal". `html_body` is HTML already escaped.
pub fn wrap(text: &str, html_body: &str) -> (String, String) {
    let html = format!(
        "<!doctype html><html lang=\"en\"><body style=\"font-family:sans-serif;color:#1f2937\">{html_body}\
         <p style=\"color:#4b5563\">jobportal</p></body></html>"
    );
    (format!("{text}\n\njobportal\n"), html)
}

/// Escapes text for HTML bodies.
pub fn html_escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + text.len() / 16);
    push_escaped(&mut escaped, text);
    escaped
}

/// Appends `text` escaped for HTML to `out` (a job page's text escapes a few characters in
/// thousands).
pub fn push_escaped(out: &mut String, text: &str) {
    push_replacing(out, text, |byte| match byte {
        b'&' => Some("&amp;"),
        b'<' => Some("&lt;"),
        b'>' => Some("&gt;"),
        b'"' => Some("&quot;"),
        b'\'' => Some("&#39;"),
        _ => None,
    });
}

/// Appends `text` to `out` with each byte `replace` names written as what it gives, copying the
/// runs between them whole. `replace` names ASCII bytes only, so every cut is on a character's
/// boundary.
pub fn push_replacing(out: &mut String, text: &str, replace: impl Fn(u8) -> Option<&'static str>) {
    let mut from = 0;
    for (at, byte) in text.bytes().enumerate() {
        if let Some(replacement) = replace(byte) {
            out.push_str(&text[from..at]);
            out.push_str(replacement);
            from = at + 1;
        }
    }
    out.push_str(&text[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_escaped() {
        assert_eq!(html_escape("<b>Tom & \"Jerry\"</b>"), "&lt;b&gt;Tom &amp; &quot;Jerry&quot;&lt;/b&gt;");
        assert_eq!(html_escape("Rita's café → ₹5,000 & up"), "Rita&#39;s café → ₹5,000 &amp; up");
        assert_eq!(html_escape("plain"), "plain");
        assert_eq!(html_escape(""), "");
    }
}
