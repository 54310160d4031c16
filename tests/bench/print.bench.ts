// The time from the cashier's Enter (issueSale) to the first byte of the ticket at the printer, through
// the raw ESC/POS path, with a fake network printer on 127.0.0.1 (tests/support/fake-printer.ts). The till asks for
// the print as soon as issueSale answers (what the sale screen does), with the cash received. Goal: ≤ 150 ms.
// The first print after start is reported apart (the encoder's first use), then p50 / p95 / max of the rest, without
// and with a logo (its raster command is cached after the first ticket).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCore } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { startFakePrinter } from '../support/fake-printer';
import { percentile, report } from './stats';

const GOAL_MS = 150;

const sale = (i: number) => ({
  docType: '03',
  currency: 'PEN',
  customer: { docType: '0', docNumber: '', name: '', address: '' },
  lines: Array.from({ length: 8 }, (_, k) => ({
    code: `P${k}`, description: `Producto de prueba número ${k} con descripción`, unit: 'NIU', quantity: String(1 + ((i + k) % 3)), unitPrice: '4.20', affectation: '10',
  })),
  payment: { method: 'CONTADO' },
  tenders: [{ method: 'efectivo', amount: '200' }],
});

/** A 384 × 120 logo of stripes, as Ajustes stores it. */
function stripedLogo() {
  const rowBytes = 384 / 8;
  const bits = Buffer.alloc(rowBytes * 120);
  for (let y = 0; y < 120; y++) bits.fill(y % 8 < 4 ? 0xff : 0x00, y * rowBytes, (y + 1) * rowBytes);
  return { width: 384, height: 120, bits: bits.toString('base64') };
}

export async function run(n: number): Promise<void> {
  const printer = await startFakePrinter();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-print-'));
  const core = createCore({ dataDir: dir, fetch: globalThis.fetch, secrets: memorySecretStore(), dailyBackups: false });
  const call = async (method: string, input: unknown) => {
    const res = await core.dispatch(method, input);
    if (!res.ok) throw new Error(`${method}: ${JSON.stringify(res.error)}`);
    return res.value as { id: number };
  };
  try {
    for (const withLogo of [false, true]) {
      await call('saveTicketPrinter', { transport: 'tcp', host: printer.host, port: printer.port, width: '80mm', drawerPulse: true, logo: withLogo ? stripedLogo() : null });
      const samples: number[] = [];
      const bytes: number[] = [];
      for (let i = 0; i < n + 1; i++) {
        const firstByte = printer.nextFirstByte();
        const enter = performance.now();
        const doc = await call('issueSale', { clientKey: crypto.randomUUID(), ...sale(i) });
        const printed = call('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print', cashReceived: '200' });
        samples.push((await firstByte) - enter);
        await printed;
        bytes.push((await printer.nextJob()).bytes.length);
      }
      const [first, ...rest] = samples;
      const p95 = percentile(rest, 95);
      report(`print: Enter → first byte${withLogo ? ' (logo)' : ''}`, {
        first: first ?? Number.NaN,
        p50: percentile(rest, 50),
        p95,
        max: Math.max(...rest),
        bytes: percentile(bytes, 50),
      }, { figure: 'p95', atMost: GOAL_MS, unit: 'ms' });
    }
  } finally {
    await core.stop();
    core.close();
    await printer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
