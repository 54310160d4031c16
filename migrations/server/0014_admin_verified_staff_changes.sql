-- Shop server 0014: a staff change made at a till reaches every till when an administrator the server itself verifies
-- stands behind it. Since 0012 a till's role applies no privileged record (caja_put_record lists it for the office):
-- a PIN hash proves nothing, every till's role reads them. What the server can check is a secret no till's role can
-- read: each administrator's PIN, kept here as a bcrypt hash (pgcrypto's crypt) in a table only the owner reads.
--
-- 1. The office (the owner's connection) sets an administrator's credential whenever it learns their PIN (a sign-in,
--    a PIN saved, a recovery at the office): caja_set_admin_credential. A till's role may not. A credential counts
--    only while the staff row still has the PIN hash it was set with, so a PIN changed elsewhere retires it.
-- 2. A till sends the change with the administrator's PIN typed there (over the shop's TLS): caja_admin_put_user
--    checks it against the credential, with its own attempt limit (5 wrong PINs for an administrator start a 15-minute
--    wait for that administrator's credential, again after each 5 more), then writes the staff row as the office
--    would, stamped by the server, `updated_by` naming the till and the administrator. It never leaves the shop
--    without an active administrator. A new PIN for an administrator comes with its credential.
-- 3. Answers an outcome instead of raising, so the failure it counts is committed.
--
-- pgcrypto is a trusted extension: the database's owner creates it (the cluster Caja hosts runs as its superuser). No
-- cryptography is written in SQL here. A server where the owner may not create it still migrates: the verified change
-- then fails as a server error, and the tills keep listing their staff edits for the office as before.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pgcrypto;
EXCEPTION WHEN insufficient_privilege OR undefined_file THEN
  RAISE NOTICE 'pgcrypto no disponible: los cambios de personal verificados no se aplicarán';
END;
$$;

CREATE TABLE admin_credentials (
  staff_key  TEXT PRIMARY KEY,
  -- crypt(pin, gen_salt('bf', 10)).
  hash       TEXT NOT NULL,
  -- The staff row's pin_hash when it was set: the credential counts only while the row still has it.
  pin_hash   TEXT NOT NULL,
  failures   INTEGER NOT NULL DEFAULT 0 CHECK (failures >= 0),
  wait_until TIMESTAMPTZ,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
REVOKE ALL ON admin_credentials FROM PUBLIC;

-- The office's: an administrator's PIN as the server will check it. False from a till's role (nothing stored).
CREATE FUNCTION caja_set_admin_credential(p_key TEXT, p_pin TEXT, p_pin_hash TEXT) RETURNS BOOLEAN
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF caja_is_till() OR p_pin !~ '^\d{4,6}$' OR octet_length(p_key) > 200 OR octet_length(p_pin_hash) > 400 THEN
    RETURN FALSE;
  END IF;
  INSERT INTO admin_credentials AS c (staff_key, hash, pin_hash) VALUES (p_key, crypt(p_pin, gen_salt('bf', 10)), p_pin_hash)
  ON CONFLICT (staff_key) DO UPDATE SET hash = EXCLUDED.hash, pin_hash = EXCLUDED.pin_hash, failures = 0, wait_until = NULL, updated_at = now();
  RETURN TRUE;
END;
$$;

-- A staff change with an administrator's proof. outcome: 'applied' (version, value: the row written), 'wrong_pin',
-- 'waiting' (wait_seconds), 'no_credential' (the office has not set one for that PIN), 'refused' (message).
CREATE FUNCTION caja_admin_put_user(p_admin_key TEXT, p_admin_pin TEXT, p_key TEXT, p_wanted JSONB, p_new_pin TEXT)
RETURNS TABLE (outcome TEXT, version BIGINT, value JSONB, wait_seconds INTEGER, message TEXT)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_failures_per_wait CONSTANT INTEGER := 5;
  c_wait CONSTANT INTERVAL := interval '15 minutes';
  v_admin staff%ROWTYPE;
  v_cred admin_credentials%ROWTYPE;
  v_current staff%ROWTYPE;
  v_new BIGINT;
  v_by TEXT;
BEGIN
  PERFORM pg_advisory_xact_lock(4350002);
  IF octet_length(p_admin_key) > 200 OR octet_length(p_key) > 200 OR octet_length(p_wanted::TEXT) > 65536
     OR p_admin_pin IS NULL OR p_admin_pin !~ '^\d{4,6}$' OR (p_new_pin IS NOT NULL AND p_new_pin !~ '^\d{4,6}$') THEN
    RETURN QUERY SELECT 'refused', NULL::BIGINT, NULL::JSONB, NULL::INTEGER, 'Cambio no válido.';
    RETURN;
  END IF;
  SELECT * INTO v_admin FROM staff s WHERE s.key = p_admin_key;
  SELECT * INTO v_cred FROM admin_credentials c WHERE c.staff_key = p_admin_key FOR UPDATE;
  IF v_admin.key IS NULL OR v_admin.role <> 'administrador' OR NOT v_admin.active
     OR v_cred.staff_key IS NULL OR v_cred.pin_hash <> v_admin.pin_hash THEN
    RETURN QUERY SELECT 'no_credential', NULL::BIGINT, NULL::JSONB, NULL::INTEGER,
      'El servidor no puede verificar a este administrador: ingrese una vez con su PIN en la oficina.';
    RETURN;
  END IF;
  IF v_cred.wait_until IS NOT NULL AND v_cred.wait_until > now() THEN
    RETURN QUERY SELECT 'waiting', NULL::BIGINT, NULL::JSONB, ceil(extract(epoch FROM v_cred.wait_until - now()))::INTEGER, NULL::TEXT;
    RETURN;
  END IF;
  IF crypt(p_admin_pin, v_cred.hash) <> v_cred.hash THEN
    UPDATE admin_credentials c SET failures = c.failures + 1,
           wait_until = CASE WHEN (c.failures + 1) % c_failures_per_wait = 0 THEN now() + c_wait ELSE c.wait_until END
     WHERE c.staff_key = p_admin_key;
    RETURN QUERY SELECT CASE WHEN (v_cred.failures + 1) % c_failures_per_wait = 0 THEN 'waiting' ELSE 'wrong_pin' END,
      NULL::BIGINT, NULL::JSONB, CASE WHEN (v_cred.failures + 1) % c_failures_per_wait = 0 THEN extract(epoch FROM c_wait)::INTEGER END, NULL::TEXT;
    RETURN;
  END IF;
  UPDATE admin_credentials c SET failures = 0, wait_until = NULL WHERE c.staff_key = p_admin_key;

  IF jsonb_typeof(p_wanted) IS DISTINCT FROM 'object' OR jsonb_typeof(p_wanted->'name') <> 'string' OR jsonb_typeof(p_wanted->'pinHash') <> 'string'
     OR jsonb_typeof(p_wanted->'pinSalt') <> 'string' OR jsonb_typeof(p_wanted->'active') <> 'boolean'
     OR p_wanted->>'role' NOT IN ('cajero', 'supervisor', 'administrador') OR length(p_wanted->>'name') NOT BETWEEN 2 AND 40 THEN
    RETURN QUERY SELECT 'refused', NULL::BIGINT, NULL::JSONB, NULL::INTEGER, 'Cambio no válido.';
    RETURN;
  END IF;
  SELECT * INTO v_current FROM staff s WHERE s.key = p_key FOR UPDATE;
  -- The shop keeps an active administrator.
  IF v_current.key IS NOT NULL AND v_current.role = 'administrador' AND v_current.active
     AND NOT (p_wanted->>'role' = 'administrador' AND (p_wanted->>'active')::BOOLEAN)
     AND NOT EXISTS (SELECT 1 FROM staff s WHERE s.key <> p_key AND s.role = 'administrador' AND s.active) THEN
    RETURN QUERY SELECT 'refused', NULL::BIGINT, NULL::JSONB, NULL::INTEGER, 'Debe quedar al menos un administrador activo.';
    RETURN;
  END IF;

  v_by := left(caja_till_name() || ' (autorizó ' || v_admin.name || ')', 100);
  v_new := nextval('change_version');
  INSERT INTO staff AS s (key, name, role, pin_hash, pin_salt, active, version, security_version, updated_by)
  VALUES (p_key, p_wanted->>'name', p_wanted->>'role', p_wanted->>'pinHash', p_wanted->>'pinSalt', (p_wanted->>'active')::BOOLEAN, v_new, v_new, v_by)
  ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, pin_hash = EXCLUDED.pin_hash, pin_salt = EXCLUDED.pin_salt,
    active = EXCLUDED.active, version = EXCLUDED.version, security_version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now();
  -- An administrator's new PIN comes with its credential; anyone else has none.
  IF p_wanted->>'role' = 'administrador' AND p_new_pin IS NOT NULL THEN
    INSERT INTO admin_credentials AS c (staff_key, hash, pin_hash) VALUES (p_key, crypt(p_new_pin, gen_salt('bf', 10)), p_wanted->>'pinHash')
    ON CONFLICT (staff_key) DO UPDATE SET hash = EXCLUDED.hash, pin_hash = EXCLUDED.pin_hash, failures = 0, wait_until = NULL, updated_at = now();
  ELSIF p_wanted->>'role' <> 'administrador' THEN
    DELETE FROM admin_credentials c WHERE c.staff_key = p_key;
  END IF;
  RETURN QUERY SELECT 'applied', v_new,
    jsonb_build_object('name', p_wanted->>'name', 'role', p_wanted->>'role', 'pinHash', p_wanted->>'pinHash', 'pinSalt', p_wanted->>'pinSalt',
                       'active', (p_wanted->>'active')::BOOLEAN), NULL::INTEGER, NULL::TEXT;
END;
$$;

REVOKE ALL ON FUNCTION caja_set_admin_credential(TEXT, TEXT, TEXT) FROM PUBLIC;
REVOKE ALL ON FUNCTION caja_admin_put_user(TEXT, TEXT, TEXT, JSONB, TEXT) FROM PUBLIC;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    -- A till calls it to be refused (caja_set_admin_credential answers false to a till) and to apply a verified change.
    GRANT EXECUTE ON FUNCTION caja_set_admin_credential(TEXT, TEXT, TEXT), caja_admin_put_user(TEXT, TEXT, TEXT, JSONB, TEXT) TO caja_tills;
    REVOKE ALL ON admin_credentials FROM caja_tills;
  END IF;
END;
$$;
