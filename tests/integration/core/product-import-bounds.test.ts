// Item 3: the product import's size check comes first, and a long import runs off the main thread, with
// progress. Through the real core's bridge (dispatch), as the screen calls it.
import { describe, expect, it } from 'vitest';
import type { BridgeEvent, ImportProductsResult } from '../../../shared/bridge';
import { useRigs } from './harness';

const rig = useRigs();

function catalogue(rows: number): string {
  const lines = ['codigo,descripcion,unidad,precio,afectacion'];
  for (let i = 0; i < rows; i++) lines.push(`775${String(i).padStart(10, '0')},Producto de prueba número ${i},NIU,${(i % 90) + 1}.50,10`);
  return `${lines.join('\r\n')}\r\n`;
}

describe('importing products', () => {
  it('refuses a file over 20 MB by its length, before any per-character work', async () => {
    const r = await rig();
    // A control character that cleaning would report: if the text were cleaned before its size was checked, that is
    // the answer that would come back.
    const csv = `codigo,descripcion\u0007\r\n${'x'.repeat(25_000_000)}`;
    const answer = await r.raw('importProducts', { csv, mode: 'all_or_nothing' });
    expect(answer).toEqual({
      ok: false,
      error: { code: 'validation', message: 'Revise los datos ingresados.', fields: [{ path: 'csv', message: 'El archivo es demasiado grande (máximo 20 MB)' }] },
    });
    // Every other method has its own, smaller limit on a text, checked the same way.
    const note = await r.raw('lookupCustomer', { docType: '1', docNumber: `1${'2'.repeat(2_000_000)}` });
    expect(note).toMatchObject({ ok: false, error: { code: 'validation', fields: [{ path: 'docNumber', message: expect.stringMatching(/demasiado largo/) }] } });
  });

  it('a control character still refuses the file as the bridge always did (naming its line), now found off the main thread for a long one', async () => {
    const r = await rig();
    for (const rows of [3, 20_000]) {
      const csv = catalogue(rows).replace('Producto de prueba número 1,', 'Producto de prueba\u0007 número 1,');
      expect(await r.raw('importProducts', { csv, mode: 'all_or_nothing' }), `${rows} rows`).toEqual({
        ok: false,
        error: { code: 'validation', message: 'Revise los datos ingresados.', fields: [{ path: 'csv', message: 'Contiene un carácter de control no permitido (U+0007) en la línea 3' }] },
      });
    }
    expect((await r.call<{ total: number }>('listProducts', { text: 'prueba', limit: 1 })).total).toBe(0);
  });

  it('a long import runs off the main thread: the event loop keeps turning, and progress comes for both phases', async () => {
    const r = await rig();
    const rows = 60_000;
    const progress: Extract<BridgeEvent, { type: 'import_progress' }>[] = [];
    const off = r.core.onEvent((event) => {
      if (event.type === 'import_progress') progress.push(event);
    });
    // Turns of the event loop while the import is under way (a sale arriving meanwhile would be served in them).
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns += 1;
      setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const answer = await r.call<ImportProductsResult>('importProducts', { csv: catalogue(rows), mode: 'all_or_nothing' });
    done = true;
    off();
    expect(answer).toEqual({ rows, imported: rows, updated: 0, unchanged: 0, errors: [] });
    expect(turns).toBeGreaterThan(10);
    const reading = progress.filter((p) => p.phase === 'reading');
    const saving = progress.filter((p) => p.phase === 'saving');
    expect(reading.length).toBeGreaterThan(5);
    expect(saving.length).toBeGreaterThan(5);
    expect(reading.at(-1)).toEqual({ type: 'import_progress', phase: 'reading', done: rows, total: rows });
    expect(saving.at(-1)).toEqual({ type: 'import_progress', phase: 'saving', done: rows, total: rows });
    for (const list of [reading, saving]) expect(list.map((p) => p.done)).toEqual([...list.map((p) => p.done)].sort((a, b) => a - b));
    expect((await r.call<{ total: number }>('listProducts', { limit: 1 })).total).toBeGreaterThanOrEqual(rows);
  }, 60_000);
});
