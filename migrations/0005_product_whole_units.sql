-- 0005_product_whole_units: "se vende por unidades enteras" per product. NULL, what every existing row
-- gets, means "as the unit says" (a unit or a box: whole; kg or litres: decimals), so no stored row changes meaning
-- and none is rewritten. The rule itself lives in shared/bridge/products.ts (sellsWholeUnits).
ALTER TABLE products ADD COLUMN whole_units INTEGER CHECK (whole_units IS NULL OR whole_units IN (0, 1));
