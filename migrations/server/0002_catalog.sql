-- Shop server 0002: the catalogue and the shop-wide settings, each row stamped with a version from one
-- sequence. Tills pull what changed after the last version they saw. Writers take an advisory lock around the
-- stamp and the commit (electron/core/server/catalog.ts), so versions become visible in order and none is skipped.
CREATE SEQUENCE change_version;

CREATE TABLE products (
  code        TEXT PRIMARY KEY,
  description TEXT NOT NULL,
  unit        TEXT NOT NULL,
  -- The canonical decimal text of the till (never a float).
  price       TEXT NOT NULL,
  affectation TEXT NOT NULL,
  bag         BOOLEAN NOT NULL,
  active      BOOLEAN NOT NULL,
  whole_units BOOLEAN,
  version     BIGINT NOT NULL,
  updated_by  TEXT NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX products_version ON products (version);

CREATE TABLE shop_settings (
  key        TEXT PRIMARY KEY,
  value      JSONB NOT NULL,
  version    BIGINT NOT NULL,
  updated_by TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX shop_settings_version ON shop_settings (version);
