-- 0014_numbering_holds ("no number reused after a damaged disk, a restore or a clock jump"). After a restore
-- over a damaged or missing database, or a -wal that lost committed sales, this till no longer knows for sure the last
-- number it used in each series: the lost part may hold numbers SUNAT already registered. Each series is then held
-- (one row here) until its next number is confirmed to be above the highest known anywhere (the damaged file, the
-- copy, the shop server, the API's record lookup probing forward), or until the cashier chose to jump ahead past a
-- safe margin. numbering_log keeps what was decided and on what evidence, and the other storage facts worth keeping
-- (a -wal that lost sales, sales salvaged from a damaged file, a sale issued with a doubtful clock).
CREATE TABLE numbering_holds (
  doc_type   TEXT NOT NULL CHECK (doc_type IN ('01', '03')),
  series     TEXT NOT NULL,
  reason     TEXT NOT NULL CHECK (reason IN ('restore', 'wal_loss', 'new_database')),
  -- The highest number known used when the hold was placed (the salvaged file's, the copy's).
  known_last INTEGER NOT NULL DEFAULT 0 CHECK (known_last >= 0),
  since      TEXT NOT NULL,
  PRIMARY KEY (doc_type, series)
) STRICT;

CREATE TABLE numbering_log (
  id          INTEGER PRIMARY KEY,
  at          TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('held', 'confirmed', 'jumped', 'wal_loss', 'salvaged', 'clock')),
  doc_type    TEXT CHECK (doc_type IS NULL OR doc_type IN ('01', '03')),
  series      TEXT,
  from_number INTEGER,
  to_number   INTEGER,
  document_id INTEGER REFERENCES documents (id),
  detail      TEXT NOT NULL
) STRICT;
