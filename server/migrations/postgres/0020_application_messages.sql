-- One conversation per application between its recruiter and its applicant (issue 27): plain-text
-- messages, each read once its recipient opens the conversation.
CREATE TABLE application_messages (
    id             TEXT PRIMARY KEY,
    application_id TEXT NOT NULL REFERENCES applications (id),
    sender_id      TEXT NOT NULL REFERENCES users (id),
    body           TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    read_at        BIGINT
);
CREATE INDEX application_messages_by_application ON application_messages (application_id, id);

-- When each side was last e-mailed about a conversation: a new message e-mails the recipient at
-- most once in 15 minutes while they have not read it (reading removes the row).
CREATE TABLE conversation_mail (
    application_id TEXT NOT NULL REFERENCES applications (id),
    recipient_id   TEXT NOT NULL REFERENCES users (id),
    emailed_at     BIGINT NOT NULL,
    PRIMARY KEY (application_id, recipient_id)
);
