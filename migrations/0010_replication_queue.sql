-- 0010_replication_queue: the shop server's own outbox, separate from SUNAT's. Every document written or
-- changed is queued (triggers), so nothing escapes it, and a till that was offline, or that gets a server later,
-- pushes what it holds. `version` grows with each change: the replicator removes a row only if it did not change
-- while being pushed. Documents already here are queued once; the queue is read only when a server is configured.
CREATE TABLE replication_queue (
  document_id INTEGER PRIMARY KEY REFERENCES documents (id),
  version     INTEGER NOT NULL DEFAULT 1
) STRICT;

INSERT INTO replication_queue (document_id) SELECT id FROM documents;

CREATE TRIGGER replication_on_insert AFTER INSERT ON documents
BEGIN
  INSERT INTO replication_queue (document_id) VALUES (NEW.id)
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1;
END;

CREATE TRIGGER replication_on_update AFTER UPDATE ON documents
BEGIN
  INSERT INTO replication_queue (document_id) VALUES (NEW.id)
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1;
END;

-- Payments and discounts are written right after their document, in its transaction; an event can come alone.
CREATE TRIGGER replication_on_event AFTER INSERT ON document_events
BEGIN
  INSERT INTO replication_queue (document_id) VALUES (NEW.document_id)
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1;
END;
