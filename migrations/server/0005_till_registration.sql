-- Shop server 0005: a till registers with a one-time code the office shows. The server Caja hosts
-- (electron/core/server-host) connects as its owner role; a new till connects once as `caja_registro`, a role that can
-- only call caja_register_till(code, name). A valid, unused, unexpired code creates a login role of that till's own
-- (member of `caja_tills`) and answers its name and password; the code is spent. Ten wrong codes spend all open codes.
CREATE TABLE till_registration_codes (
  code_hash    TEXT PRIMARY KEY,
  created_at   TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at   TIMESTAMPTZ NOT NULL,
  used_at      TIMESTAMPTZ,
  used_by_role TEXT
);

CREATE TABLE till_registration_failures (
  failed_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE till_roles (
  role_name     TEXT PRIMARY KEY,
  till_name     TEXT NOT NULL,
  registered_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The shop's CA certificate (public): a registering till fetches it, checks it against the fingerprint in the code,
-- then reconnects verifying the server with it before it sends the code's secret half.
CREATE TABLE shop_authority (
  id     INTEGER PRIMARY KEY CHECK (id = 1),
  ca_pem TEXT NOT NULL
);

CREATE FUNCTION caja_shop_authority() RETURNS TEXT
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT ca_pem FROM shop_authority WHERE id = 1
$$;

CREATE FUNCTION caja_register_till(p_code TEXT, p_till_name TEXT)
RETURNS TABLE (role_name TEXT, role_password TEXT)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_hash TEXT := encode(sha256(convert_to(upper(replace(btrim(p_code), '-', '')), 'UTF8')), 'hex');
  v_role TEXT;
  v_password TEXT := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
BEGIN
  IF p_till_name IS NULL OR length(btrim(p_till_name)) = 0 OR length(p_till_name) > 100 THEN
    RAISE EXCEPTION 'Nombre de caja no válido' USING ERRCODE = '22023';
  END IF;
  UPDATE till_registration_codes SET used_at = now()
   WHERE code_hash = v_hash AND used_at IS NULL AND expires_at > now();
  IF NOT FOUND THEN
    INSERT INTO till_registration_failures DEFAULT VALUES;
    IF (SELECT count(*) FROM till_registration_failures WHERE failed_at > now() - interval '1 day') >= 10 THEN
      UPDATE till_registration_codes SET used_at = now(), used_by_role = '(bloqueado)' WHERE used_at IS NULL;
    END IF;
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
REVOKE ALL ON FUNCTION caja_shop_authority() FROM PUBLIC;

-- The roles are the cluster's: created only where this migration runs with the right to create roles (the server
-- Caja hosts; a PostgreSQL set up by hand keeps the accounts it was given and never uses codes).
DO $$
BEGIN
  IF NOT (SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user) THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    CREATE ROLE caja_tills NOLOGIN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_registro') THEN
    -- Its password is no secret (every till knows it): all it may do is spend a one-time code.
    CREATE ROLE caja_registro LOGIN PASSWORD 'caja_registro' CONNECTION LIMIT 5;
  END IF;
  GRANT EXECUTE ON FUNCTION caja_register_till(TEXT, TEXT), caja_shop_authority() TO caja_registro;
  -- The tills' rights until row-level security narrows them: the shop's tables, never the codes.
  GRANT USAGE ON SCHEMA public TO caja_tills;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO caja_tills;
  REVOKE ALL ON till_registration_codes, till_registration_failures, till_roles, shop_authority FROM caja_tills;
  GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO caja_tills;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO caja_tills;
  ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO caja_tills;
END;
$$;
