-- Shop server 0016: the server decides what of a customer's cuota is collected. A customer may pay at any till, and a
-- till learns of another till's collection only when that till pushes it: two tills collecting the same cuota at the
-- same moment would both apply it. Now, before a till applies money to a cuota (a collection or a credit note on a
-- credit sale), it claims the amount here, in one transaction per cuota that counts every till's claims; what the
-- server does not grant goes to the customer's next cuota, or stays as credit in favour, and the till says so.
--
-- A claim is keyed by the till's entry and the cuota ('<entry uid>:<sale key>:<cuota>'), so a retry after a lost
-- answer is granted what the first call was, never twice. The cuota's amount is the one SUNAT received (the sale's
-- forma_pago on the server; a boleta on account is one cuota of its total); a sale the server does not hold yet is its
-- own till's, which says the amount.
CREATE TABLE account_claims (
  claim_key   TEXT PRIMARY KEY,
  -- documents.modifies of the sale's notes: '01-F001-12'.
  sale_key    TEXT NOT NULL,
  cuota       INTEGER NOT NULL CHECK (cuota > 0),
  terminal_id TEXT NOT NULL REFERENCES terminals (terminal_id),
  asked       NUMERIC(14, 2) NOT NULL CHECK (asked > 0),
  granted     NUMERIC(14, 2) NOT NULL CHECK (granted >= 0 AND granted <= asked),
  created_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX account_claims_cuota ON account_claims (sale_key, cuota);

-- Claims p_amount of a cuota for a till; answers {"granted": "x.xx", "open": "y.yy"}: what this claim may apply and
-- what the cuota still has open after it. The same claim key again answers what it was granted the first time.
CREATE FUNCTION caja_claim_cuota(p_claim_key TEXT, p_sale_key TEXT, p_cuota INTEGER, p_terminal_id TEXT, p_due NUMERIC, p_amount NUMERIC)
RETURNS JSONB
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  m TEXT[];
  v_claim RECORD;
  v_payload JSONB;
  v_total NUMERIC;
  v_due NUMERIC;
  v_claimed NUMERIC;
  v_granted NUMERIC;
BEGIN
  IF caja_is_till() AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
    RAISE EXCEPTION 'Una caja solo cobra a su nombre.' USING ERRCODE = '42501';
  END IF;
  m := regexp_match(COALESCE(p_sale_key, ''), '^(0[13])-([A-Z0-9]{4})-([0-9]{1,8})$');
  IF m IS NULL OR p_claim_key IS NULL OR length(p_claim_key) > 200 OR p_cuota IS NULL OR p_cuota NOT BETWEEN 1 AND 999
     OR p_amount IS NULL OR p_amount <= 0 OR p_amount >= 1e12 OR p_due IS NULL OR p_due <= 0 OR p_due >= 1e12 THEN
    RAISE EXCEPTION 'Cobro no válido' USING ERRCODE = '22023';
  END IF;
  -- One cuota at a time: every till's claim on it waits for the one before to commit.
  PERFORM pg_advisory_xact_lock(4350016, hashtext(p_sale_key || ':' || p_cuota));

  SELECT * INTO v_claim FROM account_claims WHERE claim_key = p_claim_key;
  IF FOUND THEN
    IF v_claim.sale_key <> p_sale_key OR v_claim.cuota <> p_cuota OR v_claim.terminal_id <> p_terminal_id OR v_claim.asked <> p_amount THEN
      RAISE EXCEPTION 'La clave del cobro ya se usó para otro' USING ERRCODE = '22023';
    END IF;
    SELECT COALESCE(sum(granted), 0) INTO v_claimed FROM account_claims WHERE sale_key = p_sale_key AND cuota = p_cuota;
    RETURN jsonb_build_object('granted', to_char(v_claim.granted, 'FM999999999990.00'), 'open', to_char(GREATEST(p_due - v_claimed, 0), 'FM999999999990.00'));
  END IF;

  -- The cuota as SUNAT received it, when the server holds the sale.
  SELECT d.payload::JSONB, d.total INTO v_payload, v_total FROM documents d WHERE d.doc_type = m[1] AND d.series = m[2] AND d.number = m[3]::INTEGER;
  v_due := p_due;
  IF FOUND THEN
    SELECT (e->>'monto')::NUMERIC INTO v_due FROM jsonb_array_elements(COALESCE(v_payload->'forma_pago', '[]')) e
     WHERE e->>'tipo' = 'CREDITO' AND (e->>'cuota')::INTEGER = p_cuota;
    IF v_due IS NULL THEN
      v_due := CASE WHEN p_cuota = 1 AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(COALESCE(v_payload->'forma_pago', '[]')) e WHERE e->>'tipo' = 'CREDITO')
                    THEN v_total ELSE p_due END;
    END IF;
  END IF;
  SELECT COALESCE(sum(granted), 0) INTO v_claimed FROM account_claims WHERE sale_key = p_sale_key AND cuota = p_cuota;
  v_granted := LEAST(p_amount, GREATEST(v_due - v_claimed, 0));
  INSERT INTO account_claims (claim_key, sale_key, cuota, terminal_id, asked, granted)
  VALUES (p_claim_key, p_sale_key, p_cuota, p_terminal_id, p_amount, v_granted);
  RETURN jsonb_build_object('granted', to_char(v_granted, 'FM999999999990.00'), 'open', to_char(GREATEST(v_due - v_claimed - v_granted, 0), 'FM999999999990.00'));
END;
$$;

REVOKE ALL ON FUNCTION caja_claim_cuota(TEXT, TEXT, INTEGER, TEXT, NUMERIC, NUMERIC) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    GRANT EXECUTE ON FUNCTION caja_claim_cuota(TEXT, TEXT, INTEGER, TEXT, NUMERIC, NUMERIC) TO caja_tills;
    -- A till reads the claims, to show what every till collected of a cuota.
    GRANT SELECT ON account_claims TO caja_tills;
  END IF;
END;
$$;
