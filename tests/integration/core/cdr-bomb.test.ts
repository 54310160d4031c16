// Item 2, through the real core: the review's zip bomb as the API's cdrZip. When a sale is declared, the
// document takes the status the answer gives, explained, and neither the bomb nor 400 MB of XML is stored; when a
// cashier queries the CDR, the bomb is refused in Spanish and the document keeps its status and its own CDR.
import { describe, expect, it } from 'vitest';
import type { FetchLike } from '../../../electron/core/api/http';
import type { DocumentDetail, DocumentSummary } from '../../../shared/bridge';
import { zipBomb } from '../../unit/core/cdr/fixtures/zip-bomb';
import { anonymousBoleta, statusOf, until, useRigs } from './harness';

const rig = useRigs();

/** The real network, with the bomb put in place of the CDR in the answers chosen by `when`. */
function bombing(bomb: string, when: { send: boolean; query: boolean }): FetchLike {
  return async (url, init) => {
    const res = await globalThis.fetch(url, init);
    const send = url.endsWith('/invoice/send');
    const query = url.endsWith('/cdr');
    if (!(send && when.send) && !(query && when.query)) return res;
    const json = (await res.json()) as { data?: unknown };
    if (send) (json as { data: { authorityResponse: { cdrZip: string } } }).data.authorityResponse.cdrZip = bomb;
    else json.data = bomb;
    return new Response(JSON.stringify(json), { status: res.status, headers: { 'Content-Type': 'application/json' } });
  };
}

describe('a zip bomb as the CDR', () => {
  it('at the send: the document is accepted as the answer says, the event explains, nothing of the bomb is kept', async () => {
    const bomb = (await zipBomb()).toString('base64');
    const when = { send: true, query: false };
    const r = await rig({ core: { fetch: bombing(bomb, when) } });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await until(r, () => statusOf(r, doc.id) !== 'pending');
    expect(statusOf(r, doc.id)).toBe('accepted');
    const stored = r.core.db.sqlite.prepare('SELECT cdr_zip, cdr_xml, cdr_code FROM documents WHERE id = ?').get(doc.id) as Record<string, unknown>;
    expect(stored).toEqual({ cdr_zip: null, cdr_xml: null, cdr_code: '0' });
    const detail = await r.call<DocumentDetail>('getDocument', { id: doc.id });
    expect(detail.events.at(-1)?.detail).toMatch(/CDR ilegible: el ZIP se descomprime a más de 1 MB.*El estado se tomó de la respuesta de la API/);
  });

  it('at a CDR query: refused in Spanish, and the document keeps its status and its CDR', async () => {
    const bomb = (await zipBomb({ lie: true })).toString('base64');
    const when = { send: false, query: false };
    const r = await rig({ core: { fetch: bombing(bomb, when) } });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    await until(r, () => statusOf(r, doc.id) === 'accepted');
    const before = r.core.db.sqlite.prepare('SELECT status, cdr_xml, updated_at FROM documents WHERE id = ?').get(doc.id);
    when.query = true;
    const ruc = (JSON.parse(r.core.db.sqlite.prepare('SELECT payload FROM documents WHERE id = ?').pluck().get(doc.id) as string) as { empresa_Ruc: string }).empresa_Ruc;
    const answer = await r.raw('queryCdr', { ruc, usuario: 'MODDATOS', password: 'moddatos', tipo_doc: '03', serie: doc.series, correlativo: String(doc.number), remember: false });
    expect(answer).toMatchObject({ ok: false, error: { code: 'cdr_unreadable', message: expect.stringMatching(/^CDR ilegible: .*no se abrió\. No se guardó nada: el comprobante conserva su estado\.$/) } });
    expect(r.core.db.sqlite.prepare('SELECT status, cdr_xml, updated_at FROM documents WHERE id = ?').get(doc.id)).toEqual(before);
  });
});
