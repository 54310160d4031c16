-- 0034_business_summary: the owner's view (Resumen) reads sums kept per day, never the documents.
-- Applied once, inside a transaction, by electron/core/db/migrate.ts.
--
-- Four tables of sums, one row per Lima issue day and what it is kept by: summary_sales (hour of the day, currency and
-- what the document counts as), summary_cashiers (the sales' cashier), summary_methods (payment method) and
-- summary_products (product code). A month's view reads a few thousand rows, whatever the history's length.
-- Money is kept in integer cents, read from the stored 2-decimal text without any float, and summed exactly.
--
-- What a document counts as (kind) is the sales report's rule (shared/cash/sales-summary.ts), in one view:
-- a document re-issued under a new number counts as nothing (its replacement carries the sale); a rejected or invalid
-- one is 'not_declared'; a credit note is a 'return', a debit note a 'debit'; a sale whose void SUNAT accepted is
-- 'voided'; any other boleta or factura is a 'sale'. Payments and product lines count for sales only; a sale
-- without payments is 'credito_venta', as in the report.
--
-- The sums are kept by triggers, inside the transaction that changes what a document counts as: a stored sale, a
-- note, a replacement (the replaced document stops counting, also when linked later), a status that enters or leaves rejected/invalid, a
-- corrected payload, a void that becomes (or stops being) 'voided', a payment. Each trigger takes the document's
-- contribution away BEFORE the change and adds it back AFTER it, from the same views, so a sum is always the sum of
-- the documents as they stand (tests/integration/core/business-summary.test.ts recomputes it from the documents).

CREATE TABLE summary_sales (
  day       TEXT NOT NULL,
  hour      INTEGER NOT NULL,
  currency  TEXT NOT NULL,
  kind      TEXT NOT NULL CHECK (kind IN ('sale', 'return', 'debit', 'voided', 'not_declared')),
  documents INTEGER NOT NULL,
  cents     INTEGER NOT NULL,
  PRIMARY KEY (day, hour, currency, kind)
) STRICT, WITHOUT ROWID;

-- Sales only, by the cashier who issued them.
CREATE TABLE summary_cashiers (
  day       TEXT NOT NULL,
  currency  TEXT NOT NULL,
  cashier   TEXT NOT NULL,
  documents INTEGER NOT NULL,
  cents     INTEGER NOT NULL,
  PRIMARY KEY (day, currency, cashier)
) STRICT, WITHOUT ROWID;

CREATE TABLE summary_methods (
  day      TEXT NOT NULL,
  currency TEXT NOT NULL,
  method   TEXT NOT NULL,
  label    TEXT NOT NULL,
  payments INTEGER NOT NULL,
  cents    INTEGER NOT NULL,
  PRIMARY KEY (day, currency, method)
) STRICT, WITHOUT ROWID;

CREATE TABLE summary_products (
  day         TEXT NOT NULL,
  currency    TEXT NOT NULL,
  code        TEXT NOT NULL,
  description TEXT NOT NULL,
  lines       INTEGER NOT NULL,
  cents       INTEGER NOT NULL,
  PRIMARY KEY (day, currency, code)
) STRICT, WITHOUT ROWID;

-- What each document counts as, and its total in cents. issued_at keeps Lima's offset: characters 12-13 are the hour.
CREATE VIEW summary_document_kinds AS
SELECT d.id, d.issue_date AS day, CAST(substr(d.issued_at, 12, 2) AS INTEGER) AS hour, d.currency,
  coalesce(d.cashier_name, '(sin cajero)') AS cashier,
  CASE
    WHEN EXISTS (SELECT 1 FROM documents r WHERE r.reissue_of = d.id) THEN NULL
    WHEN d.status IN ('rejected', 'invalid') THEN 'not_declared'
    WHEN d.doc_type = '07' THEN 'return'
    WHEN d.doc_type = '08' THEN 'debit'
    WHEN EXISTS (SELECT 1 FROM voids v WHERE v.document_id = d.id AND v.status = 'voided') THEN 'voided'
    ELSE 'sale'
  END AS kind,
  (CASE WHEN substr(d.total, 1, 1) = '-' THEN -1 ELSE 1 END * (
    CAST(substr(ltrim(d.total, '-'), 1, instr(ltrim(d.total, '-') || '.', '.') - 1) AS INTEGER) * 100 +
    CAST(substr(substr(ltrim(d.total, '-'), instr(ltrim(d.total, '-') || '.', '.') + 1) || '00', 1, 2) AS INTEGER))) AS cents
FROM documents d;

-- A sale's payments (each one as recorded), or 'credito_venta' for its whole total when it has none.
CREATE VIEW summary_document_methods AS
SELECT k.id, k.day, k.currency, p.method, p.label, (CASE WHEN substr(p.applied, 1, 1) = '-' THEN -1 ELSE 1 END * (
    CAST(substr(ltrim(p.applied, '-'), 1, instr(ltrim(p.applied, '-') || '.', '.') - 1) AS INTEGER) * 100 +
    CAST(substr(substr(ltrim(p.applied, '-'), instr(ltrim(p.applied, '-') || '.', '.') + 1) || '00', 1, 2) AS INTEGER))) AS cents
FROM summary_document_kinds k JOIN document_payments p ON p.document_id = k.id
WHERE k.kind = 'sale'
UNION ALL
SELECT k.id, k.day, k.currency, 'credito_venta', 'Al crédito (por cobrar)', k.cents
FROM summary_document_kinds k
WHERE k.kind = 'sale' AND NOT EXISTS (SELECT 1 FROM document_payments p WHERE p.document_id = k.id);

-- A sale's lines as declared (payload.detalle): value of sale plus its taxes, in cents. These JSON numbers are the
-- shortest text of a double that is exactly a 2-decimal amount (shared/billing/decimal.ts, toMoneyNumber), so ×100
-- lands within far less than half a cent of the whole number of cents and round() gives it exactly; reading them
-- as text instead parses the line again for every use and makes each stored sale several times slower.
CREATE VIEW summary_document_lines AS
SELECT k.id, k.day, k.currency, coalesce(json_extract(l.value, '$.cod_Producto'), '') AS code,
  coalesce(json_extract(l.value, '$.descripcion'), '') AS description,
  CAST(round(coalesce(l.value ->> '$.monto_Valor_Venta', 0) * 100) + round(coalesce(l.value ->> '$.total_Impuestos', 0) * 100) AS INTEGER) AS cents
FROM summary_document_kinds k JOIN documents d ON d.id = k.id, json_each(d.payload, '$.detalle') l
WHERE k.kind = 'sale';

-- Documents already stored.
INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
  SELECT day, hour, currency, kind, count(*), sum(cents) FROM summary_document_kinds WHERE kind IS NOT NULL
  GROUP BY day, hour, currency, kind;
INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
  SELECT day, currency, cashier, count(*), sum(cents) FROM summary_document_kinds WHERE kind = 'sale' GROUP BY day, currency, cashier;
INSERT INTO summary_methods (day, currency, method, label, payments, cents)
  SELECT day, currency, method, min(label), count(*), sum(cents) FROM summary_document_methods GROUP BY day, currency, method;
INSERT INTO summary_products (day, currency, code, description, lines, cents)
  SELECT day, currency, code, max(description), count(*), sum(cents) FROM summary_document_lines GROUP BY day, currency, code;

-- A document stored (its payments follow it: none exists yet, so a sale counts as 'credito_venta' until its first);
-- a replacement makes the document it replaces count as nothing.
CREATE TRIGGER summary_document_stored AFTER INSERT ON documents BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = NEW.id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = NEW.id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, 'credito_venta', 'Al crédito (por cobrar)', 1, cents FROM summary_document_kinds WHERE id = NEW.id AND kind = 'sale'
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = NEW.id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_replaced_before BEFORE INSERT ON documents WHEN NEW.reissue_of IS NOT NULL BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, -1, -cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, -1, -cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, -1, -cents FROM summary_document_methods WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, -1, -cents FROM summary_document_lines WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_replaced_after AFTER INSERT ON documents WHEN NEW.reissue_of IS NOT NULL BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, 1, cents FROM summary_document_methods WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;

-- A change of what a document counts as (a late rejection, an invalid one accepted after its correction) or of
-- what it is counted by. Status changes within the counted statuses (pending, sending, accepted...) fire nothing.
CREATE TRIGGER summary_document_changing BEFORE UPDATE OF status, doc_type, total, currency, issue_date, issued_at, cashier_name, payload ON documents
WHEN OLD.doc_type IS NOT NEW.doc_type OR OLD.total IS NOT NEW.total OR OLD.currency IS NOT NEW.currency
  OR OLD.issue_date IS NOT NEW.issue_date OR OLD.issued_at IS NOT NEW.issued_at OR OLD.cashier_name IS NOT NEW.cashier_name
  OR OLD.payload IS NOT NEW.payload OR (OLD.status IN ('rejected', 'invalid')) <> (NEW.status IN ('rejected', 'invalid'))
BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, -1, -cents FROM summary_document_kinds WHERE id = OLD.id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, -1, -cents FROM summary_document_kinds WHERE id = OLD.id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, -1, -cents FROM summary_document_methods WHERE id = OLD.id
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, -1, -cents FROM summary_document_lines WHERE id = OLD.id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_document_changed AFTER UPDATE OF status, doc_type, total, currency, issue_date, issued_at, cashier_name, payload ON documents
WHEN OLD.doc_type IS NOT NEW.doc_type OR OLD.total IS NOT NEW.total OR OLD.currency IS NOT NEW.currency
  OR OLD.issue_date IS NOT NEW.issue_date OR OLD.issued_at IS NOT NEW.issued_at OR OLD.cashier_name IS NOT NEW.cashier_name
  OR OLD.payload IS NOT NEW.payload OR (OLD.status IN ('rejected', 'invalid')) <> (NEW.status IN ('rejected', 'invalid'))
BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = NEW.id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = NEW.id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, 1, cents FROM summary_document_methods WHERE id = NEW.id
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = NEW.id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;

-- A replacement linked after it was stored (a restore carries documents in first and links them after): the
-- document it replaces stops counting, and one it no longer replaces counts again.
CREATE TRIGGER summary_relinking BEFORE UPDATE OF reissue_of ON documents WHEN OLD.reissue_of IS NOT NEW.reissue_of BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, -1, -cents FROM summary_document_kinds WHERE id = OLD.reissue_of AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, -1, -cents FROM summary_document_kinds WHERE id = OLD.reissue_of AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, -1, -cents FROM summary_document_methods WHERE id = OLD.reissue_of
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, -1, -cents FROM summary_document_lines WHERE id = OLD.reissue_of
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, -1, -cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, -1, -cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, -1, -cents FROM summary_document_methods WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, -1, -cents FROM summary_document_lines WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_relinked AFTER UPDATE OF reissue_of ON documents WHEN OLD.reissue_of IS NOT NEW.reissue_of BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = OLD.reissue_of AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = OLD.reissue_of AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, 1, cents FROM summary_document_methods WHERE id = OLD.reissue_of
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = OLD.reissue_of
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = NEW.reissue_of AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, 1, cents FROM summary_document_methods WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = NEW.reissue_of
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;

-- A void SUNAT accepted: the sale stops counting as a sale (and counts again if that claim is ever undone).
CREATE TRIGGER summary_void_recording BEFORE INSERT ON voids WHEN NEW.status = 'voided' BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, -1, -cents FROM summary_document_kinds WHERE id = NEW.document_id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, -1, -cents FROM summary_document_kinds WHERE id = NEW.document_id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, -1, -cents FROM summary_document_methods WHERE id = NEW.document_id
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, -1, -cents FROM summary_document_lines WHERE id = NEW.document_id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_void_recorded AFTER INSERT ON voids WHEN NEW.status = 'voided' BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = NEW.document_id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = NEW.document_id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, 1, cents FROM summary_document_methods WHERE id = NEW.document_id
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = NEW.document_id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_void_deciding BEFORE UPDATE OF status ON voids
WHEN (OLD.status = 'voided') <> (NEW.status = 'voided')
BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, -1, -cents FROM summary_document_kinds WHERE id = OLD.document_id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, -1, -cents FROM summary_document_kinds WHERE id = OLD.document_id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, -1, -cents FROM summary_document_methods WHERE id = OLD.document_id
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, -1, -cents FROM summary_document_lines WHERE id = OLD.document_id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;
CREATE TRIGGER summary_void_decided AFTER UPDATE OF status ON voids
WHEN (OLD.status = 'voided') <> (NEW.status = 'voided')
BEGIN
  INSERT INTO summary_sales (day, hour, currency, kind, documents, cents)
    SELECT day, hour, currency, kind, 1, cents FROM summary_document_kinds WHERE id = NEW.document_id AND kind IS NOT NULL
    ON CONFLICT (day, hour, currency, kind) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_cashiers (day, currency, cashier, documents, cents)
    SELECT day, currency, cashier, 1, cents FROM summary_document_kinds WHERE id = NEW.document_id AND kind = 'sale'
    ON CONFLICT (day, currency, cashier) DO UPDATE SET documents = documents + excluded.documents, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, method, label, 1, cents FROM summary_document_methods WHERE id = NEW.document_id
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_products (day, currency, code, description, lines, cents)
    SELECT day, currency, code, description, 1, cents FROM summary_document_lines WHERE id = NEW.document_id
    ON CONFLICT (day, currency, code) DO UPDATE SET lines = lines + excluded.lines, cents = cents + excluded.cents;
END;

-- A payment recorded after its document (in the same transaction as the sale): a sale's payment counts under its
-- method, and the first one takes the sale out of 'credito_venta'. Payments are never changed nor deleted.
CREATE TRIGGER summary_payment_recorded AFTER INSERT ON document_payments BEGIN
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, NEW.method, NEW.label, 1, (CASE WHEN substr(NEW.applied, 1, 1) = '-' THEN -1 ELSE 1 END * (
    CAST(substr(ltrim(NEW.applied, '-'), 1, instr(ltrim(NEW.applied, '-') || '.', '.') - 1) AS INTEGER) * 100 +
    CAST(substr(substr(ltrim(NEW.applied, '-'), instr(ltrim(NEW.applied, '-') || '.', '.') + 1) || '00', 1, 2) AS INTEGER))) FROM summary_document_kinds WHERE id = NEW.document_id AND kind = 'sale'
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
  INSERT INTO summary_methods (day, currency, method, label, payments, cents)
    SELECT day, currency, 'credito_venta', 'Al crédito (por cobrar)', -1, -cents FROM summary_document_kinds
    WHERE id = NEW.document_id AND kind = 'sale'
      AND NOT EXISTS (SELECT 1 FROM document_payments p WHERE p.document_id = NEW.document_id AND p.id <> NEW.id)
    ON CONFLICT (day, currency, method) DO UPDATE SET payments = payments + excluded.payments, cents = cents + excluded.cents;
END;
