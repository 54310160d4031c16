-- Shop server 0020: a till's account entries stand on documents the server holds, not on the till's word. Every till
-- pulls every entry and trusts it (0019), so an entry from a till's role is held here, apart, until the server's own
-- documents back it; only then does it get a version, reach the other tills and count in account_balances. The
-- office's own connection (the owner role) is not a till: its entries go in at once, as before.
--
-- 1. Held, not refused. Entries go up after their documents (the replicator's pass), but a document can still be
--    pending at SUNAT, or refused here, or late. A held entry is kept in account_entries_held with the reason it waits
--    (for the office to read) and released, in the same transaction, when what it waits for arrives: its document
--    (a trigger on documents), or the charge it credits or collects on (caja_account_release). The till that pushed
--    it moved its cursor past it: it never sends it again, and pulls it back, once released, as one it already holds.
--    Nothing here is ever deleted: an entry that can never stand stays held (the charge of a sale SUNAT refused, say:
--    its till still counts it, the others never do, until the office settles it).
-- 2. A charge names the sale it charges (applies_to, its id_Base_Dato, and document, as its till printed it): a
--    boleta or factura of this same terminal, for this same customer, accepted by SUNAT (status 'accepted' or
--    'observed', as that till pushed it), charged once, for no more than its total, with dues that add up to the charge.
-- 3. A note names its credit note (07, of this terminal, for this customer, accepted, modifying the sale it applies
--    to) and credits no more than the note's total. A void names the voided sale (of this terminal, for this
--    customer, void_status 'voided': SUNAT's acceptance of the void, 0009). Both need this terminal's own charge on
--    that sale here already, and together with every note and void on that sale credit no more than that charge; a
--    note counts once, a sale is voided once. So a till credits only what it charged itself: a till's role cannot
--    lower any other till's customer's debt with a note or a void.
-- 4. A collection is cash the till says it took: the server cannot see it, and it stays that till's claim (in its
--    name, in its cash). It stands only for a customer this server has charged, and only while the credit it would
--    leave in the customer's favour is no more than the customer's largest charge here. An honest till collects only
--    from a customer it saw owing; two tills taking the same debt before either heard of the other overpay by what the
--    customer owed, which is one sale or one cuota in the common case (a cuota or a sale paid twice, change left in
--    favour). A role in the wrong hands can still claim it collected a real debt (and must answer for that cash), but
--    cannot turn a customer into the shop's creditor beyond the largest charge the server holds for them. A larger
--    overpayment waits, held, for the office.
-- 5. What stays a till's claim: the documents themselves (a till writes its own rows, status and CDR included; see
--    docs/architecture.md §6a). A role in the wrong hands can write a sale "accepted" in its own series and charge
--    it; that charge is in its name, on a document of its own that any till asking SUNAT finds false.
CREATE TABLE account_entries_held (
  uid           TEXT PRIMARY KEY,
  terminal_id   TEXT NOT NULL REFERENCES terminals (terminal_id),
  doc_type      TEXT NOT NULL,
  doc_number    TEXT NOT NULL,
  customer_name TEXT NOT NULL DEFAULT '',
  kind          TEXT NOT NULL CHECK (kind IN ('charge', 'collection', 'note', 'void')),
  amount        NUMERIC(14, 2) NOT NULL CHECK ((kind = 'charge') = (amount > 0) AND amount <> 0),
  applies_to    TEXT,
  document      TEXT,
  method        TEXT,
  method_label  TEXT,
  method_kind   TEXT,
  dues          JSONB NOT NULL DEFAULT '[]'::jsonb,
  intended      TEXT,
  at            TIMESTAMPTZ NOT NULL,
  by_name       TEXT,
  received_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- Why it waits, in the office's words; worked out again at every look.
  reason        TEXT NOT NULL
);
CREATE INDEX account_entries_held_customer ON account_entries_held (doc_type, doc_number, at, uid);
CREATE INDEX account_entries_held_applies ON account_entries_held (applies_to) WHERE applies_to IS NOT NULL;
CREATE INDEX account_entries_held_document ON account_entries_held (terminal_id, document) WHERE document IS NOT NULL;
-- What a sale has been charged and credited: the checks read one sale's entries.
CREATE INDEX account_entries_applies ON account_entries (applies_to, kind) WHERE applies_to IS NOT NULL;

-- A document's number as its till prints it ('B001-00000012').
CREATE FUNCTION caja_printed(p_series TEXT, p_number INTEGER) RETURNS TEXT
LANGUAGE sql IMMUTABLE AS $$
  SELECT p_series || '-' || CASE WHEN p_number >= 10000000 THEN p_number::TEXT ELSE lpad(p_number::TEXT, 8, '0') END
$$;

-- The document a terminal printed under that number: one probe per type on UNIQUE (doc_type, series, number) (the
-- printed number does not say its type).
CREATE FUNCTION caja_printed_document(p_terminal_id TEXT, p_printed TEXT) RETURNS documents
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
DECLARE
  v_doc documents;
BEGIN
  IF p_printed ~ '^[A-Z0-9]{4}-[0-9]{1,9}$' THEN
    SELECT * INTO v_doc FROM documents d
     WHERE d.doc_type IN ('01', '03', '07', '08') AND d.series = split_part(p_printed, '-', 1)
       AND d.number = split_part(p_printed, '-', 2)::INTEGER AND d.terminal_id = p_terminal_id;
  END IF;
  RETURN v_doc;
END;
$$;

-- The sale an entry names by its id_Base_Dato: that document, or, when the server refused it (its number was taken,
-- 0007) and its till issued it again under a new number, the one that replaces it (0003) from the same terminal.
CREATE FUNCTION caja_sale_behind(p_terminal_id TEXT, p_id TEXT) RETURNS documents
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
DECLARE
  v_doc documents;
BEGIN
  SELECT * INTO v_doc FROM documents WHERE id_base_dato = p_id;
  IF v_doc.id_base_dato IS NULL THEN
    SELECT * INTO v_doc FROM documents WHERE replaces = p_id AND terminal_id = p_terminal_id ORDER BY pushed_at LIMIT 1;
  END IF;
  RETURN v_doc;
END;
$$;

-- Whether `p_printed` is how a till printed the sale `p_id` (`p_sale` as caja_sale_behind found it): its number, or
-- the number the server refused when the sale was issued again.
CREATE FUNCTION caja_printed_as(p_terminal_id TEXT, p_printed TEXT, p_id TEXT, p_sale documents) RETURNS BOOLEAN
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT p_printed = caja_printed(p_sale.series, p_sale.number)
      OR EXISTS (SELECT 1 FROM refused_documents r WHERE r.terminal_id = p_terminal_id AND r.id_base_dato = p_id
                    AND caja_printed(r.series, r.number) = p_printed AND p_sale.replaces = p_id)
$$;

-- NULL when a held charge, note or void may stand (2 and 3 above), else why it waits. Collections are worked out by
-- caja_account_release, against the customer's balance.
CREATE FUNCTION caja_account_entry_wait(h account_entries_held) RETURNS TEXT
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
DECLARE
  c_accepted CONSTANT TEXT[] := ARRAY['accepted', 'observed'];
  v_sale documents;
  v_note documents;
  v_charge NUMERIC;
  v_credited NUMERIC;
BEGIN
  v_sale := caja_sale_behind(h.terminal_id, h.applies_to);
  IF v_sale.id_base_dato IS NULL THEN RETURN 'la venta aún no está en el servidor'; END IF;
  IF v_sale.doc_type NOT IN ('01', '03') THEN RETURN 'no nombra una venta'; END IF;
  IF (v_sale.customer_doc_type, v_sale.customer_doc_number) IS DISTINCT FROM (h.doc_type, h.doc_number) THEN
    RETURN 'la venta es de otro cliente';
  END IF;

  IF h.kind = 'charge' THEN
    IF v_sale.terminal_id <> h.terminal_id THEN RETURN 'la venta es de otra caja'; END IF;
    IF NOT caja_printed_as(h.terminal_id, h.document, h.applies_to, v_sale) THEN RETURN 'el documento no es la venta que carga'; END IF;
    IF NOT v_sale.status = ANY (c_accepted) THEN RETURN 'venta sin aceptación de SUNAT'; END IF;
    IF h.amount > v_sale.total THEN RETURN 'cargo mayor que el total de la venta'; END IF;
    IF (SELECT COALESCE(sum((u->>'amount')::NUMERIC), 0) FROM jsonb_array_elements(h.dues) u) <> h.amount THEN
      RETURN 'las cuotas no suman el cargo';
    END IF;
    IF EXISTS (SELECT 1 FROM account_entries WHERE applies_to = h.applies_to AND kind = 'charge') THEN RETURN 'venta ya cargada'; END IF;
    RETURN NULL;
  END IF;

  -- A note or a void: only on this terminal's own charge of that sale, and never beyond it.
  SELECT sum(amount) INTO v_charge FROM account_entries
   WHERE applies_to = h.applies_to AND kind = 'charge' AND terminal_id = h.terminal_id AND doc_type = h.doc_type AND doc_number = h.doc_number;
  IF v_charge IS NULL THEN RETURN 'la venta no tiene un cargo de esta caja'; END IF;
  SELECT COALESCE(-sum(amount), 0) INTO v_credited FROM account_entries WHERE applies_to = h.applies_to AND kind IN ('note', 'void');
  IF v_credited - h.amount > v_charge THEN RETURN 'abona más de lo que se cargó a la venta'; END IF;

  IF h.kind = 'void' THEN
    IF NOT caja_printed_as(h.terminal_id, h.document, h.applies_to, v_sale) THEN RETURN 'el documento no es la venta anulada'; END IF;
    IF v_sale.void_status IS DISTINCT FROM 'voided' THEN RETURN 'anulación sin aceptación de SUNAT'; END IF;
    IF EXISTS (SELECT 1 FROM account_entries WHERE applies_to = h.applies_to AND kind = 'void') THEN RETURN 'venta ya anulada'; END IF;
    RETURN NULL;
  END IF;

  v_note := caja_printed_document(h.terminal_id, h.document);
  IF v_note.id_base_dato IS NULL THEN RETURN 'la nota aún no está en el servidor'; END IF;
  IF v_note.doc_type <> '07' THEN RETURN 'el documento no es una nota de crédito'; END IF;
  IF v_note.modifies IS DISTINCT FROM v_sale.doc_type || '-' || upper(v_sale.series) || '-' || v_sale.number THEN
    RETURN 'la nota no modifica esa venta';
  END IF;
  IF (v_note.customer_doc_type, v_note.customer_doc_number) IS DISTINCT FROM (h.doc_type, h.doc_number) THEN
    RETURN 'la nota es de otro cliente';
  END IF;
  IF NOT v_note.status = ANY (c_accepted) THEN RETURN 'nota sin aceptación de SUNAT'; END IF;
  IF -h.amount > v_note.total THEN RETURN 'abono mayor que el total de la nota'; END IF;
  IF EXISTS (SELECT 1 FROM account_entries WHERE terminal_id = h.terminal_id AND document = h.document AND kind = 'note') THEN
    RETURN 'nota ya abonada';
  END IF;
  RETURN NULL;
END;
$$;

-- Moves a held entry to account_entries with its version now, or notes why it still waits.
CREATE FUNCTION caja_account_settle_held(h account_entries_held, p_reason TEXT) RETURNS BOOLEAN
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
  IF p_reason IS NOT NULL THEN
    IF p_reason IS DISTINCT FROM h.reason THEN UPDATE account_entries_held SET reason = p_reason WHERE uid = h.uid; END IF;
    RETURN FALSE;
  END IF;
  INSERT INTO account_entries (uid, terminal_id, doc_type, doc_number, customer_name, kind, amount, applies_to, document, method,
    method_label, method_kind, dues, intended, at, by_name, version, received_at)
  VALUES (h.uid, h.terminal_id, h.doc_type, h.doc_number, h.customer_name, h.kind, h.amount, h.applies_to, h.document, h.method,
    h.method_label, h.method_kind, h.dues, h.intended, h.at, h.by_name, nextval('account_version'), h.received_at);
  DELETE FROM account_entries_held WHERE uid = h.uid;
  RETURN TRUE;
END;
$$;

-- Works out again a customer's held entries that may stand now, in the order every till settles them: `p_look`, the
-- ones something just happened to (new, or naming a document that arrived; NULL: all of them). What one released
-- entry can change is looked at again: a charge lets that sale's notes and voids and the customer's collections
-- stand; a credit or a collection only lowers what may be credited or collected, so it frees nothing. Thousands of
-- entries held for good on one customer cost one pass over them per charge released, never one per entry. The caller
-- holds account_version's lock (0019, 3).
CREATE FUNCTION caja_account_release(p_doc_type TEXT, p_doc_number TEXT, p_look TEXT[]) RETURNS INTEGER
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  h account_entries_held;
  v_look TEXT[] := p_look;
  v_sales TEXT[];
  v_cash BOOLEAN;
  v_balance NUMERIC;
  v_largest NUMERIC;
  v_released INTEGER := 0;
BEGIN
  LOOP
    v_sales := '{}';
    FOR h IN SELECT * FROM account_entries_held
              WHERE doc_type = p_doc_type AND doc_number = p_doc_number AND kind <> 'collection' AND (v_look IS NULL OR uid = ANY (v_look))
              ORDER BY at, uid LOOP
      IF caja_account_settle_held(h, caja_account_entry_wait(h)) THEN
        v_released := v_released + 1;
        IF h.kind = 'charge' THEN v_sales := v_sales || h.applies_to; END IF;
      END IF;
    END LOOP;
    -- Collections against the balance as it stands, each one lowering it for the next (4 above).
    v_cash := cardinality(v_sales) > 0 OR v_look IS NULL;
    IF v_cash OR EXISTS (SELECT 1 FROM account_entries_held WHERE uid = ANY (v_look) AND kind = 'collection') THEN
      SELECT sum(amount), max(amount) FILTER (WHERE kind = 'charge') INTO v_balance, v_largest
        FROM account_entries WHERE doc_type = p_doc_type AND doc_number = p_doc_number;
      FOR h IN SELECT * FROM account_entries_held
                WHERE doc_type = p_doc_type AND doc_number = p_doc_number AND kind = 'collection' AND (v_cash OR uid = ANY (v_look))
                ORDER BY at, uid LOOP
        IF caja_account_settle_held(h, CASE
             WHEN v_largest IS NULL THEN 'cobro a un cliente sin cargos en el servidor'
             WHEN v_balance + h.amount < -v_largest THEN 'cobro que deja a favor más que su mayor cargo' END) THEN
          v_released := v_released + 1;
          v_balance := v_balance + h.amount;
        END IF;
      END LOOP;
    END IF;
    EXIT WHEN cardinality(v_sales) = 0;
    v_look := ARRAY(SELECT uid FROM account_entries_held
                     WHERE applies_to = ANY (v_sales) AND kind IN ('note', 'void') AND doc_type = p_doc_type AND doc_number = p_doc_number);
    EXIT WHEN cardinality(v_look) = 0;
  END LOOP;
  RETURN v_released;
END;
$$;

-- 0019's function, its shape checks unchanged: a till's entries go to account_entries_held, then each touched
-- customer's held entries are worked out again (the office's go in at once). Answers how many were new, held or not.
CREATE OR REPLACE FUNCTION caja_put_account_entries(p_terminal_id TEXT, p_rows JSONB) RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_money CONSTANT TEXT := '^-?[0-9]{1,12}\.[0-9]{2}$';
  v_till BOOLEAN := caja_is_till();
  v_new INTEGER;
  v_touched JSONB;
  c RECORD;
BEGIN
  IF v_till AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
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
  -- Held until commit: versions become visible in order (0019, 3), and the checks read a ledger no one moves meanwhile.
  PERFORM pg_advisory_xact_lock(4350019);
  IF v_till THEN
    WITH incoming AS (
      SELECT DISTINCT ON (e->>'uid') e FROM jsonb_array_elements(p_rows) e ORDER BY e->>'uid'
    ), inserted AS (
      INSERT INTO account_entries_held (uid, terminal_id, doc_type, doc_number, customer_name, kind, amount, applies_to, document, method,
        method_label, method_kind, dues, intended, at, by_name, reason)
      SELECT i.e->>'uid', p_terminal_id, i.e->>'docType', i.e->>'docNumber', COALESCE(i.e->>'name', ''), i.e->>'kind', (i.e->>'amount')::NUMERIC,
             i.e->>'appliesTo', i.e->>'document', i.e->>'method', i.e->>'methodLabel', i.e->>'methodKind', COALESCE(i.e->'dues', '[]'::jsonb),
             i.e->>'intended', (i.e->>'at')::TIMESTAMPTZ, i.e->>'by', 'recibido'
        FROM incoming i
       WHERE NOT EXISTS (SELECT 1 FROM account_entries a WHERE a.uid = i.e->>'uid')
      ON CONFLICT (uid) DO NOTHING
      RETURNING doc_type, doc_number, uid
    )
    SELECT count(*), COALESCE(jsonb_agg(jsonb_build_array(doc_type, doc_number, uid)), '[]') INTO v_new, v_touched FROM inserted;
  ELSE
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
         AND NOT EXISTS (SELECT 1 FROM account_entries_held h WHERE h.uid = i.e->>'uid')
       ORDER BY (i.e->>'at'), i.e->>'uid'
      ON CONFLICT (uid) DO NOTHING
      RETURNING doc_type, doc_number, NULL::TEXT AS uid
    )
    SELECT count(*), COALESCE(jsonb_agg(jsonb_build_array(doc_type, doc_number, uid)), '[]') INTO v_new, v_touched FROM inserted;
  END IF;
  -- Each customer these entries touched: a till's new entries are looked at, and what they let stand (a collection on
  -- a charge just released); the office's entries may let any of the customer's held entries stand.
  FOR c IN SELECT x->>0 AS doc_type, x->>1 AS doc_number, array_agg(x->>2) FILTER (WHERE x->>2 IS NOT NULL) AS uids
             FROM jsonb_array_elements(v_touched) x GROUP BY 1, 2 LOOP
    PERFORM caja_account_release(c.doc_type, c.doc_number, CASE WHEN v_till THEN c.uids END);
  END LOOP;
  RETURN v_new;
END;
$$;

-- Stock movements (0017) the same way. A sale, a return and a void name a document of their till: a sale takes out
-- of a product no more than that boleta or factura of the same terminal sold of it (its payload's lines), a return
-- puts back no more than that terminal's credit note returned, a void no more than the voided sale sold, once SUNAT
-- accepted the void (void_status 'voided'). Until its document is here a movement is held in stock_movements_held
-- and moves no balance; it is released by the document's arrival, as account entries are. Purchases, counts,
-- transfers and write-offs have no document the server holds: they stay the till's claim, in its name, and say so
-- (evidence 'claim'; 'document' for a checked one; NULL for movements from before this migration or the office's).
ALTER TABLE stock_movements ADD COLUMN evidence TEXT CHECK (evidence IN ('document', 'claim'));
CREATE INDEX stock_movements_document ON stock_movements (terminal_id, document, product_code) WHERE document IS NOT NULL;

CREATE TABLE stock_movements_held (
  uid          TEXT PRIMARY KEY,
  terminal_id  TEXT NOT NULL REFERENCES terminals (terminal_id),
  product_code TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('sale', 'return', 'void')),
  quantity     NUMERIC NOT NULL CHECK (quantity <> 0),
  unit_cost    NUMERIC NOT NULL,
  value        NUMERIC NOT NULL,
  document     TEXT,
  at           TIMESTAMPTZ NOT NULL,
  by_name      TEXT,
  received_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  reason       TEXT NOT NULL
);
CREATE INDEX stock_movements_held_document ON stock_movements_held (terminal_id, document);

-- How much of each product a document's lines carry ({code: quantity}), read once from the payload its till sent
-- (text: one that is not JSON carries nothing).
CREATE FUNCTION caja_payload_quantities(p_payload TEXT) RETURNS JSONB
LANGUAGE plpgsql IMMUTABLE SET search_path = public, pg_temp AS $$
DECLARE
  v_lines JSONB;
BEGIN
  BEGIN
    v_lines := p_payload::jsonb->'detalle';
  EXCEPTION WHEN others THEN
    RETURN '{}';
  END;
  IF jsonb_typeof(v_lines) IS DISTINCT FROM 'array' THEN RETURN '{}'; END IF;
  RETURN (SELECT COALESCE(jsonb_object_agg(code, quantity), '{}') FROM (
    SELECT trim(l->>'cod_Producto') AS code, sum((l->>'cantidad')::NUMERIC) AS quantity FROM jsonb_array_elements(v_lines) l
     WHERE jsonb_typeof(l) = 'object' AND jsonb_typeof(l->'cod_Producto') = 'string' AND jsonb_typeof(l->'cantidad') = 'number'
     GROUP BY 1) q);
END;
$$;

-- NULL when a held movement may stand on its document (`p_doc`, what its lines carry `p_carried`), else why it waits.
CREATE FUNCTION caja_stock_movement_wait(h stock_movements_held, p_doc documents, p_carried JSONB) RETURNS TEXT
LANGUAGE plpgsql STABLE SET search_path = public, pg_temp AS $$
DECLARE
  v_carried NUMERIC;
  v_moved NUMERIC;
BEGIN
  IF p_doc.id_base_dato IS NULL THEN RETURN 'el documento aún no está en el servidor'; END IF;
  IF (h.kind = 'return') <> (p_doc.doc_type = '07') OR p_doc.doc_type NOT IN ('01', '03', '07') THEN RETURN 'el documento no es de ese tipo'; END IF;
  IF (h.kind = 'sale') <> (h.quantity < 0) THEN RETURN 'cantidad en el sentido contrario'; END IF;
  IF h.kind = 'void' AND p_doc.void_status IS DISTINCT FROM 'voided' THEN RETURN 'anulación sin aceptación de SUNAT'; END IF;
  v_carried := (p_carried->>h.product_code)::NUMERIC;
  IF v_carried IS NULL THEN RETURN 'el producto no está en el documento'; END IF;
  SELECT COALESCE(sum(abs(quantity)), 0) INTO v_moved FROM stock_movements
   WHERE terminal_id = h.terminal_id AND document = h.document AND product_code = h.product_code AND kind = h.kind;
  IF v_moved + abs(h.quantity) > v_carried THEN RETURN 'más de lo que lleva el documento'; END IF;
  RETURN NULL;
END;
$$;

-- Releases the held movements of one document that may stand: each gets its version and moves its balance. The
-- document is read and its payload parsed once. The caller holds stock_version's lock (0017, 3).
CREATE FUNCTION caja_stock_release(p_terminal_id TEXT, p_document TEXT) RETURNS INTEGER
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
DECLARE
  h stock_movements_held;
  v_doc documents := caja_printed_document(p_terminal_id, p_document);
  v_carried JSONB;
  v_reason TEXT;
  v_released INTEGER := 0;
BEGIN
  IF v_doc.id_base_dato IS NULL THEN
    -- A number the server refused, its sale issued again under a new one: the movements stand on that one.
    SELECT d.* INTO v_doc FROM refused_documents r JOIN documents d ON d.replaces = r.id_base_dato AND d.terminal_id = r.terminal_id
     WHERE r.terminal_id = p_terminal_id AND caja_printed(r.series, r.number) = p_document ORDER BY d.pushed_at LIMIT 1;
  END IF;
  v_carried := caja_payload_quantities(v_doc.payload);
  FOR h IN SELECT * FROM stock_movements_held WHERE terminal_id = p_terminal_id AND document = p_document ORDER BY at, uid LOOP
    v_reason := caja_stock_movement_wait(h, v_doc, v_carried);
    IF v_reason IS NULL THEN
      INSERT INTO stock_movements (uid, terminal_id, product_code, kind, quantity, unit_cost, value, document, at, by_name, version, received_at, evidence)
      VALUES (h.uid, h.terminal_id, h.product_code, h.kind, h.quantity, h.unit_cost, h.value, h.document, h.at, h.by_name, nextval('stock_version'),
              h.received_at, 'document');
      INSERT INTO stock_balances AS b (product_code, quantity, value, movements) VALUES (h.product_code, h.quantity, h.value, 1)
      ON CONFLICT (product_code) DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity, value = b.value + EXCLUDED.value,
        movements = b.movements + 1, updated_at = now();
      DELETE FROM stock_movements_held WHERE uid = h.uid;
      v_released := v_released + 1;
    ELSIF v_reason IS DISTINCT FROM h.reason THEN
      UPDATE stock_movements_held SET reason = v_reason WHERE uid = h.uid;
    END IF;
  END LOOP;
  RETURN v_released;
END;
$$;

-- 0017's function, its shape checks unchanged: from a till's role, a sale, a return or a void is held and released
-- as its document allows; any other kind goes in as the till's claim. The office's go in at once.
CREATE OR REPLACE FUNCTION caja_put_stock_movements(p_terminal_id TEXT, p_rows JSONB) RETURNS INTEGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_number CONSTANT TEXT := '^-?[0-9]{1,15}(\.[0-9]{1,12})?$';
  v_till BOOLEAN := caja_is_till();
  v_new INTEGER;
  v_held INTEGER;
  v_documents JSONB;
  d TEXT;
BEGIN
  IF v_till AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
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
  PERFORM pg_advisory_xact_lock(4350017);
  WITH incoming AS (
    SELECT DISTINCT ON (e->>'uid') e FROM jsonb_array_elements(p_rows) e
     WHERE NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.uid = e->>'uid')
       AND NOT EXISTS (SELECT 1 FROM stock_movements_held h WHERE h.uid = e->>'uid')
     ORDER BY e->>'uid'
  ), held AS (
    INSERT INTO stock_movements_held (uid, terminal_id, product_code, kind, quantity, unit_cost, value, document, at, by_name, reason)
    SELECT i.e->>'uid', p_terminal_id, i.e->>'code', i.e->>'kind', (i.e->>'quantity')::NUMERIC, (i.e->>'unitCost')::NUMERIC,
           (i.e->>'value')::NUMERIC, i.e->>'document', (i.e->>'at')::TIMESTAMPTZ, i.e->>'by', 'recibido'
      FROM incoming i WHERE v_till AND i.e->>'kind' IN ('sale', 'return', 'void')
    RETURNING document
  ), inserted AS (
    INSERT INTO stock_movements (uid, terminal_id, product_code, kind, quantity, unit_cost, value, document, at, by_name, version, evidence)
    SELECT i.e->>'uid', p_terminal_id, i.e->>'code', i.e->>'kind', (i.e->>'quantity')::NUMERIC, (i.e->>'unitCost')::NUMERIC,
           (i.e->>'value')::NUMERIC, i.e->>'document', (i.e->>'at')::TIMESTAMPTZ, i.e->>'by', nextval('stock_version'),
           CASE WHEN v_till THEN 'claim' END
      FROM incoming i WHERE NOT (v_till AND i.e->>'kind' IN ('sale', 'return', 'void'))
    ON CONFLICT (uid) DO NOTHING
    RETURNING product_code, quantity, value
  ), moved AS (
    INSERT INTO stock_balances AS b (product_code, quantity, value, movements)
    SELECT product_code, sum(quantity), sum(value), count(*) FROM inserted GROUP BY product_code
    ON CONFLICT (product_code) DO UPDATE SET quantity = b.quantity + EXCLUDED.quantity, value = b.value + EXCLUDED.value,
      movements = b.movements + EXCLUDED.movements, updated_at = now()
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM inserted), (SELECT count(*) FROM held), (SELECT COALESCE(jsonb_agg(DISTINCT document), '[]') FROM held)
    INTO v_new, v_held, v_documents;
  FOR d IN SELECT jsonb_array_elements_text(v_documents) LOOP
    PERFORM caja_stock_release(p_terminal_id, d);
  END LOOP;
  RETURN v_new + v_held;
END;
$$;

-- A document arriving or changing (its acceptance, its void) may be what held entries and movements wait for: they
-- are worked out again in the document's own transaction.
CREATE FUNCTION caja_document_arrived() RETURNS TRIGGER
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c RECORD;
  v_locked BOOLEAN := FALSE;
  v_printed TEXT := caja_printed(NEW.series, NEW.number);
  v_replaced TEXT;
BEGIN
  -- Every push but a few: nothing held names this document (three index probes, no more).
  IF NEW.replaces IS NULL
     AND NOT EXISTS (SELECT 1 FROM account_entries_held WHERE applies_to = NEW.id_base_dato)
     AND NOT EXISTS (SELECT 1 FROM account_entries_held WHERE terminal_id = NEW.terminal_id AND document = v_printed)
     AND NOT EXISTS (SELECT 1 FROM stock_movements_held WHERE terminal_id = NEW.terminal_id AND document = v_printed) THEN
    RETURN NULL;
  END IF;
  -- A sale issued again names the refused one: what waited on that number waits on this document.
  v_replaced := (SELECT caja_printed(r.series, r.number) FROM refused_documents r WHERE r.terminal_id = NEW.terminal_id AND r.id_base_dato = NEW.replaces);
  FOR c IN SELECT doc_type, doc_number, array_agg(uid) AS uids FROM account_entries_held
            WHERE applies_to = NEW.id_base_dato OR applies_to = NEW.replaces OR (terminal_id = NEW.terminal_id AND document = v_printed)
            GROUP BY 1, 2 LOOP
    IF NOT v_locked THEN
      PERFORM pg_advisory_xact_lock(4350019);
      v_locked := TRUE;
    END IF;
    PERFORM caja_account_release(c.doc_type, c.doc_number, c.uids);
  END LOOP;
  IF EXISTS (SELECT 1 FROM stock_movements_held WHERE terminal_id = NEW.terminal_id AND document IN (v_printed, v_replaced)) THEN
    PERFORM pg_advisory_xact_lock(4350017);
    PERFORM caja_stock_release(NEW.terminal_id, v_printed);
    IF v_replaced IS NOT NULL THEN PERFORM caja_stock_release(NEW.terminal_id, v_replaced); END IF;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER documents_release_held AFTER INSERT ON documents
  FOR EACH ROW EXECUTE FUNCTION caja_document_arrived();
-- A push again of a document only reprinted, or with new events, changes nothing the checks read: no look.
CREATE TRIGGER documents_release_held_on_change AFTER UPDATE ON documents
  FOR EACH ROW WHEN ((OLD.status, OLD.void_status, OLD.total, OLD.customer_doc_type, OLD.customer_doc_number, OLD.modifies, OLD.replaces, OLD.payload)
    IS DISTINCT FROM (NEW.status, NEW.void_status, NEW.total, NEW.customer_doc_type, NEW.customer_doc_number, NEW.modifies, NEW.replaces, NEW.payload))
  EXECUTE FUNCTION caja_document_arrived();

REVOKE ALL ON FUNCTION caja_printed(TEXT, INTEGER), caja_printed_document(TEXT, TEXT), caja_sale_behind(TEXT, TEXT),
  caja_printed_as(TEXT, TEXT, TEXT, documents), caja_account_entry_wait(account_entries_held),
  caja_account_settle_held(account_entries_held, TEXT), caja_account_release(TEXT, TEXT, TEXT[]), caja_payload_quantities(TEXT),
  caja_stock_movement_wait(stock_movements_held, documents, JSONB), caja_stock_release(TEXT, TEXT), caja_document_arrived() FROM PUBLIC;
