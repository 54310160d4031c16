-- 0019_documents_doc_type ("queries that stay flat"): the back office lists one type of document (notas de
-- crédito, facturas) newest first. The only index starting with doc_type is the (doc_type, series, number) key, whose
-- order is not the list's: SQLite read every document of the type and sorted them ("USE TEMP B-TREE FOR ORDER BY"),
-- at a million documents on every page. (doc_type) is (doc_type, id) in SQLite: the list walks it newest first and
-- stops at its LIMIT; with a date range, the id bounds of the range (documents_issue_date) narrow the same walk.
CREATE INDEX documents_doc_type ON documents (doc_type);
