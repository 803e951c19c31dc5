//! Text put into the XML the site makes (the sitemaps, the job feeds).

/// `text` as XML character data or an attribute's value: the five special characters escaped,
/// and the characters XML 1.0 cannot hold at all (most control characters, lone `U+FFFE` and
/// `U+FFFF`) left out, so whatever a person typed, the document stays well-formed.
pub fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        match c {
            '&' => escaped.push_str("&amp;"),
            '<' => escaped.push_str("&lt;"),
            '>' => escaped.push_str("&gt;"),
            '"' => escaped.push_str("&quot;"),
            '\'' => escaped.push_str("&apos;"),
            '\t' | '\n' | '\r' => escaped.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => escaped.push(c),
        }
    }
    escaped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_escaped_and_characters_xml_cannot_hold_are_left_out() {
        assert_eq!(escape("R&D <lead> \"A\" 'B'"), "R&amp;D &lt;lead&gt; &quot;A&quot; &apos;B&apos;");
        assert_eq!(escape("a\u{0}b\u{1b}c\u{FFFF}d\te\nf"), "abcd\te\nf");
        assert_eq!(escape("₹50,000 – Pune"), "₹50,000 – Pune");
    }
}
