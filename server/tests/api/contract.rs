//! Every JSON response the integration tests read (through `status_and_json`) is checked against
//! the OpenAPI document: its status must be documented for the call, and its body must validate
//! against that status's schema. The validator covers what utoipa writes: `$ref`, `allOf`, `oneOf`,
//! `anyOf`, `type` (one or a list), `enum`, `properties`, `required`, `additionalProperties`,
//! `items`, and the numeric, length and count bounds; `pattern` and `format` are not checked.

use std::sync::LazyLock;

use serde_json::{Map, Value, json};

static DOCUMENT: LazyLock<Value> =
    LazyLock::new(|| serde_json::from_str(&jobportal::routes::openapi_json()).expect("the document is JSON"));

/// Statuses a known path may answer whatever the call: another method (405). Every other status
/// must be in the call's own `responses`.
const ANY_CALL: &[u16] = &[405];

/// Panics with every difference when the response to `path` (an absolute URL or a path, with or
/// without a query) does not match the document. Paths the document does not list (the API's
/// fallback, the web app) are not checked.
pub fn check_response(url: &str, status: u16, content_type: Option<&str>, body: &Value) {
    let errors = response_errors(&DOCUMENT, url, status, content_type, body);
    assert!(
        errors.is_empty(),
        "{status} from {url} does not match the OpenAPI document:\n{}\nbody: {body}",
        errors.join("\n")
    );
}

fn response_errors(document: &Value, url: &str, status: u16, content_type: Option<&str>, body: &Value) -> Vec<String> {
    let Some(operations) = operations_for(document, url) else { return Vec::new() };
    if ANY_CALL.contains(&status) {
        return Vec::new();
    }
    let key = status.to_string();
    let documented: Vec<&Value> =
        operations.values().filter_map(|operation| operation["responses"].get(&key)).collect();
    let Some(response) = documented.first() else {
        return vec![format!("status {status} is not documented for this call")];
    };
    let media = content_type.unwrap_or_default().split(';').next().unwrap_or_default().trim();
    let Some(content) = response["content"].get(media) else {
        return vec![format!("content type {media:?} is not documented for status {status}")];
    };
    let mut errors = Vec::new();
    if let Some(schema) = content.get("schema") {
        validate(document, schema, body, "", &mut errors);
    }
    errors
}

/// The operations of the documented path that `url` is an instance of (`{name}` is any segment).
fn operations_for<'a>(document: &'a Value, url: &str) -> Option<&'a Map<String, Value>> {
    let path = url.split_once("://").map_or(url, |(_, rest)| rest.find('/').map_or("/", |slash| &rest[slash..]));
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let path = if path.len() > 1 { path.trim_end_matches('/') } else { path };
    let segments: Vec<&str> = path.split('/').collect();
    let paths = document["paths"].as_object()?;
    let matches = |template: &str| {
        let parts: Vec<&str> = template.split('/').collect();
        parts.len() == segments.len()
            && parts.iter().zip(&segments).all(|(part, segment)| {
                (part.starts_with('{') && part.ends_with('}') && !segment.is_empty()) || part == segment
            })
    };
    // A literal path wins over a template (none overlap today, but the rule is the router's).
    paths
        .get(path)
        .or_else(|| paths.iter().find(|(template, _)| matches(template)).map(|(_, item)| item))
        .and_then(Value::as_object)
}

fn validate(document: &Value, schema: &Value, value: &Value, at: &str, errors: &mut Vec<String>) {
    let here = if at.is_empty() { "/" } else { at };
    if let Some(reference) = schema.get("$ref").and_then(Value::as_str) {
        let Some(name) = reference.strip_prefix("#/components/schemas/") else {
            errors.push(format!("{here}: unsupported reference {reference}"));
            return;
        };
        match document["components"]["schemas"].get(name) {
            Some(target) => validate(document, target, value, at, errors),
            None => errors.push(format!("{here}: no schema {name}")),
        }
        return;
    }
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for part in all {
            validate(document, part, value, at, errors);
        }
    }
    for (keyword, wanted) in [("oneOf", Some(1)), ("anyOf", None)] {
        let Some(choices) = schema.get(keyword).and_then(Value::as_array) else { continue };
        let passing = choices
            .iter()
            .filter(|choice| {
                let mut inner = Vec::new();
                validate(document, choice, value, at, &mut inner);
                inner.is_empty()
            })
            .count();
        let fits = wanted.map_or(passing >= 1, |wanted| passing == wanted);
        if !fits {
            errors.push(format!("{here}: {passing} of the {keyword} choices match {value}"));
        }
    }
    if let Some(types) = schema.get("type") {
        let types: Vec<&str> = match types {
            Value::String(one) => vec![one.as_str()],
            Value::Array(many) => many.iter().filter_map(Value::as_str).collect(),
            _ => Vec::new(),
        };
        if !types.iter().any(|kind| is_of_type(value, kind)) {
            errors.push(format!("{here}: {value} is not of type {}", types.join(" or ")));
            return;
        }
    }
    if let Some(allowed) = schema.get("enum").and_then(Value::as_array)
        && !allowed.contains(value)
    {
        errors.push(format!("{here}: {value} is not one of {}", Value::Array(allowed.clone())));
    }
    if let Some(number) = value.as_f64() {
        if let Some(minimum) = schema.get("minimum").and_then(Value::as_f64)
            && number < minimum
        {
            errors.push(format!("{here}: {number} is below the minimum {minimum}"));
        }
        if let Some(maximum) = schema.get("maximum").and_then(Value::as_f64)
            && number > maximum
        {
            errors.push(format!("{here}: {number} is above the maximum {maximum}"));
        }
    }
    if let Some(text) = value.as_str() {
        let length = text.chars().count() as u64;
        bounds(schema, "minLength", "maxLength", length, "characters", here, errors);
    }
    if let Some(items) = value.as_array() {
        bounds(schema, "minItems", "maxItems", items.len() as u64, "items", here, errors);
        if let Some(item_schema) = schema.get("items") {
            for (index, item) in items.iter().enumerate() {
                validate(document, item_schema, item, &format!("{at}/{index}"), errors);
            }
        }
    }
    if let Some(object) = value.as_object() {
        if let Some(required) = schema.get("required").and_then(Value::as_array) {
            for name in required.iter().filter_map(Value::as_str) {
                if !object.contains_key(name) {
                    errors.push(format!("{here}: the required field {name} is missing"));
                }
            }
        }
        let properties = schema.get("properties").and_then(Value::as_object);
        for (name, field) in object {
            let field_at = format!("{at}/{name}");
            match (properties.and_then(|properties| properties.get(name)), schema.get("additionalProperties")) {
                (Some(field_schema), _) => validate(document, field_schema, field, &field_at, errors),
                (None, Some(Value::Bool(false))) => errors.push(format!("{field_at}: not a documented field")),
                (None, Some(extra)) if extra.is_object() => validate(document, extra, field, &field_at, errors),
                (None, _) => {}
            }
        }
    }
}

fn is_of_type(value: &Value, kind: &str) -> bool {
    match kind {
        "null" => value.is_null(),
        "boolean" => value.is_boolean(),
        "integer" => value.is_i64() || value.is_u64(),
        "number" => value.is_number(),
        "string" => value.is_string(),
        "array" => value.is_array(),
        "object" => value.is_object(),
        _ => false,
    }
}

fn bounds(schema: &Value, low: &str, high: &str, count: u64, unit: &str, here: &str, errors: &mut Vec<String>) {
    if let Some(minimum) = schema.get(low).and_then(Value::as_u64)
        && count < minimum
    {
        errors.push(format!("{here}: {count} {unit}, fewer than {minimum}"));
    }
    if let Some(maximum) = schema.get(high).and_then(Value::as_u64)
        && count > maximum
    {
        errors.push(format!("{here}: {count} {unit}, more than {maximum}"));
    }
}

/// The checker itself can fail: a made-up document and the mistakes it must catch.
#[test]
fn the_contract_check_refuses_what_the_document_does_not_allow() {
    let document = json!({
        "paths": {
            "/api/v1/things/{thingId}": { "get": { "responses": {
                "200": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Thing" } } } },
                "404": { "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } } }
            } } }
        },
        "components": { "schemas": {
            "ErrorBody": { "type": "object", "required": ["success", "message"],
                "properties": { "success": { "type": "boolean" }, "message": { "type": "string" } } },
            "Thing": { "type": "object", "required": ["success", "kind", "tags"], "properties": {
                "success": { "type": "boolean" },
                "kind": { "type": "string", "enum": ["a", "b"] },
                "count": { "type": ["integer", "null"], "minimum": 0 },
                "tags": { "type": "array", "maxItems": 2, "items": { "type": "string" } },
                "owner": { "oneOf": [{ "type": "null" }, { "$ref": "#/components/schemas/ErrorBody" }] }
            } }
        } }
    });
    let json_type = Some("application/json");
    let check = |url: &str, status: u16, body: Value| response_errors(&document, url, status, json_type, &body);
    let good = json!({ "success": true, "kind": "a", "count": null, "tags": ["x"], "owner": null });
    assert_eq!(check("http://127.0.0.1:1/api/v1/things/7?x=1", 200, good), Vec::<String>::new());
    assert_eq!(
        check("/api/v1/things/7", 200, json!({ "success": "yes", "kind": "c", "count": -1, "tags": ["x", 1, "z"] })),
        [
            "/count: -1 is below the minimum 0",
            "/kind: \"c\" is not one of [\"a\",\"b\"]",
            "/success: \"yes\" is not of type boolean",
            "/tags: 3 items, more than 2",
            "/tags/1: 1 is not of type string",
        ]
    );
    assert_eq!(
        check("/api/v1/things/7", 200, json!({ "kind": "a", "tags": [] })),
        ["/: the required field success is missing"]
    );
    assert_eq!(
        check(
            "/api/v1/things/7",
            200,
            json!({ "success": true, "kind": "a", "tags": [], "owner": { "success": true } })
        ),
        ["/owner: 0 of the oneOf choices match {\"success\":true}"]
    );
    assert_eq!(check("/api/v1/things/7", 409, json!({})), ["status 409 is not documented for this call"]);
    assert_eq!(
        response_errors(&document, "/api/v1/things/7", 404, Some("text/html"), &json!(null)),
        ["content type \"text/html\" is not documented for status 404"]
    );
    assert_eq!(check("/api/v1/unlisted", 404, json!({})), Vec::<String>::new());
}

/// Each operation has an id of its own: clients generated from the document (the web app's types
/// among them) name their calls by it.
#[test]
fn every_operation_has_an_id_of_its_own() {
    let mut seen = std::collections::BTreeMap::new();
    for (path, operations) in DOCUMENT["paths"].as_object().expect("paths") {
        for (method, operation) in operations.as_object().expect("operations") {
            let id = operation["operationId"].as_str().unwrap_or_default().to_string();
            assert!(!id.is_empty(), "{method} {path} has no operationId");
            if let Some(other) = seen.insert(id.clone(), format!("{method} {path}")) {
                panic!("{id} names both {other} and {method} {path}");
            }
        }
    }
    assert!(seen.len() > 60, "the operations were read: {}", seen.len());
}
