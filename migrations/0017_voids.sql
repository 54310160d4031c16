-- 0017_voids: voiding ("Anular") a boleta or a factura SUNAT accepted. Applied once, inside a transaction,
-- by electron/core/db/migrate.ts.
--
-- A void is a durable request, recorded here BEFORE it is sent: a boleta goes to summary/cancel (resumen diario), a
-- factura to voided/cancel (comunicación de baja); docs/api/provider-factiliza.md and docs/sunat/notes.md. One request
-- per document, ever (UNIQUE document_id): a retry, a lost answer or a crash sends the same stored payload again, never
-- a second request. The request has its own small outbox (electron/core/services/void-sender.ts); the document's own
-- status is untouched (SUNAT did accept it): "Anulado" is this table's claim, made only on SUNAT's evidence.
CREATE TABLE voids (
  id              INTEGER PRIMARY KEY,
  document_id     INTEGER NOT NULL UNIQUE REFERENCES documents (id),
  -- summary: boleta, POST {billing}/summary/cancel; voided: factura, POST {billing}/voided/cancel.
  endpoint        TEXT NOT NULL CHECK (endpoint IN ('summary', 'voided')),
  reason          TEXT NOT NULL CHECK (length(reason) BETWEEN 3 AND 100),
  -- The exact JSON sent, every attempt.
  payload         TEXT NOT NULL,
  status          TEXT NOT NULL DEFAULT 'pending'
                  CHECK (status IN ('pending', 'sending', 'voided', 'refused', 'invalid', 'attention')),
  -- An earlier attempt may have reached the API (a lost answer, a crash while sending, a 5xx, a 01xx): the next
  -- attempt first asks SUNAT's record whether the document is already voided.
  uncertain       INTEGER NOT NULL DEFAULT 0 CHECK (uncertain IN (0, 1)),
  demo            INTEGER NOT NULL CHECK (demo IN (0, 1)),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,
  last_attempt_at TEXT,
  last_error      TEXT,
  answer_code     TEXT,
  answer_text     TEXT,
  requested_at    TEXT NOT NULL,
  requested_by    TEXT,
  decided_at      TEXT
) STRICT;

CREATE INDEX voids_due ON voids (status, next_attempt_at);
