-- 0037_product_category: the product's category (categoría: "Abarrotes", "Bebidas", "Lácteos"), by which the owner
-- reads stock, counts shelves and reads the period's sales. Free text chosen by the owner, trimmed, at most 60
-- characters; '' when the product has none (what every existing row gets). It belongs to the catalogue the shop
-- server shares (server 0018), so a change to it queues the product for the server like its other shared fields.
ALTER TABLE products ADD COLUMN category TEXT NOT NULL DEFAULT ''
  CHECK (length(category) <= 60 AND category = trim(category));

-- The trigger of 0032 lists the shared record's columns; category joins them.
DROP TRIGGER catalog_product_edited;
CREATE TRIGGER catalog_product_edited
AFTER UPDATE OF code, description, unit, price, affectation, bag, active, whole_units, free_price, category ON products
WHEN NEW.server_version IS OLD.server_version
BEGIN
  INSERT INTO catalog_outbox (kind, key, base_version) VALUES ('product', NEW.code, NEW.server_version)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;

-- The categories in use (the Productos screen's list to pick from) read off this index, not the table.
CREATE INDEX products_category ON products (category);
