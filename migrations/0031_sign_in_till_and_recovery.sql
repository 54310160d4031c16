-- 0031_sign_in_till_and_recovery: who the sign-in starts on, the wrong PINs typed over that preselected name, and
-- the administrator's recovery code.
--
-- The sign-in screen starts on the last person who held this till. Someone else who walks up and types their own PIN
-- did not pick that name, so such a PIN is never charged to the person shown (electron/core/users/pin-check.ts): it
-- counts against this till's own tally, with the same waits as a person's (1, 5, 30 minutes, then a long wait that
-- ends by itself, never "administrator only": a name picked on purpose still signs in). Local to this till: never
-- queued for the shop server.
CREATE TABLE sign_in_till (
  id              INTEGER PRIMARY KEY CHECK (id = 1),
  -- The last person signed in here: the only name the core accepts as preselected. Not a foreign key: a person is
  -- only ever switched off, and an unknown id is simply no preselection.
  last_user_id    INTEGER,
  failures        INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  level           INTEGER NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 4),
  wait_started_at INTEGER,
  wait_ms         INTEGER NOT NULL DEFAULT 0 CHECK (wait_ms >= 0),
  clears          INTEGER NOT NULL DEFAULT 0 CHECK (clears >= 0)
) STRICT;

-- The owner's way back when every administrator is locked out or has forgotten their PIN: a code shown once (when
-- the first administrator is created, or made anew in Ajustes), kept only as a slow hash. Spending it sets a new PIN
-- for an administrator, clears their wait, and replaces the code with a new one shown once. A code has 80 random bits:
-- guessing it at the screen is hopeless, so wrong codes start no wait (they are checked one at a time).
CREATE TABLE recovery_code (
  id         INTEGER PRIMARY KEY CHECK (id = 1),
  code_hash  TEXT NOT NULL,
  code_salt  TEXT NOT NULL,
  created_at TEXT NOT NULL
) STRICT;
