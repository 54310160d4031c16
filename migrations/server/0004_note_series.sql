-- Shop server 0004: each till's credit (07) and debit (08) note series are claimed like its invoice
-- series, so two tills never number notes in the same series. Notes themselves already land in documents (doc_type
-- is free there); each names the document it modifies in `modifies`, written by the till's push (push.ts).
ALTER TABLE series_owners DROP CONSTRAINT series_owners_doc_type_check;
ALTER TABLE series_owners ADD CONSTRAINT series_owners_doc_type_check CHECK (doc_type IN ('01', '03', '07', '08'));

-- The document a note modifies, '03-B001-24' (type, series, number without zero padding), NULL for a sale: the
-- shop's credits on a sale are summed across tills (electron/core/server/shop-notes.ts).
ALTER TABLE documents ADD COLUMN modifies TEXT;
CREATE INDEX documents_modifies ON documents (modifies) WHERE modifies IS NOT NULL;
-- Notes pushed before this migration: read from the payload's text (never cast to jsonb here: a payload that is not
-- JSON must not stop the migration; it stays NULL).
UPDATE documents
   SET modifies = substring(payload FROM '"afectado_Tipo_Doc":"(0[13])"') || '-'
       || upper(substring(payload FROM '"afectado_Num_Doc":"([A-Za-z0-9]{4})-0*[0-9]{1,8}"')) || '-'
       || substring(payload FROM '"afectado_Num_Doc":"[A-Za-z0-9]{4}-0*([0-9]{1,8})"')::int
 WHERE doc_type IN ('07', '08');
