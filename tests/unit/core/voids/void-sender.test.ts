// The void outbox against scripted answers (a real SQLite database in memory; only the API is scripted).
// Table V and W of docs/api/decision-table.md § Voiding, Retry-After, and "never a second request on absent evidence".
import { describe, expect, it } from 'vitest';
import { ApiError, type ApiClient } from '../../../../electron/core/api';
import { DocumentsRepository, openDatabase, VoidsRepository } from '../../../../electron/core/db';
import { VoidSender } from '../../../../electron/core/services/void-sender';
import type { SendResult } from '../../../../shared/api';
import { newDocument } from '../db/helpers';

const NOW = new Date('2026-11-24T15:00:00.000Z');

function answer(code: string, success = code === '0'): SendResult {
  return {
    status: 200,
    success: true,
    message: 'ok',
    data: { hash: 'h', authorityResponse: { success, cdrZip: '', cdrResponse: { id: 'B001-1', code, description: `texto ${code}`, notes: [] } } },
  };
}

/** A rig: one accepted boleta with a void request, and an API whose answers the test scripts. */
function rig(script: { send?: () => Promise<SendResult>; record?: () => Promise<{ indicadorEstado: string }> }) {
  const db = openDatabase({ path: ':memory:' });
  const documents = new DocumentsRepository(db, () => NOW);
  const id = documents.insert(newDocument({ status: 'accepted' } as never));
  const voids = new VoidsRepository(db, () => NOW);
  voids.request(
    {
      document_id: id,
      endpoint: 'summary',
      reason: 'Venta duplicada',
      payload: JSON.stringify({ empresa_Ruc: '20100000009', tipo_Doc: '03', serie: 'B001', correlativo: '1', anulacion_Motivo: 'Venta duplicada', estado_Documento: '0' }),
      demo: false,
      requested_at: NOW.toISOString(),
      requested_by: null,
    },
    'Anulación solicitada',
  );
  const calls = { send: 0, record: 0 };
  const api = {
    sendVoid: async () => {
      calls.send += 1;
      if (!script.send) throw new Error('no send expected');
      return script.send();
    },
    receipt: async () => {
      calls.record += 1;
      if (!script.record) throw new Error('no record expected');
      return script.record();
    },
  } as unknown as ApiClient;
  const sender = new VoidSender({ voids, api, demo: () => false, now: () => NOW, retry: { baseMs: 1_000, maxMs: 5_000, random: () => 0 } });
  const row = () => voids.of(id)!;
  /** Makes the request due again (the clock does not move in these tests). */
  const due = () => db.sqlite.prepare('UPDATE voids SET next_attempt_at = ? WHERE document_id = ?').run(NOW.toISOString(), id);
  return { db, sender, row, calls, due };
}

describe('the void outbox', () => {
  it('V1: an accepting answer voids', async () => {
    const r = rig({ send: async () => answer('0') });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'voided', answer_code: '0', attempts: 1, uncertain: 0 });
  });

  it('V4: a rejection (2000-3999) is a refusal; the document stays valid and nothing is sent again', async () => {
    const r = rig({ send: async () => answer('2104', false) });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'refused', answer_code: '2104', next_attempt_at: null });
    await r.sender.drain();
    expect(r.calls.send).toBe(1);
  });

  it('honours Retry-After: a 429 waits at least as long as the API asked, not ambiguous', async () => {
    const r = rig({ send: async () => Promise.reject(new ApiError('server', 'La API falló temporalmente (HTTP 429).', 429, 90_000)) });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'pending', uncertain: 0 });
    expect(Date.parse(r.row().next_attempt_at!) - NOW.getTime()).toBe(90_000);
  });

  it('a 400 is "no enviada" (the API refused it, nothing reached SUNAT)', async () => {
    const r = rig({ send: async () => Promise.reject(new ApiError('invalid', 'Revise los datos enviados', 400)) });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'invalid', next_attempt_at: null });
  });

  it('V3 + W3: "already reported" while the record still shows it accepted: attention; the recheck asks only the record', async () => {
    let state = '1';
    const r = rig({ send: async () => answer('1033', false), record: async () => ({ indicadorEstado: state }) });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'attention', answer_code: '1033' });
    expect(r.row().last_error).toContain('No solicite otra anulación');
    state = '2';
    r.due();
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'voided' });
    expect(r.calls).toEqual({ send: 1, record: 2 });
  });

  it('a lost answer (5xx): possibly sent; an unreadable record then keeps it pending without resending (W5)', async () => {
    let record: () => Promise<{ indicadorEstado: string }> = async () => Promise.reject(new ApiError('network', 'sin conexión'));
    const r = rig({ send: async () => Promise.reject(new ApiError('server', 'HTTP 502', 502)), record: () => record() });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'pending', uncertain: 1 });
    r.due();
    await r.sender.drain();
    expect(r.calls).toEqual({ send: 1, record: 1 });
    expect(r.row()).toMatchObject({ status: 'pending', uncertain: 1 });
    // W4: the record cannot be found either: attention, never "Anulado", still no resend.
    record = async () => Promise.reject(new ApiError('not_found', 'No se encontraron resultados.'));
    r.due();
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'attention' });
    expect(r.calls.send).toBe(1);
  });

  it('V2: an accepting code without success is contradictory: attention, possibly voided, never "Anulado"', async () => {
    const r = rig({ send: async () => answer('0', false) });
    await r.sender.drain();
    expect(r.row()).toMatchObject({ status: 'attention', uncertain: 1 });
  });
});
