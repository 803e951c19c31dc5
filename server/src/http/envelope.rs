//! The envelope of every successful answer (docs/api.md#envelope): `success: true`, a `message` for a person to
//! read, and the call's own fields beside them. A call's body type holds only its own fields;
//! `ok` wraps it, and the OpenAPI document adds the two fields to the schema of every success body
//! (`openapi::Enveloped`), so neither is written out per call.

use std::borrow::Cow;

use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize)]
pub struct Envelope<T> {
    success: bool,
    message: Cow<'static, str>,
    #[serde(flatten)]
    body: T,
}

/// A successful answer: the envelope around `T`'s fields, as JSON.
pub type Reply<T> = Json<Envelope<T>>;

/// Answers `body` with `success: true` and `message`.
pub fn ok<T: Serialize>(message: impl Into<Cow<'static, str>>, body: T) -> Reply<T> {
    Json(Envelope { success: true, message: message.into(), body })
}

/// The plain success envelope.
#[derive(Serialize, ToSchema)]
pub struct Ack {}

/// A success that says nothing but its message.
pub fn ack(message: impl Into<Cow<'static, str>>) -> Reply<Ack> {
    ok(message, Ack {})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Body {
        job_id: &'static str,
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<&'static str>,
    }

    #[test]
    fn the_envelope_puts_success_and_message_beside_the_calls_own_fields() {
        let Json(reply) = ok("Job fetched successfully", Body { job_id: "j1", note: None });
        assert_eq!(
            serde_json::to_string(&reply).unwrap(),
            r#"{"success":true,"message":"Job fetched successfully","jobId":"j1"}"#
        );
        let Json(reply) = ack("Logged out successfully");
        assert_eq!(serde_json::to_string(&reply).unwrap(), r#"{"success":true,"message":"Logged out successfully"}"#);
    }
}
