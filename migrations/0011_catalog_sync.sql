-- 0011_catalog_sync: the catalogue and the shop-wide settings shared through the shop server. A product
-- changed on this till goes up (catalog_outbox, filled by triggers); a product changed elsewhere comes down with the
-- server's version (server_version), which is how the triggers tell the two apart: a pulled write changes
-- server_version, a local edit does not. Settings (company, payment methods) are queued by the app when saved.
ALTER TABLE products ADD COLUMN server_version INTEGER;

CREATE TABLE catalog_outbox (
  kind    TEXT NOT NULL CHECK (kind IN ('product', 'setting')),
  key     TEXT NOT NULL,
  version INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (kind, key)
) STRICT;

-- The catalogue already here goes up once a server is set (the queue is read only then).
INSERT INTO catalog_outbox (kind, key) SELECT 'product', code FROM products;

CREATE TRIGGER catalog_product_created AFTER INSERT ON products WHEN NEW.server_version IS NULL
BEGIN
  INSERT INTO catalog_outbox (kind, key) VALUES ('product', NEW.code)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER catalog_product_edited AFTER UPDATE ON products WHEN NEW.server_version IS OLD.server_version
BEGIN
  INSERT INTO catalog_outbox (kind, key) VALUES ('product', NEW.code)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;
