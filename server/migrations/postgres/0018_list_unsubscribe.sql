-- A message's one-click unsubscribe address (RFC 8058), sent as its List-Unsubscribe header; only
-- alert e-mails have one.
ALTER TABLE outbox ADD COLUMN list_unsubscribe TEXT;
