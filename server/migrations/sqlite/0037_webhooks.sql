-- Webhooks (docs/rules.md#webhooks): the endpoints a company registers, and the deliveries of the
-- events each asked for.
--
-- An endpoint signs each delivery with its secret (Standard Webhooks: `whsec_` and base64);
-- after a rotation the previous secret also signs until `previous_until`. `events` is
-- comma-separated. `failing_since` is the first failed attempt since the last success; an endpoint
-- failing for a day is turned off (`disabled_at`, with the reason).
CREATE TABLE webhook_endpoints (
    id              TEXT PRIMARY KEY,
    company_id      TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
    url             TEXT NOT NULL,
    description     TEXT NOT NULL,
    events          TEXT NOT NULL,
    secret          TEXT NOT NULL,
    previous_secret TEXT,
    previous_until  BIGINT,
    created_at      BIGINT NOT NULL,
    disabled_at     BIGINT,
    disabled_reason TEXT,
    failing_since   BIGINT
);
CREATE INDEX webhook_endpoints_company ON webhook_endpoints (company_id);

-- One event for one endpoint, written in the event's transaction. `id` is the `webhook-id` every
-- attempt carries. `order_key` (an application's or a job's id) keeps one subject's events in
-- order: a delivery waits while an earlier one of its key is pending. `state` is pending,
-- delivered or failed; a worker that claims one moves `next_attempt_at` past its attempt. The last attempt's
-- time, HTTP status and error are kept for the delivery log.
CREATE TABLE webhook_deliveries (
    id              TEXT PRIMARY KEY,
    endpoint_id     TEXT NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
    event_type      TEXT NOT NULL,
    payload         TEXT NOT NULL,
    order_key       TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    state           TEXT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    last_attempt_at BIGINT,
    last_status     BIGINT,
    last_error      TEXT
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_order ON webhook_deliveries (endpoint_id, order_key, created_at) WHERE state = 'pending';
CREATE INDEX webhook_deliveries_log ON webhook_deliveries (endpoint_id, created_at);
