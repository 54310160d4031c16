-- 0006_document_payments: how each CONTADO sale was paid: the shop's own record, next to the document and
-- never sent to SUNAT. One row per tender in the order the cashier entered them; amounts are exact 2-decimal strings.
-- tendered: what the customer handed over; applied: what of the total it paid (cash: tendered minus its change).
-- Label and kind are copied from the method at the time of sale, so renaming a method later rewrites no history.
-- Documents issued before this migration simply have no rows (how they were paid was never recorded).
CREATE TABLE document_payments (
  id          INTEGER PRIMARY KEY,
  document_id INTEGER NOT NULL REFERENCES documents (id),
  position    INTEGER NOT NULL CHECK (position >= 0),
  method      TEXT NOT NULL CHECK (length(method) BETWEEN 2 AND 20),
  label       TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 30),
  kind        TEXT NOT NULL CHECK (kind IN ('cash', 'card', 'wallet', 'transfer', 'other')),
  tendered    TEXT NOT NULL CHECK (tendered GLOB '[0-9]*.[0-9][0-9]' AND tendered NOT GLOB '*[^0-9.]*'),
  applied     TEXT NOT NULL CHECK (applied GLOB '[0-9]*.[0-9][0-9]' AND applied NOT GLOB '*[^0-9.]*'),
  reference   TEXT NOT NULL DEFAULT '' CHECK (length(reference) <= 40),
  UNIQUE (document_id, position)
) STRICT;
