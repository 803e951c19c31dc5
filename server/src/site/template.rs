//! The templates of the screens the server draws, rendered from the web app's own components at
//! build time (web/src/app/screen-templates.json; docs/architecture.md#one-source-for-each-screen),
//! and filled here with a page's values.
//!
//! A value is `~~name~~`, written escaped for HTML; `~~.~~` is the item a list is at. A section
//! `~~#name~~…~~/name~~` is drawn once per item of a list, once when the value is any other set
//! value (true, a string or a number, a non-empty object), and not at all when it is unset (absent,
//! null, false, an empty list or string); `~~^name~~…~~/name~~` is drawn only then. A name is
//! looked up in the item a list is at, then outwards.

use serde_json::Value;

use crate::mail::push_escaped;

const MARK: &str = "~~";

/// A parsed template.
#[derive(Debug)]
pub struct Template {
    parts: Vec<Part>,
}

#[derive(Debug)]
enum Part {
    Text(String),
    Value(String),
    Section { name: String, inverted: bool, parts: Vec<Part> },
}

impl Template {
    /// `text` as parts; an unclosed mark or section, or a section closed by another's name, is an error.
    pub fn parse(text: &str) -> Result<Self, String> {
        // The sections open, innermost last, each with the parts gathered so far around it.
        let mut open: Vec<(String, bool, Vec<Part>)> = Vec::new();
        let mut parts = Vec::new();
        let mut rest = text;
        while let Some(at) = rest.find(MARK) {
            if at > 0 {
                parts.push(Part::Text(rest[..at].to_string()));
            }
            let after = &rest[at + MARK.len()..];
            let end = after.find(MARK).ok_or_else(|| format!("an unclosed mark at {:?}", truncated(after)))?;
            let tag = &after[..end];
            rest = &after[end + MARK.len()..];
            match tag.split_at_checked(1) {
                Some(("#", name)) | Some(("^", name)) => {
                    let outer = std::mem::take(&mut parts);
                    open.push((name.to_string(), tag.starts_with('^'), outer));
                }
                Some(("/", name)) => {
                    let (opened, inverted, outer) =
                        open.pop().ok_or_else(|| format!("`{name}` closed, never opened"))?;
                    if opened != name {
                        return Err(format!("`{opened}` closed as `{name}`"));
                    }
                    let body = std::mem::replace(&mut parts, outer);
                    parts.push(Part::Section { name: opened, inverted, parts: body });
                }
                _ if !tag.is_empty() && tag.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'.' || b == b'_') => {
                    parts.push(Part::Value(tag.to_string()));
                }
                _ => return Err(format!("`{tag}` is no value or section")),
            }
        }
        if let Some((name, ..)) = open.last() {
            return Err(format!("`{name}` never closed"));
        }
        if !rest.is_empty() {
            parts.push(Part::Text(rest.to_string()));
        }
        Ok(Self { parts })
    }

    /// The template filled from `data`, or the first name it has no value for.
    pub fn render(&self, data: &Value) -> Result<String, String> {
        let mut out = String::new();
        render(&self.parts, &mut vec![data], &mut out)?;
        Ok(out)
    }

    /// The names of its values and sections, each once, in the order they first appear.
    #[cfg(test)]
    pub fn names(&self) -> Vec<&str> {
        fn walk<'a>(parts: &'a [Part], names: &mut Vec<&'a str>) {
            for part in parts {
                let name = match part {
                    Part::Text(_) => continue,
                    Part::Value(name) => name,
                    Part::Section { name, parts, .. } => {
                        if !names.contains(&name.as_str()) {
                            names.push(name);
                        }
                        walk(parts, names);
                        continue;
                    }
                };
                if !names.contains(&name.as_str()) {
                    names.push(name);
                }
            }
        }
        let mut names = Vec::new();
        walk(&self.parts, &mut names);
        names
    }
}

fn truncated(text: &str) -> &str {
    &text[..text.char_indices().nth(40).map_or(text.len(), |(at, _)| at)]
}

fn lookup<'a>(name: &str, stack: &[&'a Value]) -> Option<&'a Value> {
    if name == "." {
        return stack.last().copied();
    }
    stack.iter().rev().find_map(|context| context.get(name))
}

fn set(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => false,
        Value::Array(items) => !items.is_empty(),
        Value::String(text) => !text.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
        Value::Bool(true) | Value::Number(_) => true,
    }
}

fn render(parts: &[Part], stack: &mut Vec<&Value>, out: &mut String) -> Result<(), String> {
    for part in parts {
        match part {
            Part::Text(text) => out.push_str(text),
            Part::Value(name) => match lookup(name, stack) {
                Some(Value::String(text)) => push_escaped(out, text),
                Some(Value::Number(number)) => out.push_str(&number.to_string()),
                _ => return Err(format!("no text for `{name}`")),
            },
            Part::Section { name, inverted, parts } => {
                let value = lookup(name, stack);
                let shown = value.is_some_and(set);
                if *inverted {
                    if !shown {
                        render(parts, stack, out)?;
                    }
                    continue;
                }
                match value {
                    Some(Value::Array(items)) => {
                        for item in items {
                            stack.push(item);
                            render(parts, stack, out)?;
                            stack.pop();
                        }
                    }
                    Some(object @ Value::Object(_)) if shown => {
                        stack.push(object);
                        render(parts, stack, out)?;
                        stack.pop();
                    }
                    _ if shown => render(parts, stack, out)?,
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::Template;

    #[test]
    fn values_are_escaped_lists_repeat_and_sections_follow_their_value() {
        let template = Template::parse(
            "<h1 title=\"~~title~~\">~~title~~</h1>~~#hasSkills~~<ul>~~#skills~~<li>~~.~~</li>~~/skills~~</ul>~~/hasSkills~~\
             ~~#facts~~<dt>~~term~~</dt><dd>~~value~~ of ~~title~~</dd>~~/facts~~~~^open~~closed~~#on~~ on ~~on~~~~/on~~~~/open~~",
        )
        .unwrap();
        let page = template
            .render(&json!({
                "title": "<Rust> & \"Go\"", "hasSkills": true, "skills": ["a'b", "c"],
                "facts": [{ "term": "Positions", "value": "2" }], "open": false, "on": "1 May",
            }))
            .unwrap();
        assert_eq!(
            page,
            "<h1 title=\"&lt;Rust&gt; &amp; &quot;Go&quot;\">&lt;Rust&gt; &amp; &quot;Go&quot;</h1><ul><li>a&#39;b</li><li>c</li></ul>\
             <dt>Positions</dt><dd>2 of &lt;Rust&gt; &amp; &quot;Go&quot;</dd>closed on 1 May"
        );
        let open = template
            .render(&json!({ "title": "T", "hasSkills": false, "skills": [], "facts": [], "open": true, "on": null }))
            .unwrap();
        assert_eq!(open, "<h1 title=\"T\">T</h1>");
        assert_eq!(template.names(), ["title", "hasSkills", "skills", ".", "facts", "term", "value", "open", "on"]);
    }

    #[test]
    fn a_broken_template_or_a_missing_value_is_an_error_never_a_page() {
        for (text, error) in [
            ("a ~~title", "an unclosed mark at \"title\""),
            ("~~#a~~x~~/b~~", "`a` closed as `b`"),
            ("~~#a~~x", "`a` never closed"),
            ("x~~/a~~", "`a` closed, never opened"),
            ("~~a b~~", "`a b` is no value or section"),
        ] {
            assert_eq!(Template::parse(text).unwrap_err(), error, "{text}");
        }
        let template = Template::parse("~~title~~").unwrap();
        assert_eq!(template.render(&json!({})).unwrap_err(), "no text for `title`");
        assert_eq!(template.render(&json!({ "title": ["x"] })).unwrap_err(), "no text for `title`");
    }
}
