-- Shop server 0018: a product's category (local migration 0037) is shared like its other fields, so the owner's
-- categories set at the office reach every till (stock by category, counts of one category, sales by category).
--
-- caja_put_record (0012) is restated whole, as PL/pgSQL functions are replaced and not patched: the only changes are
-- the product's value read with 'category' and the product written with it (trimmed, at most 60 characters). A till
-- before it sends no category: what the server holds stays. The rule is unchanged; its description is in 0008 and
-- 0012. CREATE OR REPLACE keeps the function's owner and grants.

ALTER TABLE products ADD COLUMN category TEXT NOT NULL DEFAULT '' CHECK (length(category) <= 60);

CREATE OR REPLACE FUNCTION caja_put_record(p_kind TEXT, p_key TEXT, p_base BIGINT, p_wanted JSONB, p_terminal TEXT)
RETURNS TABLE (version BIGINT, value JSONB, own BOOLEAN)
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  c_server_newer CONSTANT TEXT := 'El registro cambió en el servidor mientras esta caja estaba sin conexión: se mantuvo el del servidor.';
  c_deactivation CONSTANT TEXT := 'La persona fue desactivada en otra caja: la desactivación prevalece.';
  c_security CONSTANT TEXT := 'El rol, el PIN o el estado de la persona cambió en el servidor: prevalece ese cambio.';
  c_office CONSTANT TEXT := 'El personal, los precios, los medios de pago y los datos de la empresa se cambian en la oficina: revise este cambio y hágalo allí si corresponde.';
  c_too_large CONSTANT TEXT := 'El registro es demasiado grande (más de 64 KB): no se guardó.';
  c_max_bytes CONSTANT INTEGER := 65536;
  v_till BOOLEAN := caja_is_till();
  v_by TEXT;
  v_key TEXT := left(p_key, 100);
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
  -- A till's name is the server's record of it; the office's connection (the owner) names its own terminal.
  v_by := CASE WHEN v_till THEN caja_till_name() ELSE left(COALESCE(p_terminal, session_user::TEXT), 100) END;
  IF p_kind NOT IN ('product', 'user', 'setting') THEN
    RAISE EXCEPTION 'Tipo de registro no válido: %', left(p_kind, 20) USING ERRCODE = '22023';
  END IF;
  IF octet_length(p_key) > 200 OR octet_length(p_wanted::TEXT) > c_max_bytes THEN
    -- Listed without its contents (nor its whole key): the office sees that it happened and who sent it.
    INSERT INTO unapplied_changes (kind, key, terminal_name, base_version, server_version, wanted, reason)
    VALUES (p_kind, v_key, v_by, p_base, NULL, jsonb_build_object('bytes', octet_length(p_wanted::TEXT)), c_too_large);
    RETURN QUERY SELECT NULL::BIGINT, NULL::JSONB, FALSE;
    RETURN;
  END IF;

  IF p_kind = 'product' THEN
    SELECT jsonb_build_object('description', p.description, 'unit', p.unit, 'price', p.price, 'affectation', p.affectation,
             'bag', p.bag, 'active', p.active, 'wholeUnits', p.whole_units, 'freePrice', p.free_price,
             'category', p.category), p.version
      INTO v_current, v_version FROM products p WHERE p.code = p_key FOR UPDATE;
  ELSIF p_kind = 'user' THEN
    SELECT jsonb_build_object('name', s.name, 'role', s.role, 'pinHash', s.pin_hash, 'pinSalt', s.pin_salt, 'active', s.active),
           s.version, s.security_version
      INTO v_current, v_version, v_security FROM staff s WHERE s.key = p_key FOR UPDATE;
  ELSE
    SELECT s.value, s.version INTO v_current, v_version FROM shop_settings s WHERE s.key = p_key FOR UPDATE;
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

  -- Every shared record is privileged: what a till's role would have changed goes to the office instead.
  IF v_till AND v_write IS NOT NULL THEN
    v_write := NULL;
    v_unapplied := c_office;
  END IF;

  IF v_write IS NOT NULL THEN
    v_new := nextval('change_version');
    IF p_kind = 'product' THEN
      -- freePrice absent (a till of the version before 0011), category absent (before 0018): what the server holds stays.
      INSERT INTO products AS p (code, description, unit, price, affectation, bag, active, whole_units, free_price, category, version, updated_by)
      VALUES (p_key, v_write->>'description', v_write->>'unit', v_write->>'price', v_write->>'affectation', (v_write->>'bag')::BOOLEAN,
              (v_write->>'active')::BOOLEAN, (v_write->>'wholeUnits')::BOOLEAN, COALESCE((v_write->>'freePrice')::BOOLEAN, FALSE),
              COALESCE(btrim(left(btrim(v_write->>'category'), 60)), ''), v_new, v_by)
      ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, unit = EXCLUDED.unit, price = EXCLUDED.price,
        affectation = EXCLUDED.affectation, bag = EXCLUDED.bag, active = EXCLUDED.active, whole_units = EXCLUDED.whole_units,
        free_price = COALESCE((v_write->>'freePrice')::BOOLEAN, p.free_price),
        category = COALESCE(btrim(left(btrim(v_write->>'category'), 60)), p.category),
        version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now();
    ELSIF p_kind = 'user' THEN
      INSERT INTO staff AS s (key, name, role, pin_hash, pin_salt, active, version, security_version, updated_by)
      VALUES (p_key, v_write->>'name', v_write->>'role', v_write->>'pinHash', v_write->>'pinSalt', (v_write->>'active')::BOOLEAN, v_new, v_new, v_by)
      ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, pin_hash = EXCLUDED.pin_hash,
        pin_salt = EXCLUDED.pin_salt, active = EXCLUDED.active, version = EXCLUDED.version,
        security_version = CASE WHEN (SELECT jsonb_object_agg(k, v_current->k) FROM unnest(v_security_fields) k)
                                    = (SELECT jsonb_object_agg(k, v_write->k) FROM unnest(v_security_fields) k)
                                THEN s.security_version ELSE EXCLUDED.version END,
        updated_by = EXCLUDED.updated_by, updated_at = now();
    ELSE
      INSERT INTO shop_settings AS s (key, value, version, updated_by) VALUES (p_key, v_write, v_new, v_by)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, version = EXCLUDED.version, updated_by = EXCLUDED.updated_by, updated_at = now();
    END IF;
  END IF;

  IF v_unapplied IS NOT NULL THEN
    INSERT INTO unapplied_changes (kind, key, terminal_name, base_version, server_version, wanted, reason)
    VALUES (p_kind, p_key, v_by, p_base, COALESCE(v_new, v_version),
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
