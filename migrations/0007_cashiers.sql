-- 0007_cashiers: the people at the till. A PIN is never stored: only its scrypt hash and salt
-- (electron/core/users/pin-hash.ts). Roles: cajero < supervisor < administrador (shared/users/roles.ts).
-- Documents record who issued them; rows issued before this migration keep NULL (nobody was signed in then).
CREATE TABLE users (
  id         INTEGER PRIMARY KEY,
  name       TEXT NOT NULL UNIQUE COLLATE NOCASE CHECK (length(name) BETWEEN 2 AND 40),
  role       TEXT NOT NULL CHECK (role IN ('cajero', 'supervisor', 'administrador')),
  pin_hash   TEXT NOT NULL,
  pin_salt   TEXT NOT NULL,
  active     INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

ALTER TABLE documents ADD COLUMN cashier_id INTEGER REFERENCES users (id);
-- The name as it was when the document was issued: a later rename rewrites no ticket.
ALTER TABLE documents ADD COLUMN cashier_name TEXT;
