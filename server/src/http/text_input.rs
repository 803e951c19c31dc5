//! What text the API takes: one rule for every string of every body, JSON or form, checked where
//! the body is read (docs/rules.md#text-fields).
//!
//! A NUL is refused everywhere (PostgreSQL cannot store one). Control characters and the
//! invisible characters that reorder text (bidirectional overrides and isolates) are refused in
//! every field: stored, they would reach mail, calendar files and other people's screens. Line
//! breaks and tabs are kept only in the fields a person writes paragraphs in; a name, a title or a
//! place is a single line. Passwords are never shown, so they are refused only a NUL.

/// Why a text was refused: the 400's message (`AppError` takes it from here).
#[derive(Debug, PartialEq, Eq)]
pub struct Refused(pub String);

/// A field's name as an error message may repeat it: a name the client made up (not letters,
/// digits, underscores and spaces, or too long) becomes "A field".
pub fn shown_field_name(field: &str) -> &str {
    let plain = !field.is_empty()
        && field.len() <= 40
        && field.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == ' ');
    if plain { field } else { "A field" }
}

/// The message for a NUL character in `field`.
pub fn nul_message(field: &str) -> String {
    format!("{} must not contain NUL characters", shown_field_name(field))
}

/// The fields whose text may run over several lines: a job's or category's description, a
/// profile's or company's about text, a statement of purpose, a reason, a message's or note's body.
const MULTI_LINE: [&str; 6] = ["description", "profile", "about", "sop", "reason", "body"];

/// The fields that hold a password, checked for a NUL alone.
const SECRETS: [&str; 4] = ["password", "confirmPassword", "oldPassword", "newPassword"];

/// What is wrong with a field's text, if anything.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fault {
    Nul,
    Control,
    LineBreak,
}

/// Reorders the text around it when shown: the embeddings, overrides (U+202E writes what
/// follows right to left) and isolates.
fn reorders(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

fn fault(field: &str, text: &str) -> Option<Fault> {
    if text.contains('\0') {
        return Some(Fault::Nul);
    }
    if SECRETS.contains(&field) {
        return None;
    }
    let multi_line = MULTI_LINE.contains(&field);
    let mut fault = None;
    for c in text.chars() {
        match c {
            '\n' | '\r' | '\u{2028}' | '\u{2029}' if !multi_line => fault = Some(Fault::LineBreak),
            '\n' | '\r' | '\t' if multi_line => {}
            c if c.is_control() || reorders(c) => return Some(Fault::Control),
            _ => {}
        }
    }
    fault
}

fn refusal(field: &str, fault: Fault) -> Refused {
    let shown = shown_field_name(field);
    Refused(match fault {
        Fault::Nul => nul_message(field),
        Fault::LineBreak => format!("{shown} must be a single line"),
        Fault::Control => format!("{shown} must not contain control characters"),
    })
}

/// Refuses `text` given as the field `field` when the rule above does.
pub fn check(field: &str, text: &str) -> Result<(), Refused> {
    fault(field, text).map_or(Ok(()), |fault| Err(refusal(field, fault)))
}

/// Refuses a JSON body whose strings break the rule, naming the innermost field that holds the
/// first one (a list's field for a list of strings). A JSON string can carry a control
/// character only as an escape (`\n`, `\u0001`) or as the raw bytes of DEL, a C1 control or a
/// character from U+2000 to U+2FFF, so a body with none of those is taken without a walk.
pub fn check_json(bytes: &[u8]) -> Result<(), Refused> {
    if !bytes.iter().any(|&b| matches!(b, b'\\' | 0x7F | 0xC2 | 0xE2)) {
        return Ok(());
    }
    let Ok(value) = serde_json::from_slice::<serde_json::Value>(bytes) else {
        // Not JSON: the body's own parser gives the error.
        return Ok(());
    };
    walk(&value, "The body")
}

fn walk(value: &serde_json::Value, name: &str) -> Result<(), Refused> {
    use serde_json::Value;
    match value {
        Value::String(text) => check(name, text),
        Value::Array(items) => items.iter().try_for_each(|item| walk(item, name)),
        Value::Object(map) => map.iter().try_for_each(|(key, item)| {
            if let Some(fault) = fault("A field name", key) {
                return Err(refusal("A field name", if fault == Fault::Nul { fault } else { Fault::Control }));
            }
            walk(item, key)
        }),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(result: Result<(), Refused>) -> String {
        result.err().map(|Refused(message)| message).unwrap_or_default()
    }

    #[test]
    fn a_line_break_is_refused_in_a_single_line_field_and_kept_in_a_multi_line_one() {
        assert_eq!(message(check("firstName", "Ann\r\nURL:https://evil.example")), "firstName must be a single line");
        assert_eq!(message(check("title", "a\u{2028}b")), "title must be a single line");
        assert_eq!(message(check("description", "Line one\r\nLine two\n\tIndented")), "");
        assert_eq!(message(check("sop", "Dear team,\n\nI apply.")), "");
    }

    #[test]
    fn control_and_reordering_characters_are_refused_in_every_field() {
        for text in ["a\u{1}b", "\u{1b}[31mred", "evil\u{202E}txt.exe", "a\u{7f}", "a\u{85}b", "\u{2066}x"] {
            assert_eq!(message(check("lastName", text)), "lastName must not contain control characters", "{text:?}");
            assert_eq!(message(check("description", text)), "description must not contain control characters");
        }
        assert_eq!(message(check("location", "Pune\tWest")), "location must not contain control characters");
    }

    #[test]
    fn a_nul_keeps_its_own_message_and_passwords_are_refused_only_a_nul() {
        assert_eq!(message(check("company", "a\0")), "company must not contain NUL characters");
        assert_eq!(message(check("password", "p\u{1}ss\nword")), "");
        assert_eq!(message(check("password", "p\0")), "password must not contain NUL characters");
    }

    #[test]
    fn letters_of_every_script_and_ordinary_marks_pass() {
        for text in ["Zoë Ørsted", "अर्जुन मेहता", "שלום\u{200F}", "O'Brien-Smith, Jr.", "₹ 50,000 – 80,000"]
        {
            assert_eq!(message(check("firstName", text)), "", "{text:?}");
        }
    }

    #[test]
    fn a_json_body_is_refused_naming_the_innermost_field() {
        let body = br#"{"firstName":"Ann","education":[{"institutionName":"MIT\r\nX"}]}"#;
        assert_eq!(message(check_json(body)), "institutionName must be a single line");
        assert_eq!(
            message(check_json(br#"{"skills":["Rust","a\u0007"]}"#)),
            "skills must not contain control characters"
        );
        assert_eq!(
            message(check_json("{\"title\":\"a\u{202E}b\"}".as_bytes())),
            "title must not contain control characters"
        );
        assert_eq!(message(check_json(br#"{"a\u0000":"b"}"#)), "A field name must not contain NUL characters");
        assert_eq!(message(check_json(br#"{"description":"one\ntwo","title":"Rust"}"#)), "");
        assert_eq!(message(check_json(br#"{"title":"Rust \u00e9"}"#)), "");
    }

    #[test]
    fn a_field_name_the_client_made_up_is_not_repeated_back() {
        assert_eq!(message(check_json(br#"{"<script>":"a\nb"}"#)), "A field must be a single line");
    }
}
