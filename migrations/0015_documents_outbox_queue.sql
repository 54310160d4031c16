-- 0015_documents_outbox_queue ("queries that stay flat"): the outbox's claim takes the oldest due documents
-- (pending ones whose backoff has passed, and those needing attention that asked for a status check). Through the
-- status index it read every due row with its payload and sorted them all to keep 16, on every claim: a drain grew with
-- the square of its backlog. This partial index holds only the documents the outbox may take, in id order, with what
-- the due test reads: the claim walks it oldest first, stops at its LIMIT, and loads whole rows only for those taken.
CREATE INDEX documents_outbox_queue ON documents (id, status, next_attempt_at, demo) WHERE status IN ('pending', 'attention');
