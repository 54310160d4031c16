-- Several tills: a credit or debit note issued at this till on a sale made at another till of the shop,
-- found through the shop server. The sale is not in this till's documents, so the note's link is kept here (its
-- note_details twin names a local document): the sale's id_Base_Dato and what the server held of it when the note
-- was issued (till, type, series, number, date, total, status) for the note's detail and its print. Lines a credit
-- note takes back go to note_lines, as for a note on a local sale.
CREATE TABLE shop_note_targets (
  document_id       INTEGER PRIMARY KEY REFERENCES documents (id),
  sale_id_base_dato TEXT NOT NULL,
  sale              TEXT NOT NULL CHECK (json_valid(sale)),
  reason            TEXT NOT NULL CHECK (reason GLOB '[0-9][0-9]'),
  description       TEXT NOT NULL CHECK (length(description) BETWEEN 1 AND 250),
  mode              TEXT NOT NULL CHECK (mode IN ('whole', 'lines', 'amount'))
) STRICT;
CREATE INDEX shop_note_targets_sale ON shop_note_targets (sale_id_base_dato);
