-- 0032_stock: what is on the shelf. Applied once, inside a transaction, by electron/core/db/migrate.ts.
--
-- Stock is a ledger (kardex): every change is an append-only movement, and each product's balance is kept in
-- stock_balances, updated in the same transaction as the movement that changes it (electron/core/stock/ledger.ts),
-- never summed on a read. Quantities, costs and values are canonical decimal strings computed with decimal.js: a
-- weighed product sells 0.375 kg, and a binary float would lose grams.

-- What a product needs for stock. A service is not tracked (no movements); every existing row is goods until the
-- owner says otherwise. The minimum raises the "stock bajo" list (NULL: none). pack_size: the units in the pack the
-- product is bought in (a box of 24), NULL when it is bought as it is sold.
ALTER TABLE products ADD COLUMN stock_tracked INTEGER NOT NULL DEFAULT 1 CHECK (stock_tracked IN (0, 1));
ALTER TABLE products ADD COLUMN stock_minimum TEXT CHECK (stock_minimum IS NULL OR (stock_minimum GLOB '[0-9]*' AND stock_minimum NOT GLOB '*[^0-9.]*'));
ALTER TABLE products ADD COLUMN pack_size TEXT CHECK (pack_size IS NULL OR (pack_size GLOB '[1-9]*' AND pack_size NOT GLOB '*[^0-9.]*'));

-- These three are this till's stock settings, not the catalogue the shop server shares: changing them queues no
-- product for the server (a till's product edit would be refused there and listed for the office). The trigger of
-- 0021 fires again only when a column of the shared record changes; a column added to that record later joins it.
DROP TRIGGER catalog_product_edited;
CREATE TRIGGER catalog_product_edited
AFTER UPDATE OF code, description, unit, price, affectation, bag, active, whole_units, free_price ON products
WHEN NEW.server_version IS OLD.server_version
BEGIN
  INSERT INTO catalog_outbox (kind, key, base_version) VALUES ('product', NEW.code, NEW.server_version)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;

-- A purchase (compra): the supplier's document, once. The same supplier's document of the same type, series and
-- number cannot be entered twice (the UNIQUE below is the last line of defence; the service says it in Spanish).
-- number is the integer the document prints, so '00000123' and '123' are the same document.
CREATE TABLE stock_purchases (
  id                  INTEGER PRIMARY KEY,
  -- Stable across tills and files, so the shop server merges purchases by it.
  uid                 TEXT NOT NULL UNIQUE,
  supplier_doc_type   TEXT NOT NULL CHECK (length(supplier_doc_type) BETWEEN 1 AND 2),
  supplier_doc_number TEXT NOT NULL CHECK (length(supplier_doc_number) BETWEEN 1 AND 15),
  supplier_name       TEXT NOT NULL CHECK (length(supplier_name) BETWEEN 1 AND 500),
  doc_type            TEXT NOT NULL CHECK (length(doc_type) = 2),
  series              TEXT NOT NULL CHECK (length(series) BETWEEN 1 AND 4),
  number              INTEGER NOT NULL CHECK (number > 0),
  doc_date            TEXT NOT NULL,
  -- The cost of the goods without IGV (what enters the valuation).
  total_cost          TEXT NOT NULL,
  till                TEXT NOT NULL,
  at                  TEXT NOT NULL,
  by_name             TEXT,
  UNIQUE (supplier_doc_type, supplier_doc_number, doc_type, series, number)
) STRICT;

CREATE TABLE stock_purchase_lines (
  purchase_id        INTEGER NOT NULL REFERENCES stock_purchases (id),
  position           INTEGER NOT NULL,
  product_code       TEXT NOT NULL,
  -- As the supplier's document shows it: packs when pack is set.
  quantity           TEXT NOT NULL,
  pack               TEXT,
  unit_cost          TEXT NOT NULL,
  cost_includes_igv  INTEGER NOT NULL CHECK (cost_includes_igv IN (0, 1)),
  -- What enters stock: selling units, and the cost of one without IGV.
  units              TEXT NOT NULL,
  unit_cost_net      TEXT NOT NULL,
  PRIMARY KEY (purchase_id, position)
) STRICT;

-- A physical count. Each line compares what was counted with the stock at the moment it was counted (sales go on
-- meanwhile); a supervisor's approval turns the differences into adjustments, at the stock of that moment plus the
-- difference, never at the count's figure (sales after the count still count).
CREATE TABLE stock_counts (
  id           INTEGER PRIMARY KEY,
  uid          TEXT NOT NULL UNIQUE,
  status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved')),
  till         TEXT NOT NULL,
  at           TEXT NOT NULL,
  by_name      TEXT,
  approved_at  TEXT,
  approved_by  TEXT,
  reason       TEXT
) STRICT;

CREATE TABLE stock_count_lines (
  count_id     INTEGER NOT NULL REFERENCES stock_counts (id),
  product_code TEXT NOT NULL,
  counted      TEXT NOT NULL,
  expected     TEXT NOT NULL,
  difference   TEXT NOT NULL,
  PRIMARY KEY (count_id, product_code)
) STRICT;

-- The kardex. quantity is signed (+ in, - out); value = quantity x unit_cost (signed, 2 decimals); balance and
-- balance_value are the product's running figures after this movement. below_zero marks a sale that left the
-- balance under zero: selling never stops, it is listed for review.
CREATE TABLE stock_movements (
  id            INTEGER PRIMARY KEY,
  -- Stable across tills and files (the merge and the carry of a restore match on it).
  uid           TEXT NOT NULL UNIQUE,
  product_code  TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('sale', 'return', 'void', 'purchase', 'count', 'transfer', 'waste')),
  quantity      TEXT NOT NULL,
  unit_cost     TEXT NOT NULL,
  value         TEXT NOT NULL,
  balance       TEXT NOT NULL,
  balance_value TEXT NOT NULL,
  below_zero    INTEGER NOT NULL DEFAULT 0 CHECK (below_zero IN (0, 1)),
  -- The document behind it: a sale (its line), a credit note that returned goods, a voided sale.
  document_id   INTEGER REFERENCES documents (id),
  document_line INTEGER,
  purchase_id   INTEGER REFERENCES stock_purchases (id),
  count_id      INTEGER REFERENCES stock_counts (id),
  till          TEXT NOT NULL,
  at            TEXT NOT NULL,
  by_name       TEXT
) STRICT;

-- A product's kardex over a period, in order, from the index alone.
CREATE INDEX stock_movements_kardex ON stock_movements (product_code, at, id);
-- A document's movements (a void reverses them, a return reads the cost they left at).
CREATE INDEX stock_movements_document ON stock_movements (document_id) WHERE document_id IS NOT NULL;
-- What sold below zero, for review.
CREATE INDEX stock_movements_below_zero ON stock_movements (at) WHERE below_zero = 1;

-- The running balance per product: the last movement's figures, read without summing anything.
CREATE TABLE stock_balances (
  product_code   TEXT PRIMARY KEY,
  quantity       TEXT NOT NULL,
  value          TEXT NOT NULL,
  average_cost   TEXT NOT NULL,
  last_movement  INTEGER NOT NULL,
  updated_at     TEXT NOT NULL
) STRICT, WITHOUT ROWID;
