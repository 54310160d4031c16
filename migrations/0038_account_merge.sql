-- 0038_account_merge: customer accounts merged across tills through the shop server (server migration 0019).
--
-- Every till's entries meet here, and each till works its figures out again from all of them in one order (see
-- electron/core/accounts/settle.ts). An entry of another till may name a document this till does not hold, so:
-- - an entry names the document whose dues it goes to first by its id_Base_Dato (applies_to: a charge's own sale, a
--   note's or a void's sale, the document a cashier picked for a collection), stable across tills;
-- - another till's entry keeps the document as that till printed it (label), and its charge's dues travel with it:
--   a due's document_id is NULL when the document is another till's, and the due keeps its key and printed name.
ALTER TABLE account_entries ADD COLUMN applies_to TEXT;
ALTER TABLE account_entries ADD COLUMN label TEXT;
-- A collection: the due this till applied it to first ('<id_Base_Dato>#<cuota>'), as it saw the account then; the merge
-- compares it with where the collection goes once every till's entries are in.
ALTER TABLE account_entries ADD COLUMN intended TEXT;
-- What the merge did to this entry that its till did not see (another till had collected the cuota first).
ALTER TABLE account_entries ADD COLUMN merge_note TEXT;

UPDATE account_entries SET applies_to = (SELECT d.id_base_dato FROM documents d WHERE d.id = account_entries.document_id)
  WHERE kind IN ('charge', 'void');
UPDATE account_entries SET applies_to = (SELECT d.id_base_dato FROM note_details n JOIN documents d ON d.id = n.modifies_id
  WHERE n.document_id = account_entries.document_id) WHERE kind = 'note';

CREATE TABLE account_dues_merged (
  id           INTEGER PRIMARY KEY,
  entry_id     INTEGER NOT NULL REFERENCES account_entries (id),
  document_id  INTEGER REFERENCES documents (id),
  doc_type     TEXT NOT NULL,
  doc_number   TEXT NOT NULL,
  position     INTEGER NOT NULL CHECK (position > 0),
  amount       TEXT NOT NULL,
  due_date     TEXT NOT NULL CHECK (due_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  settled      TEXT NOT NULL DEFAULT '0.00',
  open         INTEGER NOT NULL DEFAULT 1 CHECK (open IN (0, 1)),
  -- Another till's document: its id_Base_Dato and its printed name (NULL for this till's documents).
  doc_key      TEXT,
  label        TEXT,
  CHECK ((document_id IS NULL) = (doc_key IS NOT NULL AND label IS NOT NULL)),
  UNIQUE (document_id, position),
  UNIQUE (entry_id, position)
) STRICT;
INSERT INTO account_dues_merged (id, entry_id, document_id, doc_type, doc_number, position, amount, due_date, settled, open)
  SELECT id, entry_id, document_id, doc_type, doc_number, position, amount, due_date, settled, open FROM account_dues;
DROP TABLE account_dues;
ALTER TABLE account_dues_merged RENAME TO account_dues;
CREATE INDEX account_dues_open ON account_dues (doc_type, doc_number, due_date, id) WHERE open = 1;
CREATE INDEX account_dues_overdue ON account_dues (due_date) WHERE open = 1;
-- Another till's document's dues (a collection that picked it, a note on it).
CREATE INDEX account_dues_doc_key ON account_dues (doc_key, position) WHERE doc_key IS NOT NULL;
-- A cashier picking another till's document, by its printed name, among the customer's dues.
CREATE INDEX account_dues_other_till ON account_dues (doc_type, doc_number, label) WHERE doc_key IS NOT NULL;
