-- Shop server 0017: the tills' stock movements, merged by addition. Each till keeps its own kardex (the till's
-- migration 0032) and sells offline against what it last knew plus its own movements; here every till's movements
-- meet, append-only, and each product's balance is their sum. Movements never conflict: they only add up, in any
-- order, so every till that has pulled them all holds the same quantity (and the same value) as the server.
--
-- 1. A movement is keyed by its uid, made once at the till where it happened: a push repeated after a lost answer
--    inserts nothing twice and moves no balance twice.
-- 2. A till's role writes movements only through caja_put_stock_movements, only in the name of a terminal it owns
--    (as caja_hold_sale does, 0015), and can neither change nor delete any movement nor touch a balance.
-- 3. Each movement gets a version from stock_version under an advisory lock held until its commit, so a till pulling
--    "after version N" never skips one that commits late (as change_version does for shared records, 0008).
-- 4. Quantities and values are NUMERIC, exact: a weighed product sold at three tills adds up to the last gram.
CREATE SEQUENCE stock_version;

CREATE TABLE stock_movements (
  uid           TEXT PRIMARY KEY,
  terminal_id   TEXT NOT NULL REFERENCES terminals (terminal_id),
  product_code  TEXT NOT NULL,
  kind          TEXT NOT NULL CHECK (kind IN ('sale', 'return', 'void', 'purchase', 'count', 'transfer', 'waste')),
  -- Signed: positive came in, negative went out.
  quantity      NUMERIC NOT NULL CHECK (quantity <> 0),
  -- The cost and the value the movement had where it happened; the balance's value is the sum of the values.
  unit_cost     NUMERIC NOT NULL,
  value         NUMERIC NOT NULL,
  -- The document behind it as its till prints it ('B001-00000012', 'Compra F001-00000123', 'Inventario 3'), or NULL.
  document      TEXT,
  at            TIMESTAMPTZ NOT NULL,
  by_name       TEXT,
  version       BIGINT NOT NULL UNIQUE,
  received_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);
-- A product's movements (the server's kardex); pulls walk the UNIQUE index on version.
CREATE INDEX stock_movements_product ON stock_movements (product_code, at);

-- Each product's balance: the sum of its movements, moved in the same transaction as they are inserted.
CREATE TABLE stock_balances (
  product_code TEXT PRIMARY KEY,
  quantity     NUMERIC NOT NULL,
  value        NUMERIC NOT NULL,
  movements    BIGINT NOT NULL,
  updated_at   TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Inserts a till's movements (a JSON array of at most 1000: uid, code, kind, quantity, unitCost, value, document, at,
-- by) and moves the balances by those not already here; answers how many were new. A movement whose uid is already
-- here is skipped (a retry). Refused whole: another terminal's name from a till's role (42501), a malformed movement
-- (22023).
CREATE FUNCTION caja_put_stock_movements(p_terminal_id TEXT, p_rows JSONB) RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_number CONSTANT TEXT := '^-?[0-9]{1,15}(\.[0-9]{1,12})?$';
  v_new INTEGER;
BEGIN
  IF caja_is_till() AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
    RAISE EXCEPTION 'Una caja solo registra movimientos de stock a su nombre.' USING ERRCODE = '42501';
  END IF;
  IF p_terminal_id IS NULL OR jsonb_typeof(p_rows) IS DISTINCT FROM 'array' OR jsonb_array_length(p_rows) > 1000 THEN
    RAISE EXCEPTION 'Movimientos de stock no válidos' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(p_rows) e
              WHERE jsonb_typeof(e) <> 'object'
                 OR COALESCE(length(e->>'uid'), 0) NOT BETWEEN 1 AND 64
                 OR COALESCE(length(e->>'code'), 0) NOT BETWEEN 1 AND 64
                 OR COALESCE(e->>'kind', '') NOT IN ('sale', 'return', 'void', 'purchase', 'count', 'transfer', 'waste')
                 OR COALESCE(e->>'quantity', '') !~ c_number OR (e->>'quantity')::NUMERIC = 0
                 OR COALESCE(e->>'unitCost', '') !~ c_number OR COALESCE(e->>'value', '') !~ c_number
                 OR length(e->>'document') > 64 OR length(e->>'by') > 100
                 OR COALESCE(e->>'at', '') !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]{8,15}Z$') THEN
    RAISE EXCEPTION 'Movimientos de stock no válidos' USING ERRCODE = '22023';
  END IF;
  -- Held until commit: versions become visible in order (see 3 above).
  PERFORM pg_advisory_xact_lock(4350017);
  WITH incoming AS (
    SELECT DISTINCT ON (e->>'uid') e FROM jsonb_array_elements(p_rows) e ORDER BY e->>'uid'
  ), inserted AS (
    INSERT INTO stock_movements (uid, terminal_id, product_code, kind, quantity, unit_cost, value, document, at, by_name, version)
    SELECT i.e->>'uid', p_terminal_id, i.e->>'code', i.e->>'kind', (i.e->>'quantity')::NUMERIC, (i.e->>'unitCost')::NUMERIC,
           (i.e->>'value')::NUMERIC, i.e->>'document', (i.e->>'at')::TIMESTAMPTZ, i.e->>'by', nextval('stock_version')
      FROM incoming i
     WHERE NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.uid = i.e->>'uid')
    ON CONFLICT (uid) DO NOTHING
    RETURNING product_code, quantity, value
  ), moved AS (
    INSERT INTO stock_balances AS b (product_code, quantity, value, movements)
    SELECT product_code, sum(quantity), sum(value), count(*) FROM inserted GROUP BY product_code
    ON CONFLICT (product_code) DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity, value = b.value + EXCLUDED.value,
      movements = b.movements + EXCLUDED.movements, updated_at = now()
    RETURNING 1
  )
  -- A data-modifying WITH runs whole whether or not the outer query reads it: the balances move with the inserts.
  SELECT count(*) INTO v_new FROM inserted;
  RETURN v_new;
END;
$$;

REVOKE ALL ON FUNCTION caja_put_stock_movements(TEXT, JSONB) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    GRANT EXECUTE ON FUNCTION caja_put_stock_movements(TEXT, JSONB) TO caja_tills;
    -- Every till reads every till's movements (to converge) and the balances; it writes neither directly.
    GRANT SELECT ON stock_movements, stock_balances TO caja_tills;
    GRANT SELECT ON SEQUENCE stock_version TO caja_tills;
  END IF;
END;
$$;
