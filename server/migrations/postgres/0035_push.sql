-- Web Push (docs/rules.md#push): each device a person turned notifications on for, and the pushes
-- waiting to go to it.
--
-- A subscription is the push service's address for one browser (`endpoint`, unique) with its keys,
-- the device's label, the kinds it takes (`kinds`, comma-separated), and the login (`session_id`)
-- that made it: when that login ends (a logout, a password change), the device goes with it.
CREATE TABLE push_subscriptions (
    id           TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL REFERENCES users (id),
    session_id   TEXT NOT NULL REFERENCES sessions (jti) ON DELETE CASCADE,
    endpoint     TEXT NOT NULL UNIQUE,
    p256dh       TEXT NOT NULL,
    auth         TEXT NOT NULL,
    label        TEXT NOT NULL,
    kinds        TEXT NOT NULL,
    created_at   BIGINT NOT NULL,
    last_sent_at BIGINT
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);
CREATE INDEX push_subscriptions_session ON push_subscriptions (session_id);

-- A push waiting to be sent, written in the transaction of the event it reports. It carries only
-- its kind and the path a tap opens; the words are the kind's own. `expires_at` is its TTL's end:
-- a push not sent by then is dropped. Sent, gone or given up, the row is deleted.
CREATE TABLE push_outbox (
    id              TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
    kind            TEXT NOT NULL,
    link            TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    expires_at      BIGINT NOT NULL,
    attempts        BIGINT NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL
);
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at);
CREATE INDEX push_outbox_subscription ON push_outbox (subscription_id);
