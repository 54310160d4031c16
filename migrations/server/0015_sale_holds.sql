-- Shop server 0015: the server decides what is left of a sale. A note's till learns of another till's note on the same
-- sale only when that till pushes it, so two tills returning one sale at the same moment both succeeded, a till with a
-- pulled cable hid its notes for hours, and a void raced the notes of other tills. Now, before a till spends a note
-- number or hands out cash on a sale, it holds the note's amount and lines here, in one transaction that counts every
-- till's holds and notes; a void holds the sale whole the same way. A hold is keyed by the note's id_Base_Dato (by
-- 'void:' and the sale's key for a void), so the pushed note and its hold are one, and a retry holds nothing twice.
--
-- What counts against a sale: every hold not released whose note is not on the server as rejected or conflict (a
-- note SUNAT refused took nothing), plus the notes on the server with no open hold (made before this migration, by a
-- till with no server at hand — offline a till credits only its own sales, against its own ledger — or whose hold
-- was released although the note was issued: a till restored from a copy older than its note no longer has it). A till releases
-- its own hold when its note was never stored, or its void was refused; it cannot release another till's.
CREATE TABLE sale_holds (
  hold_key    TEXT PRIMARY KEY,
  -- documents.modifies of its notes: '03-B001-24'.
  sale_key    TEXT NOT NULL,
  kind        TEXT NOT NULL CHECK (kind IN ('07', '08', 'void')),
  terminal_id TEXT NOT NULL REFERENCES terminals (terminal_id),
  amount      NUMERIC(14, 2) NOT NULL CHECK (amount >= 0),
  -- A whole return (reasons 01, 02, 06): nothing else may be credited before or after it.
  whole       BOOLEAN NOT NULL DEFAULT FALSE,
  -- [{"line": 1, "quantity": "2"}]: the sale's lines (1-based) a return takes back.
  lines       JSONB NOT NULL DEFAULT '[]',
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now(),
  released_at TIMESTAMPTZ
);
CREATE INDEX sale_holds_open ON sale_holds (sale_key) WHERE released_at IS NULL;
CREATE INDEX sale_holds_terminal_open ON sale_holds (terminal_id) WHERE released_at IS NULL;

-- The holds and notes that count against a sale now (see above): one row each, with its amount and lines.
CREATE FUNCTION caja_sale_counted(p_sale_key TEXT)
RETURNS TABLE (kind TEXT, amount NUMERIC, whole BOOLEAN, lines JSONB, terminal_id TEXT)
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT h.kind, h.amount, h.whole, h.lines, h.terminal_id
    FROM sale_holds h LEFT JOIN documents d ON d.id_base_dato = h.hold_key
   WHERE h.sale_key = p_sale_key AND h.released_at IS NULL AND (d.status IS NULL OR d.status NOT IN ('rejected', 'conflict'))
  UNION ALL
  SELECT d.doc_type, CASE WHEN d.doc_type = '07' THEN d.total ELSE 0 END, FALSE, NULL::JSONB, d.terminal_id
    FROM documents d
   WHERE d.modifies = p_sale_key AND d.doc_type IN ('07', '08') AND d.status NOT IN ('rejected', 'conflict')
     AND NOT EXISTS (SELECT 1 FROM sale_holds h WHERE h.hold_key = d.id_base_dato AND h.released_at IS NULL)
$$;

-- Holds a note's amount and lines, or a void, on a sale; answers {"ok": true} or {"ok": false, "code": ..., "message":
-- "..."} in Spanish (code: voided, exceeds, has_notes, released). The same hold key again answers as the first time did
-- (a retry after a lost answer); a void released (refused by SUNAT or the API) may be held again when it is retried.
CREATE FUNCTION caja_hold_sale(p_hold_key TEXT, p_sale_key TEXT, p_kind TEXT, p_terminal_id TEXT, p_amount NUMERIC, p_whole BOOLEAN, p_lines JSONB)
RETURNS JSONB
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  m TEXT[];
  v_label TEXT;
  v_sale RECORD;
  v_held RECORD;
  v_credited NUMERIC := 0;
  v_whole BOOLEAN := FALSE;
  v_notes INTEGER := 0;
  v_void BOOLEAN := FALSE;
  v_line RECORD;
  v_sold NUMERIC;
  v_taken NUMERIC;
BEGIN
  IF caja_is_till() AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
    RAISE EXCEPTION 'Una caja solo reserva a su nombre.' USING ERRCODE = '42501';
  END IF;
  m := regexp_match(COALESCE(p_sale_key, ''), '^(0[13])-([A-Z0-9]{4})-([0-9]{1,8})$');
  IF m IS NULL OR p_hold_key IS NULL OR length(p_hold_key) > 100 OR p_kind IS NULL OR p_kind NOT IN ('07', '08', 'void')
     OR p_amount IS NULL OR p_amount < 0 OR p_amount >= 1e12 OR jsonb_typeof(COALESCE(p_lines, '[]')) <> 'array'
     OR jsonb_array_length(COALESCE(p_lines, '[]')) > 1000 THEN
    RAISE EXCEPTION 'Reserva no válida' USING ERRCODE = '22023';
  END IF;
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(p_lines, '[]')) e
              WHERE jsonb_typeof(e->'line') <> 'number' OR (e->>'line')::NUMERIC NOT BETWEEN 1 AND 100000
                 OR (e->>'quantity') !~ '^[0-9]{1,12}(\.[0-9]{1,10})?$' OR (e->>'quantity')::NUMERIC <= 0) THEN
    RAISE EXCEPTION 'Reserva no válida' USING ERRCODE = '22023';
  END IF;
  v_label := m[2] || '-' || lpad(m[3], 8, '0');
  -- One sale at a time: every till's hold on this sale waits for the one before to commit.
  PERFORM pg_advisory_xact_lock(4350015, hashtext(p_sale_key));

  SELECT * INTO v_held FROM sale_holds WHERE hold_key = p_hold_key;
  IF FOUND THEN
    IF v_held.sale_key <> p_sale_key OR v_held.terminal_id <> p_terminal_id OR v_held.kind <> p_kind THEN
      RAISE EXCEPTION 'La clave de la reserva ya se usó para otra' USING ERRCODE = '22023';
    END IF;
    IF v_held.released_at IS NULL THEN
      RETURN jsonb_build_object('ok', TRUE);
    END IF;
    IF p_kind <> 'void' THEN
      RETURN jsonb_build_object('ok', FALSE, 'code', 'released', 'message', 'La reserva sobre ' || v_label || ' ya se liberó: vuelva a intentar la operación.');
    END IF;
  END IF;

  SELECT d.total, d.payload, d.void_status INTO v_sale
    FROM documents d WHERE d.doc_type = m[1] AND d.series = m[2] AND d.number = m[3]::INTEGER;
  -- A void stands from its request until SUNAT or the API refuses it (its till's statuses, voids.status).
  v_void := (FOUND AND v_sale.void_status IN ('pending', 'sending', 'voided', 'attention'))
         OR EXISTS (SELECT 1 FROM caja_sale_counted(p_sale_key) c WHERE c.kind = 'void');
  SELECT COALESCE(sum(c.amount) FILTER (WHERE c.kind = '07'), 0), COALESCE(bool_or(c.whole), FALSE), count(*) FILTER (WHERE c.kind IN ('07', '08'))
    INTO v_credited, v_whole, v_notes FROM caja_sale_counted(p_sale_key) c;

  IF p_kind = 'void' THEN
    IF v_notes > 0 THEN
      RETURN jsonb_build_object('ok', FALSE, 'code', 'has_notes', 'message', v_label || ' ya tiene notas de crédito o débito en alguna caja de la tienda: no se anula.');
    END IF;
  ELSE
    IF v_void THEN
      RETURN jsonb_build_object('ok', FALSE, 'code', 'voided', 'message', v_label || ' tiene una anulación en curso o aceptada en alguna caja de la tienda: no admite notas.');
    END IF;
    IF p_kind = '07' AND v_whole THEN
      RETURN jsonb_build_object('ok', FALSE, 'code', 'exceeds', 'message', v_label || ' ya se anuló o devolvió completo con una nota de crédito: no admite más notas.');
    END IF;
    IF p_kind = '07' AND p_whole AND v_credited > 0 THEN
      RETURN jsonb_build_object('ok', FALSE, 'code', 'exceeds', 'message', v_label || ' ya tiene notas de crédito: no se puede devolver o anular completo. Elija las líneas o el monto que quedan.');
    END IF;
    -- A sale the server does not hold yet is its own till's (no other till can find it): that till counts it itself.
    IF p_kind = '07' AND v_sale.total IS NOT NULL THEN
      IF p_amount > v_sale.total - v_credited THEN
        RETURN jsonb_build_object('ok', FALSE, 'code', 'exceeds', 'message', 'La nota excede lo que queda de ' || v_label || ': quedan ' || to_char(GREATEST(v_sale.total - v_credited, 0), 'FM999999999990.00') || ' de ' || to_char(v_sale.total, 'FM999999999990.00') || ' (contando las notas de todas las cajas).');
      END IF;
      FOR v_line IN SELECT (e->>'line')::INTEGER AS line, sum((e->>'quantity')::NUMERIC) AS quantity FROM jsonb_array_elements(COALESCE(p_lines, '[]')) e GROUP BY 1 ORDER BY 1 LOOP
        BEGIN
          v_sold := ((v_sale.payload::JSONB)->'detalle'->(v_line.line - 1)->>'cantidad')::NUMERIC;
        EXCEPTION WHEN OTHERS THEN
          v_sold := NULL;
        END;
        IF v_sold IS NULL THEN
          RETURN jsonb_build_object('ok', FALSE, 'code', 'exceeds', 'message', 'No se puede leer la línea ' || v_line.line || ' de ' || v_label || ' en el servidor de la tienda.');
        END IF;
        SELECT COALESCE(sum((e->>'quantity')::NUMERIC), 0) INTO v_taken
          FROM caja_sale_counted(p_sale_key) c, jsonb_array_elements(COALESCE(c.lines, '[]')) e
         WHERE c.kind = '07' AND (e->>'line')::INTEGER = v_line.line;
        IF v_line.quantity > v_sold - v_taken THEN
          RETURN jsonb_build_object('ok', FALSE, 'code', 'exceeds', 'message', 'La devolución excede lo que queda de ' || v_label || ': de la línea ' || v_line.line || ' quedan ' || trim(trailing '.' FROM trim(trailing '0' FROM to_char(GREATEST(v_sold - v_taken, 0), 'FM999999999990.0000000000'))) || ' por devolver (contando las notas de todas las cajas).');
        END IF;
      END LOOP;
    END IF;
  END IF;

  INSERT INTO sale_holds (hold_key, sale_key, kind, terminal_id, amount, whole, lines)
  VALUES (p_hold_key, p_sale_key, p_kind, p_terminal_id, p_amount, COALESCE(p_whole, FALSE), COALESCE(p_lines, '[]'))
  ON CONFLICT (hold_key) DO UPDATE SET released_at = NULL, created_at = now();
  RETURN jsonb_build_object('ok', TRUE);
END;
$$;

-- A till releases its own hold (a note never stored, a void refused); true when this call released it.
CREATE FUNCTION caja_release_hold(p_hold_key TEXT, p_terminal_id TEXT) RETURNS BOOLEAN
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_count INTEGER;
BEGIN
  IF caja_is_till() AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
    RAISE EXCEPTION 'Una caja solo libera sus propias reservas.' USING ERRCODE = '42501';
  END IF;
  UPDATE sale_holds SET released_at = now() WHERE hold_key = p_hold_key AND terminal_id = p_terminal_id AND released_at IS NULL;
  GET DIAGNOSTICS v_count = ROW_COUNT;
  RETURN v_count > 0;
END;
$$;

REVOKE ALL ON FUNCTION caja_sale_counted(TEXT) FROM PUBLIC;
REVOKE ALL ON FUNCTION caja_hold_sale(TEXT, TEXT, TEXT, TEXT, NUMERIC, BOOLEAN, JSONB) FROM PUBLIC;
REVOKE ALL ON FUNCTION caja_release_hold(TEXT, TEXT) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    GRANT EXECUTE ON FUNCTION caja_hold_sale(TEXT, TEXT, TEXT, TEXT, NUMERIC, BOOLEAN, JSONB), caja_release_hold(TEXT, TEXT) TO caja_tills;
    -- A till reads its own open holds, to release those whose note it never stored.
    GRANT SELECT ON sale_holds TO caja_tills;
  END IF;
END;
$$;
