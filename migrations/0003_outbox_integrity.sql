-- 0003_outbox_integrity: statuses and evidence for reconciliation by content.
-- Applied once, inside a transaction, by electron/core/db/migrate.ts. Every existing row is copied unchanged.
--
-- documents is rebuilt because SQLite cannot alter a CHECK constraint. New statuses:
--   attention: the answer could not be read or the API refused the request unexpectedly ("requiere atención");
--   conflict:  the number is registered at SUNAT with content that is not ours ("número ocupado por otro comprobante").
-- New columns:
--   client_key:  the till's idempotency key of the sale that issued the document (NULL for documents before 0003);
--   reissue_of:  the document this one replaces, when it was reissued under a new number after a conflict;
--   cdr_missing: 1 when the document was reconciled as accepted without a CDR (the back office offers "Obtener CDR").

CREATE TABLE documents_new (
  id                  INTEGER PRIMARY KEY,
  id_base_dato        TEXT NOT NULL UNIQUE,
  doc_type            TEXT NOT NULL CHECK (doc_type IN ('01', '03')),
  series              TEXT NOT NULL,
  number              INTEGER NOT NULL CHECK (number BETWEEN 1 AND 99999999),
  issued_at           TEXT NOT NULL,
  issue_date          TEXT NOT NULL CHECK (issue_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  currency            TEXT NOT NULL,
  customer_doc_type   TEXT NOT NULL,
  customer_doc_number TEXT NOT NULL,
  customer_name       TEXT NOT NULL,
  total               TEXT NOT NULL,
  igv                 TEXT NOT NULL,
  payload             TEXT NOT NULL CHECK (json_valid(payload)),
  status              TEXT NOT NULL CHECK (status IN (
    'pending', 'sending', 'accepted', 'observed', 'rejected', 'invalid', 'blocked_auth', 'attention', 'conflict'
  )),
  demo                INTEGER NOT NULL DEFAULT 0 CHECK (demo IN (0, 1)),
  attempts            INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at     TEXT,
  last_error          TEXT,
  last_attempt_at     TEXT,
  uncertain           INTEGER NOT NULL DEFAULT 0 CHECK (uncertain IN (0, 1)),
  hash                TEXT,
  cdr_code            TEXT,
  cdr_description     TEXT,
  cdr_notes           TEXT CHECK (cdr_notes IS NULL OR json_valid(cdr_notes)),
  cdr_zip             BLOB,
  cdr_xml             TEXT,
  reprints            INTEGER NOT NULL DEFAULT 0 CHECK (reprints >= 0),
  created_at          TEXT NOT NULL,
  updated_at          TEXT NOT NULL,
  accepted_at         TEXT,
  client_key          TEXT UNIQUE CHECK (client_key IS NULL OR length(client_key) BETWEEN 8 AND 64),
  reissue_of          INTEGER REFERENCES documents (id),
  cdr_missing         INTEGER NOT NULL DEFAULT 0 CHECK (cdr_missing IN (0, 1)),
  UNIQUE (doc_type, series, number)
) STRICT;

INSERT INTO documents_new (
  id, id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type, customer_doc_number,
  customer_name, total, igv, payload, status, demo, attempts, next_attempt_at, last_error, last_attempt_at, uncertain,
  hash, cdr_code, cdr_description, cdr_notes, cdr_zip, cdr_xml, reprints, created_at, updated_at, accepted_at
)
SELECT
  id, id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type, customer_doc_number,
  customer_name, total, igv, payload, status, demo, attempts, next_attempt_at, last_error, last_attempt_at, uncertain,
  hash, cdr_code, cdr_description, cdr_notes, cdr_zip, cdr_xml, reprints, created_at, updated_at, accepted_at
FROM documents;

-- The FTS triggers belong to the old table; dropping it drops them. The FTS index keeps its rows (same ids).
DROP TABLE documents;
ALTER TABLE documents_new RENAME TO documents;

CREATE INDEX documents_issue_date ON documents (issue_date);
CREATE INDEX documents_status ON documents (status);
CREATE INDEX documents_customer_doc_number ON documents (customer_doc_number);
CREATE INDEX documents_series_number ON documents (series, number);

CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
  INSERT INTO documents_fts (rowid, customer_name) VALUES (new.id, new.customer_name);
END;

CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
  INSERT INTO documents_fts (documents_fts, rowid, customer_name) VALUES ('delete', old.id, old.customer_name);
END;

CREATE TRIGGER documents_fts_update AFTER UPDATE OF customer_name ON documents BEGIN
  INSERT INTO documents_fts (documents_fts, rowid, customer_name) VALUES ('delete', old.id, old.customer_name);
  INSERT INTO documents_fts (rowid, customer_name) VALUES (new.id, new.customer_name);
END;

-- Repeated identical attempts collapse into one event row: `repeats` counts them, `last_at` is the latest.
ALTER TABLE document_events ADD COLUMN repeats INTEGER NOT NULL DEFAULT 1 CHECK (repeats >= 1);
ALTER TABLE document_events ADD COLUMN last_at TEXT;
