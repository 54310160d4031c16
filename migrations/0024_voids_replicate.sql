-- 0024_voids_replicate: a void's state travels to the shop server with its document, so "Todas las cajas"
-- and the shop's sales report leave a voided sale out as this till's report does. Every change of a void queues its
-- document again, with the next number of the till's change sequence (0022).
CREATE TRIGGER replication_on_void AFTER INSERT ON voids
BEGIN
  UPDATE replication_clock SET n = n + 1 WHERE id = 1;
  INSERT INTO replication_queue (document_id, seq) VALUES (NEW.document_id, (SELECT n FROM replication_clock WHERE id = 1))
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1, seq = excluded.seq, set_aside_at = NULL, set_aside_reason = NULL;
END;

CREATE TRIGGER replication_on_void_status AFTER UPDATE OF status ON voids WHEN NEW.status IS NOT OLD.status
BEGIN
  UPDATE replication_clock SET n = n + 1 WHERE id = 1;
  INSERT INTO replication_queue (document_id, seq) VALUES (NEW.document_id, (SELECT n FROM replication_clock WHERE id = 1))
    ON CONFLICT (document_id) DO UPDATE SET version = version + 1, seq = excluded.seq, set_aside_at = NULL, set_aside_reason = NULL;
END;
