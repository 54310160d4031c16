-- 0008_cash_sessions: the shift's cash. A session is opened on a till (terminal: the till's boleta series)
-- with a float, takes cash movements, and is closed once with the count; the Z is kept as it was printed (z_report,
-- JSON of shared/cash/report.ts). A closed session and its movements are never edited: triggers refuse it.
-- Amounts are exact 2-decimal strings. Documents issued before this migration keep cash_session_id NULL.
CREATE TABLE cash_sessions (
  id              INTEGER PRIMARY KEY,
  terminal        TEXT NOT NULL CHECK (length(terminal) BETWEEN 1 AND 20),
  opened_at       TEXT NOT NULL,
  opened_by       INTEGER REFERENCES users (id),
  opened_by_name  TEXT NOT NULL,
  opening_float   TEXT NOT NULL CHECK (opening_float GLOB '[0-9]*.[0-9][0-9]' AND opening_float NOT GLOB '*[^0-9.]*'),
  closed_at       TEXT,
  closed_by       INTEGER REFERENCES users (id),
  closed_by_name  TEXT,
  counted_cash    TEXT,
  expected_cash   TEXT,
  difference      TEXT,
  z_report        TEXT CHECK (z_report IS NULL OR json_valid(z_report)),
  CHECK ((closed_at IS NULL) = (z_report IS NULL))
) STRICT;

-- One open session per till.
CREATE UNIQUE INDEX cash_sessions_one_open ON cash_sessions (terminal) WHERE closed_at IS NULL;

CREATE TABLE cash_movements (
  id          INTEGER PRIMARY KEY,
  session_id  INTEGER NOT NULL REFERENCES cash_sessions (id),
  kind        TEXT NOT NULL CHECK (kind IN ('in', 'out')),
  amount      TEXT NOT NULL CHECK (amount GLOB '[0-9]*.[0-9][0-9]' AND amount NOT GLOB '*[^0-9.]*'),
  reason      TEXT NOT NULL CHECK (length(reason) BETWEEN 3 AND 80),
  at          TEXT NOT NULL,
  user_id     INTEGER REFERENCES users (id),
  user_name   TEXT NOT NULL,
  approved_by TEXT
) STRICT;

CREATE INDEX cash_movements_session ON cash_movements (session_id);

CREATE TRIGGER cash_sessions_closed_is_final BEFORE UPDATE ON cash_sessions
WHEN OLD.closed_at IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'cash session is closed');
END;

CREATE TRIGGER cash_sessions_never_deleted BEFORE DELETE ON cash_sessions
BEGIN
  SELECT RAISE(ABORT, 'cash sessions are kept');
END;

CREATE TRIGGER cash_movements_only_while_open BEFORE INSERT ON cash_movements
WHEN (SELECT closed_at FROM cash_sessions WHERE id = NEW.session_id) IS NOT NULL
BEGIN
  SELECT RAISE(ABORT, 'cash session is closed');
END;

CREATE TRIGGER cash_movements_are_final BEFORE UPDATE ON cash_movements
BEGIN
  SELECT RAISE(ABORT, 'cash movements are kept as taken');
END;

ALTER TABLE documents ADD COLUMN cash_session_id INTEGER REFERENCES cash_sessions (id);
CREATE INDEX documents_cash_session ON documents (cash_session_id) WHERE cash_session_id IS NOT NULL;
-- The report leaves out a document re-issued under a new number: finding its replacement must not scan the table.
CREATE INDEX documents_reissue_of ON documents (reissue_of) WHERE reissue_of IS NOT NULL;
