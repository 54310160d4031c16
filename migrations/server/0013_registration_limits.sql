-- Shop server 0013: registration that the LAN cannot break. caja_registro's password is public, so anyone on the LAN
-- can try codes. Before, ten wrong codes a day spent every open code, the office's valid one and any made later that
-- day: a neighbour could stop the shop from adding a till. Now a failure counts against the address it came from: five
-- wrong codes from one address within 15 minutes refuse that address for the rest of the window, and no code is ever
-- spent by somebody else's wrong guesses. A code's secret has about 39 bits and lives 24 hours, so even many addresses
-- guessing at 20 an hour each stay far from finding one. Idle or endless sessions of caja_registro are cut, so a few
-- connections held open cannot use up its connection limit.
ALTER TABLE till_registration_failures ADD COLUMN source INET;
CREATE INDEX till_registration_failures_source ON till_registration_failures (source, failed_at);

CREATE OR REPLACE FUNCTION caja_register_till(p_code TEXT, p_till_name TEXT)
RETURNS TABLE (role_name TEXT, role_password TEXT)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_hash TEXT := encode(sha256(convert_to(upper(replace(btrim(p_code), '-', '')), 'UTF8')), 'hex');
  v_role TEXT;
  v_password TEXT := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  -- A local socket has no address: it counts as one source of its own.
  v_source INET := coalesce(inet_client_addr(), '0.0.0.0'::inet);
BEGIN
  IF p_till_name IS NULL OR length(btrim(p_till_name)) = 0 OR length(p_till_name) > 100 THEN
    RAISE EXCEPTION 'Nombre de caja no válido' USING ERRCODE = '22023';
  END IF;
  IF (SELECT count(*) FROM till_registration_failures
       WHERE source = v_source AND failed_at > now() - interval '15 minutes') >= 5 THEN
    RAISE EXCEPTION 'Demasiados códigos equivocados desde esta dirección: espere 15 minutos y vuelva a intentarlo.'
      USING ERRCODE = 'CJ429';
  END IF;
  UPDATE till_registration_codes SET used_at = now()
   WHERE code_hash = v_hash AND used_at IS NULL AND expires_at > now();
  IF NOT FOUND THEN
    DELETE FROM till_registration_failures WHERE failed_at < now() - interval '1 day';
    INSERT INTO till_registration_failures (source) VALUES (v_source);
    RETURN; -- no row: the caller says "código no válido o vencido"
  END IF;
  v_role := 'caja_till_' || replace(gen_random_uuid()::text, '-', '');
  EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L IN ROLE caja_tills', v_role, v_password);
  UPDATE till_registration_codes SET used_by_role = v_role WHERE code_hash = v_hash;
  INSERT INTO till_roles (role_name, till_name) VALUES (v_role, btrim(p_till_name));
  RETURN QUERY SELECT v_role, v_password;
END;
$$;

REVOKE ALL ON FUNCTION caja_register_till(TEXT, TEXT) FROM PUBLIC;

-- Codes spent by the old rule (nobody registered with them) are open again while they have not expired.
UPDATE till_registration_codes SET used_at = NULL, used_by_role = NULL WHERE used_by_role = '(bloqueado)';

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_registro') THEN
    RETURN;
  END IF;
  GRANT EXECUTE ON FUNCTION caja_register_till(TEXT, TEXT) TO caja_registro;
  IF (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
    -- A registration is one short call: a session idle for 15 s, or a statement running 5 s, is not a till registering.
    ALTER ROLE caja_registro CONNECTION LIMIT 20;
    ALTER ROLE caja_registro SET idle_session_timeout = '15s';
    ALTER ROLE caja_registro SET idle_in_transaction_session_timeout = '5s';
    ALTER ROLE caja_registro SET statement_timeout = '5s';
  END IF;
END
$$;
