-- Shop server 0010: failed PINs and waits are shared. Each till writes its own view of a person's lockout
-- (one row per person and till); every till reads them all and merges them with its own (mergeLockouts in
-- electron/core/users/lockout.ts: most clears, then highest level, then the wait that ends last), so a wait started
-- at one till holds at every till, and a correct PIN or an unlock at one ends it everywhere.
CREATE TABLE pin_lockouts (
  key         TEXT NOT NULL,
  terminal_id TEXT NOT NULL REFERENCES terminals (terminal_id),
  state       JSONB NOT NULL,
  version     BIGINT NOT NULL,
  updated_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (key, terminal_id)
);
CREATE INDEX pin_lockouts_version ON pin_lockouts (version);

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    RETURN;
  END IF;
  GRANT SELECT, INSERT, UPDATE ON pin_lockouts TO caja_tills;
  ALTER TABLE pin_lockouts ENABLE ROW LEVEL SECURITY;
  CREATE POLICY lockouts_read ON pin_lockouts FOR SELECT TO caja_tills USING (true);
  CREATE POLICY lockouts_own ON pin_lockouts FOR ALL TO caja_tills
    USING (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user))
    WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user));
END;
$$;
