-- 0013_documents_needs_attention ("rejected and invalid documents are loud"): the documents that need a
-- person (attention, conflict, rejected, invalid; shared/bridge/status.ts NEEDS_ATTENTION_STATUSES repeats the list)
-- are counted in the status bar and listed, newest first, under Documentos → "Requiere atención". The status index
-- walks each status apart, so the list needed a sort of all four ("USE TEMP B-TREE FOR ORDER BY"); this partial index
-- holds only those documents, in id order: the list walks it newest first and stops at its LIMIT, and the count reads
-- only these index entries (status is in the index, so the count never touches the table). A re-issued document
-- leaves the list through documents_reissue_of (0008), not through this index.
CREATE INDEX documents_needs_attention ON documents (id, status) WHERE status IN ('attention', 'conflict', 'rejected', 'invalid');
