-- 0004_customer_ruc_lookup: customers found by the RUC lookup are kept in the customer book with their own
-- source. SQLite cannot alter a CHECK constraint, so the table is rebuilt; every row is copied with its id, so the
-- full-text index (which keeps its rows by id) stays valid. Applied once, inside a transaction, by migrate.ts.

CREATE TABLE customers_new (
  id         INTEGER PRIMARY KEY,
  doc_type   TEXT NOT NULL,
  doc_number TEXT NOT NULL,
  name       TEXT NOT NULL,
  address    TEXT NOT NULL DEFAULT '',
  source     TEXT NOT NULL CHECK (source IN ('dni_lookup', 'ruc_lookup', 'sale', 'manual')),
  updated_at TEXT NOT NULL,
  UNIQUE (doc_type, doc_number)
) STRICT;

INSERT INTO customers_new (id, doc_type, doc_number, name, address, source, updated_at)
SELECT id, doc_type, doc_number, name, address, source, updated_at FROM customers;

DROP TABLE customers;
ALTER TABLE customers_new RENAME TO customers;

CREATE INDEX customers_doc_number ON customers (doc_number);

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
