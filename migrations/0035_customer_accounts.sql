-- 0035_customer_accounts: cuentas por cobrar. Applied once, inside a transaction, by electron/core/db/migrate.ts.
--
-- A customer's account is a ledger: every charge (a sale on credit), collection (abono) and credit note on a credit
-- sale is one append-only entry, and the customer's running balance (account_customers.balance) is moved in the same
-- transaction as the entry (electron/core/accounts/ledger.ts), never summed on a read. Money is a canonical decimal
-- string with 2 decimals computed with decimal.js, in soles.

-- One row per customer with an account: the limit a supervisor set (NULL: none set, credit is not bounded) and the
-- running balance. balance = what is still open of every due − in_favour; a negative balance is credit in favour.
CREATE TABLE account_customers (
  doc_type      TEXT NOT NULL CHECK (length(doc_type) = 1),
  doc_number    TEXT NOT NULL CHECK (length(doc_number) BETWEEN 1 AND 15),
  name          TEXT NOT NULL DEFAULT '',
  credit_limit  TEXT,
  limit_set_by  TEXT,
  limit_set_at  TEXT,
  balance       TEXT NOT NULL DEFAULT '0.00',
  -- Paid or credited beyond every open due: applied to the next charge's dues first.
  in_favour     TEXT NOT NULL DEFAULT '0.00',
  updated_at    TEXT NOT NULL,
  PRIMARY KEY (doc_type, doc_number)
) STRICT;

-- The entries. amount is signed: positive raises what the customer owes (a charge), negative lowers it (a collection,
-- a credit note). balance: the customer's balance right after this entry.
CREATE TABLE account_entries (
  id               INTEGER PRIMARY KEY,
  -- Stable across tills and files, so the shop server merges entries by it.
  uid              TEXT NOT NULL UNIQUE,
  doc_type         TEXT NOT NULL,
  doc_number       TEXT NOT NULL,
  kind             TEXT NOT NULL CHECK (kind IN ('charge', 'collection', 'note', 'void')),
  amount           TEXT NOT NULL,
  balance          TEXT NOT NULL,
  -- The sale of a charge or a void, the note of a note entry; NULL for a collection.
  document_id      INTEGER REFERENCES documents (id),
  -- A collection: how it was paid, and the cash session whose drawer it entered.
  method           TEXT,
  method_label     TEXT,
  -- cash, card, wallet or transfer: only cash enters the drawer's expected soles.
  method_kind      TEXT,
  cash_session_id  INTEGER REFERENCES cash_sessions (id),
  -- What was left in favour of the customer by this entry (an overpayment, a note beyond what was open).
  left_in_favour   TEXT NOT NULL DEFAULT '0.00',
  till             TEXT NOT NULL,
  at               TEXT NOT NULL,
  by_name          TEXT,
  FOREIGN KEY (doc_type, doc_number) REFERENCES account_customers (doc_type, doc_number),
  CHECK ((kind = 'collection') = (method IS NOT NULL))
) STRICT;
-- A customer's statement, in order.
CREATE INDEX account_entries_customer ON account_entries (doc_type, doc_number, id);
-- A session's collections (the X and the Z).
CREATE INDEX account_entries_session ON account_entries (cash_session_id) WHERE cash_session_id IS NOT NULL;
-- Collections of a range of days (the sales report).
CREATE INDEX account_entries_collections_at ON account_entries (at) WHERE kind = 'collection';
-- A sale is charged once.
CREATE UNIQUE INDEX account_entries_charge_once ON account_entries (document_id) WHERE kind = 'charge';
-- The entries of a document: a voided sale's notes.
CREATE INDEX account_entries_document ON account_entries (document_id) WHERE document_id IS NOT NULL;

-- What a charge is due in: the cuotas of a factura al crédito as SUNAT received them (copied, never changed), or one
-- due for a boleta on account. settled: what collections and notes applied to it so far; open until it reaches amount.
CREATE TABLE account_dues (
  id           INTEGER PRIMARY KEY,
  entry_id     INTEGER NOT NULL REFERENCES account_entries (id),
  document_id  INTEGER NOT NULL REFERENCES documents (id),
  doc_type     TEXT NOT NULL,
  doc_number   TEXT NOT NULL,
  position     INTEGER NOT NULL CHECK (position > 0),
  amount       TEXT NOT NULL,
  due_date     TEXT NOT NULL CHECK (due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  settled      TEXT NOT NULL DEFAULT '0.00',
  open         INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
  UNIQUE (document_id, position)
) STRICT;
-- A customer's open dues, oldest first: where a collection goes.
CREATE INDEX account_dues_open ON account_dues (doc_type, doc_number, due_date, id) WHERE open = 1;
-- Every open due by its date: the overdue list.
CREATE INDEX account_dues_overdue ON account_dues (due_date) WHERE open = 1;

-- How each collection or note was applied, due by due (append-only).
CREATE TABLE account_applications (
  entry_id  INTEGER NOT NULL REFERENCES account_entries (id),
  due_id    INTEGER NOT NULL REFERENCES account_dues (id),
  amount    TEXT NOT NULL,
  PRIMARY KEY (entry_id, due_id)
) STRICT;

