-- Shop server 0019: the tills' customer-account entries, merged. Each till keeps its own ledger (the till's migrations
-- 0035 and 0038) and charges and collects offline against what it last knew; here every till's entries meet,
-- append-only, and every till works its figures out again from all of them in one order (at, then uid): dues from
-- charges, each credit applied to the document it names first, then to the oldest due, what is left in favour
-- (electron/core/accounts/settle.ts). Entries never conflict: two tills that collected the same cuota at once both
-- keep their money; the one later in that order goes to what is next, or stays in favour.
--
-- 1. An entry is keyed by its uid, made once at the till where it happened: a push repeated after a lost answer
--    inserts nothing twice.
-- 2. A till's role writes entries only through caja_put_account_entries, only in the name of a terminal it owns (as
--    caja_put_stock_movements does, 0017), and can neither change nor delete any entry.
-- 3. Each entry gets a version from account_version under an advisory lock held until its commit, so a till pulling
--    "after version N" never skips one that commits late.
-- 4. A document is named by its id_Base_Dato (stable across tills) and as its till printed it; a charge carries its
--    dues (the cuotas as SUNAT received them), since the other tills do not hold its document.
CREATE SEQUENCE account_version;

CREATE TABLE account_entries (
  uid           TEXT PRIMARY KEY,
  terminal_id   TEXT NOT NULL REFERENCES terminals (terminal_id),
  doc_type      TEXT NOT NULL,
  doc_number    TEXT NOT NULL,
  customer_name TEXT NOT NULL DEFAULT '',
  kind          TEXT NOT NULL CHECK (kind IN ('charge', 'collection', 'note', 'void')),
  -- Signed, soles: a charge raises what is owed, the rest lower it.
  amount        NUMERIC(14, 2) NOT NULL CHECK ((kind = 'charge') = (amount > 0) AND amount <> 0),
  -- The id_Base_Dato of the document whose dues the entry goes to first (a collection: the one picked, if any).
  applies_to    TEXT,
  -- The document behind the entry as its till printed it.
  document      TEXT,
  method        TEXT,
  method_label  TEXT,
  method_kind   TEXT,
  -- A charge's dues: [{position, amount, dueDate}].
  dues          JSONB NOT NULL DEFAULT '[]'::jsonb,
  -- A collection: the due its till applied it to first ('<id_Base_Dato>#<cuota>'), as that till saw the account.
  intended      TEXT,
  at            TIMESTAMPTZ NOT NULL,
  by_name       TEXT,
  version       BIGINT NOT NULL UNIQUE,
  received_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((kind = 'collection') = (method IS NOT NULL))
);
-- A customer's entries in the order every till settles them.
CREATE INDEX account_entries_customer ON account_entries (doc_type, doc_number, at, uid);

-- Every customer's balance: the sum of their entries (what is open of every due less what is in favour).
CREATE VIEW account_balances AS
  SELECT doc_type, doc_number, sum(amount) AS balance, count(*) AS entries FROM account_entries GROUP BY doc_type, doc_number;

-- Inserts a till's entries (a JSON array of at most 1000: uid, docType, docNumber, name, kind, amount, appliesTo,
-- document, method, methodLabel, methodKind, dues, intended, at, by); answers how many were new. An entry whose uid is already
-- here is skipped (a retry). Refused whole: another terminal's name from a till's role (42501), a malformed entry
-- (22023).
CREATE FUNCTION caja_put_account_entries(p_terminal_id TEXT, p_rows JSONB) RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_money CONSTANT TEXT := '^-?[0-9]{1,12}\.[0-9]{2}$';
  v_new INTEGER;
BEGIN
  IF caja_is_till() AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
    RAISE EXCEPTION 'Una caja solo registra movimientos de cuenta a su nombre.' USING ERRCODE = '42501';
  END IF;
  IF p_terminal_id IS NULL OR jsonb_typeof(p_rows) IS DISTINCT FROM 'array' OR jsonb_array_length(p_rows) > 1000 THEN
    RAISE EXCEPTION 'Movimientos de cuenta no válidos' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_rows) e
              WHERE jsonb_typeof(e) <> 'object'
                 OR COALESCE(length(e->>'uid'), 0) NOT BETWEEN 1 AND 64
                 OR COALESCE(length(e->>'docType'), 0) <> 1
                 OR COALESCE(length(e->>'docNumber'), 0) NOT BETWEEN 1 AND 15
                 OR length(e->>'name') > 1500
                 OR COALESCE(e->>'kind', '') NOT IN ('charge', 'collection', 'note', 'void')
                 OR COALESCE(e->>'amount', '') !~ c_money OR (e->>'amount')::NUMERIC = 0
                 OR ((e->>'kind') = 'charge') <> ((e->>'amount')::NUMERIC > 0)
                 OR ((e->>'kind') = 'collection') <> (e->>'method' IS NOT NULL)
                 OR length(e->>'appliesTo') > 64 OR length(e->>'document') > 64
                 OR length(e->>'method') > 64 OR length(e->>'methodLabel') > 100 OR length(e->>'methodKind') > 16
                 OR length(e->>'by') > 100 OR length(e->>'intended') > 80
                 OR COALESCE(e->>'at', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{8,15}Z$'
                 OR jsonb_typeof(COALESCE(e->'dues', '[]'::jsonb)) <> 'array' OR jsonb_array_length(COALESCE(e->'dues', '[]'::jsonb)) > 60
                 OR EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(e->'dues', '[]'::jsonb)) u
                             WHERE jsonb_typeof(u) <> 'object' OR jsonb_typeof(u->'position') <> 'number'
                                OR COALESCE(u->>'amount', '') !~ c_money
                                OR COALESCE(u->>'dueDate', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')) THEN
    RAISE EXCEPTION 'Movimientos de cuenta no válidos' USING ERRCODE = '22023';
  END IF;
  -- Held until commit: versions become visible in order (see 3 above).
  PERFORM pg_advisory_xact_lock(4350019);
  WITH incoming AS (
    SELECT DISTINCT ON (e->>'uid') e FROM jsonb_array_elements(p_rows) e ORDER BY e->>'uid'
  ), inserted AS (
    INSERT INTO account_entries (uid, terminal_id, doc_type, doc_number, customer_name, kind, amount, applies_to, document, method,
      method_label, method_kind, dues, intended, at, by_name, version)
    SELECT i.e->>'uid', p_terminal_id, i.e->>'docType', i.e->>'docNumber', COALESCE(i.e->>'name', ''), i.e->>'kind', (i.e->>'amount')::NUMERIC,
           i.e->>'appliesTo', i.e->>'document', i.e->>'method', i.e->>'methodLabel', i.e->>'methodKind', COALESCE(i.e->'dues', '[]'::jsonb),
           i.e->>'intended', (i.e->>'at')::TIMESTAMPTZ, i.e->>'by', nextval('account_version')
      FROM incoming i
     WHERE NOT EXISTS (SELECT 1 FROM account_entries a WHERE a.uid = i.e->>'uid')
     ORDER BY (i.e->>'at'), i.e->>'uid'
    ON CONFLICT (uid) DO NOTHING
    RETURNING 1
  )
  SELECT count(*) INTO v_new FROM inserted;
  RETURN v_new;
END;
$$;

REVOKE ALL ON FUNCTION caja_put_account_entries(TEXT, JSONB) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    GRANT EXECUTE ON FUNCTION caja_put_account_entries(TEXT, JSONB) TO caja_tills;
    -- Every till reads every till's entries (to converge); it writes none directly.
    GRANT SELECT ON account_entries, account_balances TO caja_tills;
    GRANT SELECT ON SEQUENCE account_version TO caja_tills;
  END IF;
END;
$$;
