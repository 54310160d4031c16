-- 0009_document_discounts: the discounts of a sale. The invoice declares each discounted line at its net
-- price (shared/discounts/apply.ts); what it cost before and what was taken off are the shop's own record, kept here
-- for the ticket (list price, discount, net) and the shift's report. One row per discounted line; `position` is the
-- line's index in the invoice's details. Amounts are exact decimal strings. Rows are never updated.
CREATE TABLE document_discounts (
  document_id   INTEGER NOT NULL REFERENCES documents (id),
  position      INTEGER NOT NULL CHECK (position >= 0),
  list_price    TEXT NOT NULL,
  list_total    TEXT NOT NULL CHECK (list_total GLOB '[0-9]*.[0-9][0-9]' AND list_total NOT GLOB '*[^0-9.]*'),
  line_discount TEXT NOT NULL CHECK (line_discount GLOB '[0-9]*.[0-9][0-9]' AND line_discount NOT GLOB '*[^0-9.]*'),
  sale_share    TEXT NOT NULL CHECK (sale_share GLOB '[0-9]*.[0-9][0-9]' AND sale_share NOT GLOB '*[^0-9.]*'),
  PRIMARY KEY (document_id, position)
) STRICT;

-- Every discount of the document together (NULL: none), and the supervisor who approved it beyond the limit.
ALTER TABLE documents ADD COLUMN discount_total TEXT;
ALTER TABLE documents ADD COLUMN discount_approved_by TEXT;
