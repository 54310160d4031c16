-- Shop server 0009: a document's void as its till knows it (the till's voids.status: pending, sending,
-- voided, refused, invalid, attention; NULL: never asked). Only 'voided' is SUNAT's evidence: the shop's reports leave
-- those sales out and count them apart, as each till's own report does.
ALTER TABLE documents ADD COLUMN void_status TEXT;
