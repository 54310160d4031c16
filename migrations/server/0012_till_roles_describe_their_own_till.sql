-- Shop server 0012: a till's role describes its own till only. A till's login role (spent from a one-time code, or
-- copied off a till's secret store) may be used directly in SQL; whatever it sends, it may write its own documents,
-- series claims, terminal row and the sign-in attempts made at it, and nothing the whole shop trusts:
--
-- 1. Privileged shared records (staff: PIN, role, active; products and prices; payment methods; the company) are the
--    office's. From a till's role caja_put_record applies none of them: it keeps the server's record and lists what
--    the till wanted under "Cambios no aplicados", for the office to decide. The server cannot check that an
--    administrator approved an edit at a till (a PIN hash proves nothing to it), so no till edit is taken on trust.
--    A till keeps selling offline with what it last knew, and takes the server's record when it reconnects.
-- 2. Who wrote a record or an unapplied change is the connected role's registered till name, never what the caller
--    says (the office's own connection, the owner, still names its terminal). A value above 64 KB is refused and
--    listed without its contents.
-- 3. Versions come from the server alone: tills lose every right on sequences but reading them, and write their
--    lockouts through caja_put_lockout, which stamps the version itself. Forged rows from before are set right.
-- 4. A lockout a till writes is bounded: its own terminal only; level 0-4 and the wait of that level; a wait that
--    starts no later than the server's now (so it ends at most 30 minutes ahead); a level one above what the server
--    holds for that person, once that wait is over; clears at most one above the most any till holds.
-- 5. schema_migrations is read-only to tills and caja_registro; neither may create temporary tables here; new tables
--    no longer grant tills anything by default (each migration grants what tills need).
-- 6. A till's documents go only in series no other till claims (row-level security, as 0008's); a terminal from
--    before 0008 (no role bound) is bound only by the role registered under its name.
-- 7. On the cluster Caja hosts, the other databases are closed to all but the owner (pg_hba in
--    electron/core/server-host/cluster.ts also refuses the tills and caja_registro anywhere but the shop's database).
--
-- caja_put_record is restated whole (as 0011 did); the merge rule itself is unchanged, see 0008.

-- The name of the till connected (the name it registered with a code, else its most recent terminal's), or the role.
CREATE FUNCTION caja_till_name() RETURNS TEXT
LANGUAGE sql STABLE SET search_path = public, pg_temp AS $$
  SELECT COALESCE((SELECT r.till_name FROM till_roles r WHERE r.role_name = session_user),
                  (SELECT t.name FROM terminals t WHERE t.role_name = session_user ORDER BY t.last_seen_at DESC LIMIT 1),
                  session_user::TEXT)
$$;

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
             'bag', p.bag, 'active', p.active, 'wholeUnits', p.whole_units, 'freePrice', p.free_price), p.version
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
      -- freePrice absent (a till of the version before 0011): what the server holds stays.
      INSERT INTO products AS p (code, description, unit, price, affectation, bag, active, whole_units, free_price, version, updated_by)
      VALUES (p_key, v_write->>'description', v_write->>'unit', v_write->>'price', v_write->>'affectation', (v_write->>'bag')::BOOLEAN,
              (v_write->>'active')::BOOLEAN, (v_write->>'wholeUnits')::BOOLEAN, COALESCE((v_write->>'freePrice')::BOOLEAN, FALSE), v_new, v_by)
      ON CONFLICT (code) DO UPDATE SET description = EXCLUDED.description, unit = EXCLUDED.unit, price = EXCLUDED.price,
        affectation = EXCLUDED.affectation, bag = EXCLUDED.bag, active = EXCLUDED.active, whole_units = EXCLUDED.whole_units,
        free_price = COALESCE((v_write->>'freePrice')::BOOLEAN, p.free_price),
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

-- A till's view of a person's lockout (0010), written by the server: the version is stamped here, the till must own
-- the terminal, and the state is bounded (see 4 above). Answers the version written.
CREATE FUNCTION caja_put_lockout(p_key TEXT, p_terminal_id TEXT, p_state JSONB) RETURNS BIGINT
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  -- electron/core/users/lockout.ts: FAILURES_PER_WAIT, WAITS_MS, ADMIN_LEVEL.
  c_failures CONSTANT INTEGER := 5;
  c_waits CONSTANT BIGINT[] := ARRAY[60000, 300000, 1800000];
  c_admin CONSTANT INTEGER := 4;
  v_now BIGINT := floor(extract(epoch FROM clock_timestamp()) * 1000)::BIGINT;
  v_failures INTEGER;
  v_level INTEGER;
  v_start BIGINT;
  v_clears BIGINT;
  v_top_clears BIGINT;
  v_held_level INTEGER;
  v_held_end BIGINT;
  v_version BIGINT;
  n NUMERIC;
BEGIN
  IF caja_is_till() AND NOT EXISTS (SELECT 1 FROM terminals t WHERE t.terminal_id = p_terminal_id AND t.role_name = session_user) THEN
    RAISE EXCEPTION 'Una caja solo comparte los intentos de ingreso hechos en ella.' USING ERRCODE = '42501';
  END IF;
  IF p_key IS NULL OR length(p_key) > 100 OR jsonb_typeof(p_state) IS DISTINCT FROM 'object' OR octet_length(p_state::TEXT) > 1024 THEN
    RAISE EXCEPTION 'Estado de ingreso no válido' USING ERRCODE = '22023';
  END IF;
  PERFORM pg_advisory_xact_lock(4350002);

  n := CASE WHEN jsonb_typeof(p_state->'failures') = 'number' THEN (p_state->>'failures')::NUMERIC ELSE 0 END;
  v_failures := LEAST(GREATEST(floor(n), 0), c_failures - 1)::INTEGER;
  n := CASE WHEN jsonb_typeof(p_state->'level') = 'number' THEN (p_state->>'level')::NUMERIC ELSE 0 END;
  v_level := LEAST(GREATEST(floor(n), 0), c_admin)::INTEGER;
  n := CASE WHEN jsonb_typeof(p_state->'clears') = 'number' THEN (p_state->>'clears')::NUMERIC ELSE 0 END;
  -- Clears order the merge ("more clears wins"): one above the most any till holds is enough to end a lockout.
  SELECT COALESCE(max(CASE WHEN jsonb_typeof(l.state->'clears') = 'number' THEN (l.state->>'clears')::NUMERIC END), 0)::BIGINT
    INTO v_top_clears FROM pin_lockouts l WHERE l.key = p_key;
  v_clears := LEAST(GREATEST(floor(n), 0), v_top_clears + 1)::BIGINT;
  -- A wait starting after the server's now starts now (as clampToClock does at each till).
  n := CASE WHEN jsonb_typeof(p_state->'waitStartedAt') = 'number' THEN (p_state->>'waitStartedAt')::NUMERIC END;
  v_start := CASE WHEN n IS NULL THEN NULL ELSE LEAST(GREATEST(floor(n), 0), v_now)::BIGINT END;

  -- The level climbs one step at a time, as wrong PINs make it: one above what the server holds for this person at
  -- these clears, and only once that level's wait is over.
  SELECT COALESCE(max(LEAST(floor((l.state->>'level')::NUMERIC), c_admin)), 0)::INTEGER,
         LEAST(max(COALESCE((l.state->>'waitStartedAt')::NUMERIC, 0) + COALESCE((l.state->>'waitMs')::NUMERIC, 0)), v_now + 1800000)::BIGINT
    INTO v_held_level, v_held_end
    FROM pin_lockouts l WHERE l.key = p_key AND (l.state->>'clears')::NUMERIC = v_clears;
  IF v_level > v_held_level THEN
    IF v_held_level > 0 AND v_held_level < c_admin AND COALESCE(v_held_end, 0) > v_now THEN
      v_level := v_held_level;
    ELSE
      v_level := v_held_level + 1;
    END IF;
  END IF;
  IF v_level = 0 OR v_level = c_admin THEN
    v_start := NULL;
  ELSIF v_start IS NULL THEN
    v_start := v_now;
  END IF;

  v_version := nextval('change_version');
  INSERT INTO pin_lockouts (key, terminal_id, state, version)
  VALUES (p_key, p_terminal_id,
          jsonb_build_object('failures', v_failures, 'level', v_level, 'waitStartedAt', v_start,
                             'waitMs', CASE WHEN v_level BETWEEN 1 AND c_admin - 1 THEN c_waits[v_level] ELSE 0 END, 'clears', v_clears),
          v_version)
  ON CONFLICT (key, terminal_id) DO UPDATE SET state = EXCLUDED.state, version = EXCLUDED.version, updated_at = now();
  RETURN v_version;
END;
$$;

-- The name the connected role registered with its code (till_roles is not the tills' to read).
CREATE FUNCTION caja_registered_name() RETURNS TEXT
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT r.till_name FROM till_roles r WHERE r.role_name = session_user
$$;

REVOKE ALL ON FUNCTION caja_put_lockout(TEXT, TEXT, JSONB) FROM PUBLIC;
REVOKE ALL ON FUNCTION caja_registered_name() FROM PUBLIC;
REVOKE ALL ON FUNCTION caja_till_name() FROM PUBLIC;

-- A sequence a till pushed far ahead (setval, before this migration) would run out, and the rows stamped from it stop
-- every till's pulls. No shop makes 2^62 changes: past that, the rows stamped since take new versions in the same
-- order, just above the last sound one, and the sequence goes on from there (a till holding a version above the
-- sequence pulls everything again: exchange.ts).
DO $$
DECLARE
  c_forged CONSTANT BIGINT := 4611686018427387904;
  v_base BIGINT;
  v_count BIGINT;
BEGIN
  IF (SELECT last_value FROM change_version) <= c_forged THEN
    RETURN;
  END IF;
  SELECT COALESCE(max(v), 0) INTO v_base FROM (
    SELECT max(version) AS v FROM products WHERE version <= c_forged
    UNION ALL SELECT max(version) FROM staff WHERE version <= c_forged
    UNION ALL SELECT max(version) FROM shop_settings WHERE version <= c_forged
    UNION ALL SELECT max(version) FROM pin_lockouts WHERE version <= c_forged) t;
  WITH r AS (
    SELECT kind, key, tid, v_base + row_number() OVER (ORDER BY version, kind, key, tid) AS new FROM (
      SELECT 'product' AS kind, code AS key, '' AS tid, version FROM products WHERE version > c_forged
      UNION ALL SELECT 'user', key, '', version FROM staff WHERE version > c_forged
      UNION ALL SELECT 'setting', key, '', version FROM shop_settings WHERE version > c_forged
      UNION ALL SELECT 'lockout', key, terminal_id, version FROM pin_lockouts WHERE version > c_forged) u),
  p AS (UPDATE products x SET version = r.new FROM r WHERE r.kind = 'product' AND r.key = x.code RETURNING 1),
  s AS (UPDATE staff x SET version = r.new, security_version = LEAST(x.security_version, r.new) FROM r WHERE r.kind = 'user' AND r.key = x.key RETURNING 1),
  g AS (UPDATE shop_settings x SET version = r.new FROM r WHERE r.kind = 'setting' AND r.key = x.key RETURNING 1),
  l AS (UPDATE pin_lockouts x SET version = r.new FROM r WHERE r.kind = 'lockout' AND r.key = x.key AND r.tid = x.terminal_id RETURNING 1)
  SELECT (SELECT count(*) FROM p) + (SELECT count(*) FROM s) + (SELECT count(*) FROM g) + (SELECT count(*) FROM l) INTO v_count;
  PERFORM setval('change_version', v_base + v_count + 1, false);
END;
$$;

-- Rows written before, with a version past the sequence (only a forged row can be), are stamped again; their state
-- passes through the bounds at the till's next write. One far beyond every till's would otherwise stop every pull.
UPDATE pin_lockouts SET version = nextval('change_version') WHERE version > (SELECT last_value FROM change_version);
-- A state that wins every merge (clears or level beyond anything a till reaches) is dropped: the tills' own rows stay.
DELETE FROM pin_lockouts
 WHERE NOT COALESCE(CASE WHEN jsonb_typeof(state) = 'object' AND jsonb_typeof(state->'clears') = 'number' AND jsonb_typeof(state->'level') = 'number'
                          AND jsonb_typeof(state->'waitMs') = 'number' AND COALESCE(jsonb_typeof(state->'waitStartedAt'), 'null') IN ('number', 'null')
                         THEN (state->>'clears')::NUMERIC <= 1000000 AND (state->>'level')::NUMERIC BETWEEN 0 AND 4
                          AND (state->>'waitMs')::NUMERIC BETWEEN 0 AND 1800000 AND COALESCE((state->>'waitStartedAt')::NUMERIC, 0) < 1e15
                         ELSE FALSE END, FALSE);

DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_tills') THEN
    GRANT EXECUTE ON FUNCTION caja_put_lockout(TEXT, TEXT, JSONB), caja_registered_name() TO caja_tills;
    -- A terminal from before 0008 (no role bound yet) was open to the first till role that updated it, and with it its
    -- documents: now only to the role registered under that till's name.
    DROP POLICY terminals_own ON terminals;
    CREATE POLICY terminals_own ON terminals FOR UPDATE TO caja_tills
      USING (role_name = session_user OR (role_name IS NULL AND name = caja_registered_name()))
      WITH CHECK (role_name = session_user);
    REVOKE INSERT, UPDATE, DELETE ON pin_lockouts FROM caja_tills;
    -- Versions are the server's: a till may read the sequence (to notice a version it holds that the server never
    -- gave), never advance or set it.
    REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM caja_tills;
    GRANT SELECT ON SEQUENCE change_version TO caja_tills;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON SEQUENCES FROM caja_tills;
    ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE ALL ON TABLES FROM caja_tills;
    -- A till's documents go only in series no other till's role claims: numbers taken first in another till's series
    -- would make that till's own sales "number taken" (push.ts sets a refused document aside, the queue goes on).
    DROP POLICY documents_insert ON documents;
    DROP POLICY documents_update ON documents;
    CREATE POLICY documents_insert ON documents FOR INSERT TO caja_tills
      WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user)
                  AND NOT EXISTS (SELECT 1 FROM series_owners s JOIN terminals t ON t.terminal_id = s.terminal_id
                                   WHERE s.doc_type = documents.doc_type AND s.series = documents.series
                                     AND t.role_name IS DISTINCT FROM session_user));
    CREATE POLICY documents_update ON documents FOR UPDATE TO caja_tills
      USING (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user))
      WITH CHECK (terminal_id IN (SELECT terminal_id FROM terminals WHERE role_name = session_user)
                  AND NOT EXISTS (SELECT 1 FROM series_owners s JOIN terminals t ON t.terminal_id = s.terminal_id
                                   WHERE s.doc_type = documents.doc_type AND s.series = documents.series
                                     AND t.role_name IS DISTINCT FROM session_user));
    -- A till reads which migrations are applied (migrate.ts) and writes none.
    REVOKE ALL ON schema_migrations FROM caja_tills;
    GRANT SELECT ON schema_migrations TO caja_tills;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'caja_registro') THEN
    REVOKE ALL ON schema_migrations FROM caja_registro;
  END IF;
  REVOKE ALL ON schema_migrations FROM PUBLIC;
  -- No one but the owner makes temporary tables in the shop's database (caja_registro's password is public).
  EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
  -- On the cluster Caja hosts (its owner role migrating the shop's database, server-host/cluster.ts), the other
  -- databases are the owner's alone: pg_hba already keeps the tills and caja_registro out of them, this holds even
  -- where pg_hba was edited by hand. A PostgreSQL set up by hand keeps its own rules.
  IF current_database() = 'caja' AND current_user = 'caja_owner' THEN
    REVOKE CONNECT, TEMPORARY ON DATABASE postgres FROM PUBLIC;
    REVOKE CONNECT, TEMPORARY ON DATABASE template1 FROM PUBLIC;
  END IF;
END;
$$;
