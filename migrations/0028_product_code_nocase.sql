-- 0028_product_code_nocase: a product code is matched trimmed and regardless of case wherever a price or a rule is
-- looked up (a sale's line typed "a001" is the catalogue's "A001", its price cut a discount like any other). The
-- code's own UNIQUE index is case-sensitive (BINARY), so a case-insensitive lookup would read the whole table on
-- every line of every sale without this one. NOCASE folds ASCII letters, what product codes are made of.
CREATE INDEX products_code_nocase ON products (code COLLATE NOCASE);
