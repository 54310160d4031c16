-- Shop server 0001: one history for every till of the shop, in PostgreSQL. Each till keeps selling into its
-- own SQLite and owns its series; it pushes each document here (idempotent by id_base_dato) with its status, CDR,
-- events, payments, discounts and cashier. Applied by electron/core/server/migrate.ts, one transaction per file.
CREATE TABLE terminals (
  terminal_id  TEXT PRIMARY KEY,
  name         TEXT NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Which till numbers each series: a second till claiming a series another one owns is refused.
CREATE TABLE series_owners (
  doc_type    TEXT NOT NULL CHECK (doc_type IN ('01', '03')),
  series      TEXT NOT NULL,
  terminal_id TEXT NOT NULL REFERENCES terminals (terminal_id),
  claimed_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (doc_type, series)
);

CREATE TABLE documents (
  id_base_dato        TEXT PRIMARY KEY,
  terminal_id         TEXT NOT NULL REFERENCES terminals (terminal_id),
  doc_type            TEXT NOT NULL,
  series              TEXT NOT NULL,
  number              INTEGER NOT NULL,
  issued_at           TEXT NOT NULL,
  issue_date          DATE NOT NULL,
  currency            TEXT NOT NULL,
  customer_doc_type   TEXT NOT NULL,
  customer_doc_number TEXT NOT NULL,
  customer_name       TEXT NOT NULL,
  total               NUMERIC(14, 2) NOT NULL,
  igv                 NUMERIC(14, 2) NOT NULL,
  status              TEXT NOT NULL,
  hash                TEXT,
  cdr_code            TEXT,
  cdr_description     TEXT,
  cdr_xml             TEXT,
  cdr_zip             BYTEA,
  -- The Invoice JSON exactly as the till sent it (text, not jsonb: byte for byte).
  payload             TEXT NOT NULL,
  cashier_name        TEXT,
  discount_total      NUMERIC(14, 2),
  payments            JSONB NOT NULL DEFAULT '[]',
  discounts           JSONB NOT NULL DEFAULT '[]',
  events              JSONB NOT NULL DEFAULT '[]',
  reprints            INTEGER NOT NULL DEFAULT 0,
  -- The till's updated_at: a late push of an older state never overwrites a newer one.
  local_updated_at    TEXT NOT NULL,
  pushed_at           TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (doc_type, series, number)
);

CREATE INDEX documents_issue_date ON documents (issue_date);
CREATE INDEX documents_customer_doc_number ON documents (customer_doc_number);
