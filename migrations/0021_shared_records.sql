-- 0021_shared_records: every shared record (product, staff member, shop-wide setting) is merged one record at a time
-- by the shop server (electron/core/server/sync/merge-rule.ts). A queued local change carries the server
-- version it was based on (base_version), so the server can tell an edit of its current record from a stale one.
-- Staff members become records of their own (kind 'user', keyed by the lower-cased name) instead of one list.
ALTER TABLE users ADD COLUMN server_version INTEGER;

DROP TRIGGER catalog_product_created;
DROP TRIGGER catalog_product_edited;

CREATE TABLE catalog_outbox_new (
  -- 'lockout': a person's failed PINs and waits (0023's pin_lockouts), shared so a wait holds at every till.
  kind         TEXT NOT NULL CHECK (kind IN ('product', 'setting', 'user', 'lockout')),
  key          TEXT NOT NULL,
  -- Bumped by every local change while queued: a change made during a push is not dequeued by it.
  version      INTEGER NOT NULL DEFAULT 1,
  -- The server's version of the record when it was first changed here (NULL: never seen on the server).
  base_version INTEGER,
  PRIMARY KEY (kind, key)
) STRICT;

INSERT INTO catalog_outbox_new (kind, key, version, base_version)
  SELECT o.kind, o.key, o.version, (SELECT p.server_version FROM products p WHERE p.code = o.key AND o.kind = 'product')
  FROM catalog_outbox o WHERE o.kind <> 'setting' OR o.key <> 'users';
-- The staff list went up as one setting before: every member now goes up as its own record.
INSERT INTO catalog_outbox_new (kind, key) SELECT 'user', lower(name) FROM users WHERE EXISTS (SELECT 1 FROM catalog_outbox WHERE kind = 'setting' AND key = 'users');
DROP TABLE catalog_outbox;
ALTER TABLE catalog_outbox_new RENAME TO catalog_outbox;

CREATE TRIGGER catalog_product_created AFTER INSERT ON products WHEN NEW.server_version IS NULL
BEGIN
  INSERT INTO catalog_outbox (kind, key, base_version) VALUES ('product', NEW.code, NULL)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER catalog_product_edited AFTER UPDATE ON products WHEN NEW.server_version IS OLD.server_version
BEGIN
  INSERT INTO catalog_outbox (kind, key, base_version) VALUES ('product', NEW.code, NEW.server_version)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;

-- A pulled write sets server_version; a local one keeps it, and is queued.
CREATE TRIGGER catalog_user_created AFTER INSERT ON users WHEN NEW.server_version IS NULL
BEGIN
  INSERT INTO catalog_outbox (kind, key, base_version) VALUES ('user', lower(NEW.name), NULL)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER catalog_user_edited AFTER UPDATE ON users WHEN NEW.server_version IS OLD.server_version
BEGIN
  INSERT INTO catalog_outbox (kind, key, base_version) VALUES ('user', lower(NEW.name), NEW.server_version)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
  -- A rename retires the old name on the server (sync/records.ts sends it as a deactivation).
  INSERT INTO catalog_outbox (kind, key, base_version) SELECT 'user', lower(OLD.name), OLD.server_version
    WHERE lower(OLD.name) <> lower(NEW.name)
    ON CONFLICT (kind, key) DO UPDATE SET version = version + 1;
END;
