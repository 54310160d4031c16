-- Shop server 0008: the server is the authority.
--
-- 1. Shared records (products, staff, shop-wide settings) are written only through caja_put_record, which applies
--    the one conflict rule below under the write lock; tills keep read access and lose direct writes. A till
--    (a member of caja_tills) cannot give anyone a role higher than they had: that is the office's.
-- 2. Row-level security: a till writes only its own terminal's rows (documents, refused documents, series claims,
--    its terminal row); it reads the whole shop ("Todas las cajas").
--
-- The rule, for a record and a till's edit made on server version `base` (NULL: never seen on the server):
--   1. No record yet                                  -> applied.
--   2. The same value already                         -> nothing to do.
--   3. base is the current version                    -> applied.
--   4. The server moved on (products, settings)       -> the server's stays; the edit is kept as "no aplicado".
--   5. The server moved on (a staff member):
--      a. role, PIN and active did not change since base -> the till's role, PIN and active are applied over the
--         server's record (a deactivation, a PIN or a role change wins over a concurrent edit of the same person);
--         the rest of the edit, if different, is kept as "no aplicado".
--      b. they changed                              -> the server's stays, except that a deactivation from either side
--         wins; what was not applied is kept.
-- A retired name (a person renamed at a till: p_wanted NULL) is deactivated on the server.

-- The role that first registered a terminal id (register.ts); a till's rows are those of its terminals.
ALTER TABLE terminals ADD COLUMN role_name TEXT;

-- Whether the connected role is a till's (a direct member of caja_tills). Not pg_has_role: a superuser (the office on
-- a server it hosts) "has" every role.
CREATE FUNCTION caja_is_till() RETURNS BOOLEAN
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid JOIN pg_roles u ON u.oid = m.member
                  WHERE g.rolname = 'caja_tills' AND u.rolname = session_user)
$$;

CREATE FUNCTION caja_role_rank(p_role TEXT) RETURNS INTEGER
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE p_role WHEN 'cajero' THEN 1 WHEN 'supervisor' THEN 2 WHEN 'administrador' THEN 3 ELSE 99 END
$$;

CREATE FUNCTION caja_put_record(p_kind TEXT, p_key TEXT, p_base BIGINT, p_wanted JSONB, p_terminal TEXT)
RETURNS TABLE (version BIGINT, value JSONB, own BOOLEAN)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_server_newer CONSTANT TEXT := 'El registro cambió en el servidor mientras esta caja estaba sin conexión: se mantuvo el del servidor.';
  c_deactivation CONSTANT TEXT := 'La persona fue desactivada en otra caja: la desactivación prevalece.';
  c_security CONSTANT TEXT := 'El rol, el PIN o el estado de la persona cambió en el servidor: prevalece ese cambio.';
  c_promotion CONSTANT TEXT := 'Una caja no puede dar a nadie un rol mayor del que tenía: hágalo en la oficina.';
  v_current JSONB;
  v_version BIGINT;
  v_security BIGINT;
  v_wanted JSONB := p_wanted;
  v_write JSONB;
  v_unapplied TEXT;
  v_new BIGINT;
  v_security_fields TEXT[] := ARRAY['role', 'pinHash', 'pinSalt', 'active'];
BEGIN
  PERFORM pg_advisory_xact_lock(4350002);
  IF p_kind = 'product' THEN
    SELECT jsonb_build_object('description', p.description, 'unit', p.unit, 'price', p.price, 'affectation', p.affectation,
             'bag', p.bag, 'active', p.active, 'wholeUnits', p.whole_units), p.version
      INTO v_current, v_version FROM products p WHERE p.code = p_key FOR UPDATE;
  ELSIF p_kind = 'user' THEN
    SELECT jsonb_build_object('name', s.name, 'role', s.role, 'pinHash', s.pin_hash, 'pinSalt', s.pin_salt, 'active', s.active),
           s.version, s.security_version
      INTO v_current, v_version, v_security FROM staff s WHERE s.key = p_key FOR UPDATE;
  ELSIF p_kind = 'setting' THEN
    SELECT s.value, s.version INTO v_current, v_version FROM shop_settings s WHERE s.key = p_key FOR UPDATE;
  ELSE
    RAISE EXCEPTION 'Tipo de registro no válido: %', p_kind USING ERRCODE = '22023';
  END IF;

  IF v_wanted IS NULL THEN
    IF p_kind <> 'user' OR v_current IS NULL OR NOT (v_current->>'active')::BOOLEAN THEN
      RETURN QUERY SELECT v_version, v_current, FALSE;
      RETURN;
    END IF;
    v_wanted := v_current || '{"active": false}'::JSONB;
  END IF;
  IF jsonb_typeof(v_wanted) IS DISTINCT FROM 'object' AND p_kind <> 'setting' THEN
    RAISE EXCEPTION 'Registro no válido' USING ERRCODE = '22023';
  END IF;

  IF v_current IS NULL THEN
    v_write := v_wanted;
  ELSIF v_current = v_wanted THEN
    v_write := NULL;
  ELSIF p_base IS NOT NULL AND p_base >= v_version THEN
    v_write := v_wanted;
  ELSIF p_kind <> 'user' THEN
    v_unapplied := c_server_newer;
  ELSIF p_base IS NOT NULL AND v_security <= p_base THEN
    v_write := v_current || jsonb_build_object('role', v_wanted->'role', 'pinHash', v_wanted->'pinHash', 'pinSalt', v_wanted->'pinSalt', 'active', v_wanted->'active');
    IF v_write <> v_wanted THEN v_unapplied := c_server_newer; END IF;
    IF v_write = v_current THEN v_write := NULL; END IF;
  ELSIF NOT (v_wanted->>'active')::BOOLEAN AND (v_current->>'active')::BOOLEAN THEN
    v_write := v_current || '{"active": false}'::JSONB;
    IF v_write <> v_wanted THEN v_unapplied := c_security; END IF;
  ELSE
    v_unapplied := CASE WHEN NOT (v_current->>'active')::BOOLEAN AND (v_wanted->>'active')::BOOLEAN THEN c_deactivation ELSE c_security END;
  END IF;

  -- A till never raises anyone's role (a new person included): the office does.
  IF p_kind = 'user' AND v_write IS NOT NULL AND caja_is_till()
     AND caja_role_rank(v_write->>'role') > (CASE WHEN v_current IS NULL THEN 1 ELSE caja_role_rank(v_current->>'role') END) THEN
    v_write := NULL;
    v_unapplied := c_promotion;
  END IF;

  IF v_write IS NOT NULL THEN
    v_new := nextval('change_version');
    IF p_kind = 'product' THEN
      INSERT INTO products AS p (code, description, unit, price, affectation, bag, active, whole_units, version, updated_by)
      VALUES (p_key, v_write->>'description', v_write->>'unit', v_write->>'price', v_write->>'affectation', (v_write->>'bag')::BOOLEAN,
              (v_write->>'active')::BOOLEAN, (v_write->>'wholeUnits')::BOOLEAN, v_new, p_terminal)
      ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, unit = EXCLUDED.unit, price = EXCLUDED.price,
        affectation = EXCLUDED.affectation, bag = EXCLUDED.bag, active = EXCLUDED.active, whole_units = EXCLUDED.whole_units,
        version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now();
    ELSIF p_kind = 'user' THEN
      INSERT INTO staff AS s (key, name, role, pin_hash, pin_salt, active, version, security_version, updated_by)
      VALUES (p_key, v_write->>'name', v_write->>'role', v_write->>'pinHash', v_write->>'pinSalt', (v_write->>'active')::BOOLEAN, v_new, v_new, p_terminal)
      ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, pin_hash = EXCLUDED.pin_hash,
        pin_salt = EXCLUDED.pin_salt, active = EXCLUDED.active, version = EXCLUDED.version,
        security_version = CASE WHEN (SELECT jsonb_object_agg(k, v_current->k) FROM unnest(v_security_fields) k)
                                    = (SELECT jsonb_object_agg(k, v_write->k) FROM unnest(v_security_fields) k)
                                THEN s.security_version ELSE EXCLUDED.version END,
        updated_by = EXCLUDED.updated_by, updated_at = now();
    ELSE
      INSERT INTO shop_settings AS s (key, value, version, updated_by) VALUES (p_key, v_write, v_new, p_terminal)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now();
    END IF;
  END IF;

  IF v_unapplied IS NOT NULL THEN
    INSERT INTO unapplied_changes (kind, key, terminal_name, base_version, server_version, wanted, reason)
    VALUES (p_kind, p_key, p_terminal, p_base, COALESCE(v_new, v_version),
            CASE WHEN p_kind = 'user'
                 THEN (v_wanted - 'pinHash' - 'pinSalt') || jsonb_build_object('pinChanged', v_wanted->>'pinHash' IS DISTINCT FROM v_current->>'pinHash')
                 ELSE v_wanted END,
            v_unapplied);
  END IF;

  IF v_write IS NOT NULL THEN
    RETURN QUERY SELECT v_new, v_write, v_write = p_wanted;
  ELSE
    RETURN QUERY SELECT v_version, v_current, FALSE;
  END IF;
END;
$$;

-- Least privilege, where the cluster has the tills' group (created by 0005 on a server Caja hosts).
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    RETURN;
  END IF;
  REVOKE INSERT, UPDATE, DELETE ON products, staff, shop_settings, unapplied_changes FROM caja_tills;
  REVOKE ALL ON FUNCTION caja_put_record(TEXT, TEXT, BIGINT, JSONB, TEXT) FROM PUBLIC;
  GRANT EXECUTE ON FUNCTION caja_put_record(TEXT, TEXT, BIGINT, JSONB, TEXT) TO caja_tills;
  REVOKE CREATE ON SCHEMA public FROM caja_tills;

  ALTER TABLE terminals ENABLE ROW LEVEL SECURITY;
  CREATE POLICY terminals_read ON terminals FOR SELECT TO caja_tills USING (true);
  -- A till's first contact binds its terminal id to its role; nobody else may take it over.
  CREATE POLICY terminals_claim ON terminals FOR INSERT TO caja_tills WITH CHECK (role_name = session_user);
  -- A terminal registered before this migration (no role yet) is bound to the first till role that updates it.
  CREATE POLICY terminals_own ON terminals FOR UPDATE TO caja_tills USING (role_name = session_user OR role_name IS NULL) WITH CHECK (role_name = session_user);

  ALTER TABLE documents ENABLE ROW LEVEL SECURITY;
  CREATE POLICY documents_read ON documents FOR SELECT TO caja_tills USING (true);
  CREATE POLICY documents_insert ON documents FOR INSERT TO caja_tills
    WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user));
  CREATE POLICY documents_update ON documents FOR UPDATE TO caja_tills
    USING (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user))
    WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user));

  ALTER TABLE series_owners ENABLE ROW LEVEL SECURITY;
  CREATE POLICY series_read ON series_owners FOR SELECT TO caja_tills USING (true);
  CREATE POLICY series_own ON series_owners FOR ALL TO caja_tills
    USING (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user))
    WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user));

  ALTER TABLE refused_documents ENABLE ROW LEVEL SECURITY;
  CREATE POLICY refused_read ON refused_documents FOR SELECT TO caja_tills USING (true);
  CREATE POLICY refused_own ON refused_documents FOR ALL TO caja_tills
    USING (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user))
    WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user));
END;
$$;
