-- 0022_replication_order: the shop server orders a till's pushes by a sequence of the till's own, never by
-- its clock. Every change of a document takes the next number of replication_clock; the server keeps a pushed copy
-- only when its number is not lower than the one it holds (a clock set back or forward changes nothing). A document
-- the server refuses (its number taken by another till's document, say) is set aside with its reason instead of
-- blocking the queue; it is tried again at the next connection, and any change of it queues it again.
CREATE TABLE replication_clock (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  n  INTEGER NOT NULL
) STRICT;
INSERT INTO replication_clock (id, n) VALUES (1, 0);

ALTER TABLE replication_queue ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
ALTER TABLE replication_queue ADD COLUMN set_aside_at TEXT;
ALTER TABLE replication_queue ADD COLUMN set_aside_reason TEXT;
-- The queue is read in document order among the rows not set aside.
CREATE INDEX replication_queue_ready ON replication_queue (document_id) WHERE set_aside_at IS NULL;

DROP TRIGGER replication_on_insert;
DROP TRIGGER replication_on_update;
DROP TRIGGER replication_on_event;

CREATE TRIGGER replication_on_insert AFTER INSERT ON documents
BEGIN
  UPDATE replication_clock SET n = n + 1 WHERE id = 1;
  INSERT INTO replication_queue (document_id, seq) VALUES (NEW.id, (SELECT n FROM replication_clock WHERE id = 1))
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1, seq = excluded.seq, set_aside_at = NULL, set_aside_reason = NULL;
END;

CREATE TRIGGER replication_on_update AFTER UPDATE ON documents
BEGIN
  UPDATE replication_clock SET n = n + 1 WHERE id = 1;
  INSERT INTO replication_queue (document_id, seq) VALUES (NEW.id, (SELECT n FROM replication_clock WHERE id = 1))
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1, seq = excluded.seq, set_aside_at = NULL, set_aside_reason = NULL;
END;

CREATE TRIGGER replication_on_event AFTER INSERT ON document_events
BEGIN
  UPDATE replication_clock SET n = n + 1 WHERE id = 1;
  INSERT INTO replication_queue (document_id, seq) VALUES (NEW.document_id, (SELECT n FROM replication_clock WHERE id = 1))
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1, seq = excluded.seq, set_aside_at = NULL, set_aside_reason = NULL;
END;
