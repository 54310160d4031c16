-- Shop server 0007: a till's pushes are ordered by the till's own change sequence (local_seq), never by its
-- clock; a document the server refuses is recorded in refused_documents (shown under "Todas las cajas") instead of
-- blocking the till's queue; and each till holds a lease that rotates at every connection, so a data folder copied
-- from another till (same terminal id) is told apart from the original and refused.
ALTER TABLE documents ADD COLUMN local_seq BIGINT NOT NULL DEFAULT 0;
-- A till's highest sequence the server holds: a till restored from an older copy goes on above it.
CREATE INDEX documents_terminal_seq ON documents (terminal_id, local_seq);

CREATE TABLE refused_documents (
  terminal_id  TEXT NOT NULL REFERENCES terminals (terminal_id),
  id_base_dato TEXT NOT NULL,
  doc_type     TEXT NOT NULL,
  series       TEXT NOT NULL,
  number       INTEGER NOT NULL,
  reason       TEXT NOT NULL,
  refused_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (terminal_id, id_base_dato)
);

ALTER TABLE terminals ADD COLUMN lease TEXT;
ALTER TABLE terminals ADD COLUMN lease_pending TEXT;
