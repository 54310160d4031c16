-- Shop server 0006: shared records are merged one at a time by one rule
-- (electron/core/server/sync/merge-rule.ts). Staff members become rows of their own, with the version at which their
-- security fields (role, PIN, active) last changed; an edit the server did not apply is kept in unapplied_changes
-- for the office ("cambios no aplicados").
CREATE TABLE staff (
  key              TEXT PRIMARY KEY,
  name             TEXT NOT NULL,
  role             TEXT NOT NULL CHECK (role IN ('cajero', 'supervisor', 'administrador')),
  pin_hash         TEXT NOT NULL,
  pin_salt         TEXT NOT NULL,
  active           BOOLEAN NOT NULL,
  version          BIGINT NOT NULL,
  security_version BIGINT NOT NULL,
  updated_by       TEXT NOT NULL,
  updated_at       TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX staff_version ON staff (version);

-- The staff list kept as one shared setting until now becomes one row per member (the first of each name wins).
INSERT INTO staff (key, name, role, pin_hash, pin_salt, active, version, security_version, updated_by)
SELECT DISTINCT ON (lower(u->>'name')) lower(u->>'name'), u->>'name', u->>'role', u->>'pinHash', u->>'pinSalt',
       COALESCE((u->>'active')::boolean, true), s.version, s.version, s.updated_by
  FROM shop_settings s, jsonb_array_elements(CASE WHEN jsonb_typeof(s.value) = 'array' THEN s.value ELSE '[]'::jsonb END) u
 WHERE s.key = 'users' AND u->>'role' IN ('cajero', 'supervisor', 'administrador')
   AND length(u->>'name') BETWEEN 2 AND 40 AND u->>'pinHash' <> '' AND u->>'pinSalt' <> ''
 ORDER BY lower(u->>'name');
DELETE FROM shop_settings WHERE key = 'users';

CREATE TABLE unapplied_changes (
  id             BIGSERIAL PRIMARY KEY,
  kind           TEXT NOT NULL,
  key            TEXT NOT NULL,
  terminal_name  TEXT NOT NULL,
  base_version   BIGINT,
  -- The server record's version the edit lost to (NULL: there was none, the edit was refused outright).
  server_version BIGINT,
  -- What the till wanted (a staff member's PIN hash is never copied here: only whether it changed).
  wanted         JSONB NOT NULL,
  reason         TEXT NOT NULL,
  at             TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX unapplied_changes_at ON unapplied_changes (at DESC);
