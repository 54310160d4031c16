-- 0016_notes: credit notes (07) and debit notes (08) live in the same outbox as boletas and facturas.
-- Applied once, inside a transaction, by electron/core/db/migrate.ts. Every existing row is copied unchanged.
--
-- A note is a document: same table, same statuses, same id_Base_Dato, same client_key idempotency, same outbox claim
-- and the same decision of its answer (docs/architecture.md §5c, docs/api/decision-table.md). documents and series
-- are rebuilt because SQLite cannot alter a CHECK constraint: doc_type now admits '07' and '08'. What only a note has
-- lives in two linked tables: note_details (the document it modifies, the reason of catálogo 09/10, how it was
-- built) and note_lines (per line of the modified document, the quantity a credit note takes back), so the limit
-- "never more than what is left after earlier notes" (docs/sunat/notes.md) is one query.

CREATE TABLE documents_new (
  id                  INTEGER PRIMARY KEY,
  id_base_dato        TEXT NOT NULL UNIQUE,
  doc_type            TEXT NOT NULL CHECK (doc_type IN ('01', '03', '07', '08')),
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
  cashier_id          INTEGER REFERENCES users (id),
  cashier_name        TEXT,
  cash_session_id     INTEGER REFERENCES cash_sessions (id),
  discount_total      TEXT,
  discount_approved_by TEXT,
  UNIQUE (doc_type, series, number)
) STRICT;

INSERT INTO documents_new (
  id, id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type, customer_doc_number,
  customer_name, total, igv, payload, status, demo, attempts, next_attempt_at, last_error, last_attempt_at, uncertain,
  hash, cdr_code, cdr_description, cdr_notes, cdr_zip, cdr_xml, reprints, created_at, updated_at, accepted_at,
  client_key, reissue_of, cdr_missing, cashier_id, cashier_name, cash_session_id, discount_total, discount_approved_by
)
SELECT
  id, id_base_dato, doc_type, series, number, issued_at, issue_date, currency, customer_doc_type, customer_doc_number,
  customer_name, total, igv, payload, status, demo, attempts, next_attempt_at, last_error, last_attempt_at, uncertain,
  hash, cdr_code, cdr_description, cdr_notes, cdr_zip, cdr_xml, reprints, created_at, updated_at, accepted_at,
  client_key, reissue_of, cdr_missing, cashier_id, cashier_name, cash_session_id, discount_total, discount_approved_by
FROM documents;

-- Dropping the old table drops its indexes and triggers (FTS, replication); they are made again below, as
-- 0001, 0003, 0008, 0010, 0012, 0013 and 0015 made them. The FTS index and the replication queue keep their rows
-- (same ids).
DROP TABLE documents;
ALTER TABLE documents_new RENAME TO documents;

CREATE INDEX documents_issue_date ON documents (issue_date);
CREATE INDEX documents_status ON documents (status);
CREATE INDEX documents_customer_doc_number ON documents (customer_doc_number);
CREATE INDEX documents_series_number ON documents (series, number);
CREATE INDEX documents_cash_session ON documents (cash_session_id) WHERE cash_session_id IS NOT NULL;
CREATE INDEX documents_reissue_of ON documents (reissue_of) WHERE reissue_of IS NOT NULL;
CREATE INDEX documents_export_order ON documents (demo, issue_date, doc_type, series, number);
CREATE INDEX documents_needs_attention ON documents (id, status) WHERE status IN ('attention', 'conflict', 'rejected', 'invalid');
CREATE INDEX documents_outbox_queue ON documents (id, status, next_attempt_at, demo) WHERE status IN ('pending', 'attention');

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

CREATE TRIGGER replication_on_insert AFTER INSERT ON documents
BEGIN
  INSERT INTO replication_queue (document_id) VALUES (NEW.id)
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER replication_on_update AFTER UPDATE ON documents
BEGIN
  INSERT INTO replication_queue (document_id) VALUES (NEW.id)
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1;
END;

CREATE TABLE series_new (
  doc_type    TEXT NOT NULL CHECK (doc_type IN ('01', '03', '07', '08')),
  series      TEXT NOT NULL,
  last_number INTEGER NOT NULL DEFAULT 0 CHECK (last_number BETWEEN 0 AND 99999999),
  PRIMARY KEY (doc_type, series)
) STRICT;
INSERT INTO series_new (doc_type, series, last_number) SELECT doc_type, series, last_number FROM series;
DROP TABLE series;
ALTER TABLE series_new RENAME TO series;

-- A restore holds every series (0014), note series included: the holds and their log admit '07' and '08' too.
CREATE TABLE numbering_holds_new (
  doc_type   TEXT NOT NULL CHECK (doc_type IN ('01', '03', '07', '08')),
  series     TEXT NOT NULL,
  reason     TEXT NOT NULL CHECK (reason IN ('restore', 'wal_loss', 'new_database')),
  known_last INTEGER NOT NULL DEFAULT 0 CHECK (known_last >= 0),
  since      TEXT NOT NULL,
  PRIMARY KEY (doc_type, series)
) STRICT;
INSERT INTO numbering_holds_new SELECT doc_type, series, reason, known_last, since FROM numbering_holds;
DROP TABLE numbering_holds;
ALTER TABLE numbering_holds_new RENAME TO numbering_holds;

CREATE TABLE numbering_log_new (
  id          INTEGER PRIMARY KEY,
  at          TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('held', 'confirmed', 'jumped', 'wal_loss', 'salvaged', 'clock')),
  doc_type    TEXT CHECK (doc_type IS NULL OR doc_type IN ('01', '03', '07', '08')),
  series      TEXT,
  from_number INTEGER,
  to_number   INTEGER,
  document_id INTEGER REFERENCES documents (id),
  detail      TEXT NOT NULL
) STRICT;
INSERT INTO numbering_log_new SELECT id, at, kind, doc_type, series, from_number, to_number, document_id, detail FROM numbering_log;
DROP TABLE numbering_log;
ALTER TABLE numbering_log_new RENAME TO numbering_log;

-- What only a note has. One row per note, written in the transaction that spends its number.
CREATE TABLE note_details (
  document_id INTEGER PRIMARY KEY REFERENCES documents (id),
  modifies_id INTEGER NOT NULL REFERENCES documents (id),
  reason      TEXT NOT NULL CHECK (reason GLOB '[0-9][0-9]'),
  description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 250),
  -- whole: the whole document (01, 02, 06); lines: some lines and quantities (07); amount: a sum (09, debit notes).
  mode        TEXT NOT NULL CHECK (mode IN ('whole', 'lines', 'amount'))
) STRICT;
CREATE INDEX note_details_modifies ON note_details (modifies_id);

-- Per line of the modified document (1-based), the quantity a credit note takes back (a decimal string).
CREATE TABLE note_lines (
  document_id INTEGER NOT NULL REFERENCES documents (id),
  line        INTEGER NOT NULL CHECK (line >= 1),
  quantity    TEXT NOT NULL,
  PRIMARY KEY (document_id, line)
) STRICT;
