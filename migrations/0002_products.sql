-- 0002_products: the product catalogue. Applied once, inside a transaction, by electron/core/db/migrate.ts.
-- Field rules live in shared/bridge/products.ts (zod, Spanish messages); the CHECKs below are a last line of defence.

-- One row per product. code is the natural key used by the till (scan) and the CSV import; id is an explicit
-- INTEGER PRIMARY KEY so the FTS rowid is stable.
-- unit is checked for shape only (1-3 upper-case letters or digits): the list of catalogue 03 codes the app offers
-- lives in shared/catalog and may grow without rebuilding this table.
-- price is the sale price with IGV as a canonical decimal string ('3.5', '12', '0.0425'): digits with at most one
-- dot, no trailing dot, no leading zero before an integer digit, no trailing zero after the dot, at least one
-- non-zero digit (so > 0), at most 10 decimals. Canonical text lets "same price" be a plain text comparison.
-- Never a binary float.
CREATE TABLE products (
  id          INTEGER PRIMARY KEY,
  code        TEXT NOT NULL UNIQUE CHECK (length(code) BETWEEN 1 AND 30 AND code = trim(code)),
  description TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
  unit        TEXT NOT NULL CHECK (length(unit) BETWEEN 1 AND 3 AND unit NOT GLOB '*[^A-Z0-9]*'),
  price       TEXT NOT NULL CHECK (
    length(price) BETWEEN 1 AND 16
    AND price GLOB '[0-9]*'
    AND price NOT GLOB '*[^0-9.]*'
    AND price NOT GLOB '*.*.*'
    AND price NOT GLOB '*.'
    AND price GLOB '*[1-9]*'
    AND price NOT GLOB '0[0-9]*'
    AND NOT (instr(price, '.') > 0 AND price GLOB '*0')
    AND (instr(price, '.') = 0 OR length(price) - instr(price, '.') <= 10)
  ),
  affectation TEXT NOT NULL CHECK (affectation IN ('10', '20')),
  bag         INTEGER NOT NULL DEFAULT 0 CHECK (bag IN (0, 1)),
  active      INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;

-- Lists in the order the Productos screen shows (active ones first when filtered), without sorting the table.
CREATE INDEX products_active_description ON products (active, description COLLATE NOCASE);
CREATE INDEX products_description ON products (description COLLATE NOCASE);
-- Counts "codes starting with ..." among active products from the index alone (no table lookups).
CREATE INDEX products_code_active ON products (code, active);

-- Full-text search on the description and the code, accents and case ignored; external content kept in sync by
-- triggers. The code is also matched by prefix through its indexes (case-sensitive), see the repository.
-- prefix '1 2' keeps the first keystrokes of a search (one or two letters, many hits) cheap.
CREATE VIRTUAL TABLE products_fts USING fts5(
  description,
  code,
  content = 'products',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2'
);

CREATE TRIGGER products_fts_insert AFTER INSERT ON products BEGIN
  INSERT INTO products_fts (rowid, description, code) VALUES (new.id, new.description, new.code);
END;

CREATE TRIGGER products_fts_delete AFTER DELETE ON products BEGIN
  INSERT INTO products_fts (products_fts, rowid, description, code) VALUES ('delete', old.id, old.description, old.code);
END;

CREATE TRIGGER products_fts_update AFTER UPDATE OF description, code ON products BEGIN
  INSERT INTO products_fts (products_fts, rowid, description, code) VALUES ('delete', old.id, old.description, old.code);
  INSERT INTO products_fts (rowid, description, code) VALUES (new.id, new.description, new.code);
END;
