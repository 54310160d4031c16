-- 0026_bridge_requests: the idempotency keys of the writes that cross the bridge. Every write method carries the
-- window's key (clientKey); its row is written in the same transaction as the write, so a call retried after the core
-- died (the commit made, the answer lost) finds it and answers the same result without writing again.
--   method:      the bridge method the key was first used with;
--   fingerprint: a hash of the request without its key and its authorisations (a supervisor's PIN, a confirmed
--                clock), so the same key with different data is refused instead of answered with another result;
--   result:      the answer, as JSON; NULL for a sale or a note, whose row is written by the document's own insert
--                (a temporary trigger of electron/core/handlers/idempotency.ts) and whose retry answers the document
--                as it is now (its own client_key).
CREATE TABLE bridge_requests (
  client_key  TEXT PRIMARY KEY CHECK (length(client_key) BETWEEN 8 AND 64),
  method      TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  result      TEXT,
  created_at  TEXT NOT NULL
) STRICT;
