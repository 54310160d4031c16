-- 0001_init: the first schema of Caja's local store.
-- Applied once, inside a transaction, by electron/core/db/migrate.ts. Do not edit after release: add 0002_... instead.
-- Timestamps are ISO-8601 text. created_at/updated_at/events are UTC (toISOString); issued_at keeps its offset.

-- Application settings, one JSON value per key.
CREATE TABLE settings (
  key   TEXT PRIMARY KEY,
  value TEXT NOT NULL CHECK (json_valid(value))
) STRICT;

-- The terminal's series and the last number taken from each (gap-free numbering).
CREATE TABLE series (
  doc_type    TEXT NOT NULL CHECK (doc_type IN ('01', '03')),
  series      TEXT NOT NULL,
  last_number INTEGER NOT NULL DEFAULT 0 CHECK (last_number BETWEEN 0 AND 99999999),
  PRIMARY KEY (doc_type, series)
) STRICT;

-- One row per issued document; payload is the exact JSON sent to the invoicing API.
CREATE TABLE documents (
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
  status              TEXT NOT NULL
    CHECK (status IN ('pending', 'sending', 'accepted', 'observed', 'rejected', 'invalid', 'blocked_auth')),
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
  UNIQUE (doc_type, series, number)
) STRICT;

CREATE INDEX documents_issue_date ON documents (issue_date);
-- (status) is (status, id) in SQLite: the outbox walks pending documents oldest first without sorting.
CREATE INDEX documents_status ON documents (status);
CREATE INDEX documents_customer_doc_number ON documents (customer_doc_number);
CREATE INDEX documents_series_number ON documents (series, number);

-- Full-text search on the customer's name, accents ignored; external content kept in sync by triggers.
CREATE VIRTUAL TABLE documents_fts USING fts5(
  customer_name,
  content = 'documents',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

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

-- Audit trail: one row per status change of a document.
CREATE TABLE document_events (
  id          INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  at          TEXT NOT NULL,
  from_status TEXT,
  to_status   TEXT NOT NULL,
  detail      TEXT
) STRICT;

CREATE INDEX document_events_document_id ON document_events (document_id);

-- Local customer book (DNI lookups, past sales, manual entries).
-- id is an explicit INTEGER PRIMARY KEY so the FTS rowid is stable (VACUUM may renumber implicit rowids);
-- (doc_type, doc_number) is the natural key.
CREATE TABLE customers (
  id         INTEGER PRIMARY KEY,
  doc_type   TEXT NOT NULL,
  doc_number TEXT NOT NULL,
  name       TEXT NOT NULL,
  address    TEXT NOT NULL DEFAULT '',
  source     TEXT NOT NULL CHECK (source IN ('dni_lookup', 'sale', 'manual')),
  updated_at TEXT NOT NULL,
  UNIQUE (doc_type, doc_number)
) STRICT;

CREATE INDEX customers_doc_number ON customers (doc_number);

CREATE VIRTUAL TABLE customers_fts USING fts5(
  name,
  content = 'customers',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER customers_fts_insert AFTER INSERT ON customers BEGIN
  INSERT INTO customers_fts (rowid, name) VALUES (new.id, new.name);
END;

CREATE TRIGGER customers_fts_delete AFTER DELETE ON customers BEGIN
  INSERT INTO customers_fts (customers_fts, rowid, name) VALUES ('delete', old.id, old.name);
END;

CREATE TRIGGER customers_fts_update AFTER UPDATE OF name ON customers BEGIN
  INSERT INTO customers_fts (customers_fts, rowid, name) VALUES ('delete', old.id, old.name);
  INSERT INTO customers_fts (rowid, name) VALUES (new.id, new.name);
END;

-- Cached results of external queries (e.g. DNI lookups), JSON text.
CREATE TABLE lookups (
  kind       TEXT NOT NULL,
  key        TEXT NOT NULL,
  response   TEXT NOT NULL CHECK (json_valid(response)),
  fetched_at TEXT NOT NULL,
  PRIMARY KEY (kind, key)
) STRICT;
