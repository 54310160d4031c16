-- 0023_pin_lockouts_till_cash: the sign-in's failed PINs are kept across restarts, and the cash session
-- belongs to the till (this database), not to the boleta series it sold under.
--
-- Failed PINs (electron/core/users/lockout.ts): 5 wrong PINs in a row start a wait of 1, then 5, then 30 minutes;
-- after those, only an administrator unlocks the person. A correct PIN clears it. Kept apart from users so that a
-- wrong PIN never changes the staff record (0021's triggers would queue it for the shop server).
CREATE TABLE pin_lockouts (
  user_id         INTEGER PRIMARY KEY REFERENCES users (id),
  -- Wrong PINs since the last wait started (or since the last clear).
  failures        INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  -- Waits started so far: 1 = 1 min, 2 = 5 min, 3 = 30 min, 4 = only an administrator unlocks.
  level           INTEGER NOT NULL DEFAULT 0 CHECK (level BETWEEN 0 AND 4),
  -- The current wait: its start (ms since 1970 by this till's clock) and its length. A start in the future (the clock
  -- went back) is read as now, so the wait never lasts longer than its length.
  wait_started_at INTEGER,
  wait_ms         INTEGER NOT NULL DEFAULT 0 CHECK (wait_ms >= 0),
  -- How many times the person was cleared (a correct PIN, an administrator): the shop server's merge keeps the state
  -- with the most clears, so a clear at one till ends the wait at every till.
  clears          INTEGER NOT NULL DEFAULT 0 CHECK (clears >= 0)
) STRICT;

-- A PIN's digit count, known only while the hash it was stored with is the person's hash (a PIN changed at another
-- till arrives as a new hash: its length is then unknown until the person signs in here). Ajustes can require
-- 6-digit PINs; a shorter one still signs in but is listed as "PIN de 4 dígitos: cámbielo".
CREATE TABLE pin_lengths (
  user_id  INTEGER PRIMARY KEY REFERENCES users (id),
  pin_hash TEXT NOT NULL,
  digits   INTEGER NOT NULL CHECK (digits BETWEEN 4 AND 6)
) STRICT;

-- One open cash session per till, whatever the boleta series: a series changed in Ajustes no longer orphans the
-- open session (failure 8). `terminal` stays as the series the session was opened under, for the reports.
-- A database that already has more than one open session (orphaned by an earlier series change) keeps them: they
-- are closed oldest first (electron/core/db/repositories/cash.ts), and no new one opens until all are closed.
DROP INDEX cash_sessions_one_open;
-- The open session is read before every sale: found without walking the closed ones.
CREATE INDEX cash_sessions_open ON cash_sessions (id) WHERE closed_at IS NULL;
CREATE TRIGGER cash_sessions_one_open_per_till BEFORE INSERT ON cash_sessions
WHEN NEW.closed_at IS NULL AND EXISTS (SELECT 1 FROM cash_sessions WHERE closed_at IS NULL)
BEGIN
  SELECT RAISE(ABORT, 'a cash session is already open on this till');
END;
