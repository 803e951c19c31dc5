-- Reset e-mails per address per hour, whoever asks for them (issue 10: no mailbox bombing).
CREATE TABLE reset_requests (
    email             TEXT PRIMARY KEY,
    window_started_at BIGINT NOT NULL,
    sent_in_window    BIGINT NOT NULL
);
