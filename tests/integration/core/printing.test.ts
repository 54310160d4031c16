import { afterEach, describe, expect, it } from 'vitest';
import type { PrintJob } from '../../../electron/core/services/printing';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, startRig, type Rig } from './harness';

let rig: Rig | undefined;
afterEach(async () => {
  await rig?.dispose();
  rig = undefined;
});

describe('printing through the core', () => {
  it('resolves paper and printer from Ajustes and counts only completed copies', async () => {
    const jobs: PrintJob[] = [];
    let answer = { done: true };
    rig = await startRig({ core: { printer: { print: async (job) => (jobs.push(job), answer) } } });
    await rig.call('saveSettings', { printer: { deviceName: 'EPSON TM-T20', paper: '80mm' } });
    const doc = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());

    expect(await rig.call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print' })).toEqual({ done: true });
    expect(jobs[0]).toEqual({ source: { kind: 'document', id: doc.id }, paper: '80mm', deviceName: 'EPSON TM-T20', copy: false, action: 'print' });

    expect(await rig.call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'pdf', paper: 'A4', copy: true })).toEqual({ done: true, reprints: 1 });
    expect(jobs[1]).toMatchObject({ paper: 'A4', copy: true, action: 'pdf' });

    answer = { done: false };
    expect(await rig.call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print', copy: true })).toEqual({ done: false });
    expect((await rig.call<DocumentSummary>('registerReprint', { clientKey: crypto.randomUUID(), id: doc.id })).reprints).toBe(2);
  });

  it('says so when there is no printer, and refuses unknown documents', async () => {
    rig = await startRig();
    expect(await rig.raw('printDocument', { source: { kind: 'document', id: 1 }, action: 'print' })).toMatchObject({
      ok: false, error: { code: 'print_unavailable' },
    });
    const withPrinter = await startRig({ core: { printer: { print: async () => ({ done: true }) } } });
    try {
      expect(await withPrinter.raw('printDocument', { source: { kind: 'document', id: 99 }, action: 'print' })).toMatchObject({
        ok: false, error: { code: 'not_found' },
      });
    } finally {
      await withPrinter.dispose();
    }
  });
});

describe('cash on the printed original', () => {
  it('passes the cash received to the printer, and refuses a malformed amount', async () => {
    const jobs: PrintJob[] = [];
    rig = await startRig({ core: { printer: { print: async (job) => (jobs.push(job), { done: true }) } } });
    const doc = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
    await rig.call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print', cashReceived: '20.00' });
    expect(jobs[0]?.cashReceived).toBe('20.00');
    expect(await rig.raw('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print', cashReceived: '20,5x' })).toMatchObject({
      ok: false, error: { code: 'validation' },
    });
  });
});
