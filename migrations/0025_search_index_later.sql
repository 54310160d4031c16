-- 0025_search_index_later ("keep what a sale needs inside its transaction"): the customer-name index
-- (documents_fts) is written after a sale, not inside its commit. Measured here: a sale wrote 28 pages to the -wal, 5
-- of them the full-text index's (its data, idx and docsize tables). Documents are indexed in id order by
-- db/search-index.ts: shortly after a sale, at start-up, and before any search by name, so a search never misses one.
-- indexed_through is the highest id indexed; documents are never deleted, so ids are never reused.
DROP TRIGGER documents_fts_insert;

CREATE TABLE search_index_state (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  indexed_through INTEGER NOT NULL
) STRICT;
INSERT INTO search_index_state (id, indexed_through) VALUES (1, COALESCE((SELECT MAX(id) FROM documents), 0));

-- A correction of the customer (or a delete) changes the index only for a document already in it; one not yet indexed
-- is indexed later with the name it has then. (FTS5's 'delete' must name what the index holds: docs for external
-- content tables, https://sqlite.org/fts5.html#the_delete_command.)
DROP TRIGGER documents_fts_update;
CREATE TRIGGER documents_fts_update AFTER UPDATE OF customer_name ON documents
WHEN OLD.id <= (SELECT indexed_through FROM search_index_state WHERE id = 1)
BEGIN
  INSERT INTO documents_fts (documents_fts, rowid, customer_name) VALUES ('delete', OLD.id, OLD.customer_name);
  INSERT INTO documents_fts (rowid, customer_name) VALUES (NEW.id, NEW.customer_name);
END;

DROP TRIGGER documents_fts_delete;
CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents
WHEN OLD.id <= (SELECT indexed_through FROM search_index_state WHERE id = 1)
BEGIN
  INSERT INTO documents_fts (documents_fts, rowid, customer_name) VALUES ('delete', OLD.id, OLD.customer_name);
END;
