-- Shop server 0003: a document re-issued under a new number (its number was taken) names the one it
-- replaces, so that the shop's reports count that sale once, as each till's own report does.
ALTER TABLE documents ADD COLUMN replaces TEXT;
CREATE INDEX documents_replaces ON documents (replaces) WHERE replaces IS NOT NULL;
