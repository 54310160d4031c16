-- 0012_documents_export_index ("exports never hold a sale past a frame"): the accountant's export reads a
-- date range of one mode in date, type, series and number order. With only the issue_date index SQLite sorted each
-- day's rows (payloads included) in one blocking step ("USE TEMP B-TREE FOR LAST 3 TERMS OF ORDER BY"), which held
-- the event loop 15-25 ms at a million documents. This index hands the rows over already in that order, one per step.
CREATE INDEX documents_export_order ON documents (demo, issue_date, doc_type, series, number);
