-- Documents that reach the customer by email. The customer book may keep an address (the default recipient), and
-- each document sent to an address is one row of a durable queue, sent by the mail outbox (electron/core/mail/).
-- A row's message_id is fixed when it is queued and sent with every attempt, so a message that may have left (its
-- answer lost) can be recognised by the recipient's mail client and by support; such a row becomes 'uncertain' and
-- is never sent again on its own: the user decides (at most once).
ALTER TABLE customers ADD COLUMN email TEXT;

CREATE TABLE document_emails (
  id              INTEGER PRIMARY KEY,
  document_id     INTEGER NOT NULL REFERENCES documents (id),
  recipient       TEXT NOT NULL,
  status          TEXT NOT NULL CHECK (status IN ('queued', 'sending', 'sent', 'failed', 'uncertain')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_error      TEXT,
  message_id      TEXT NOT NULL UNIQUE,
  smtp_response   TEXT,
  sent_at         TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  UNIQUE (document_id, recipient)
) STRICT;

CREATE INDEX document_emails_due ON document_emails (status, next_attempt_at);
