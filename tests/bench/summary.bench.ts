// The owner's view (Resumen) on a long history: a month's figures (and the month before, to compare) through the
// bridge, over 1,000,000 stored documents. Goal: p95 < 200 ms. The documents are written straight through SQL, so
// the summary tables are filled by the same triggers that keep them when the till sells (migration 0034): the seed's
// rate is also what keeping the sums costs a stored document.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createCore, type Core } from '../../electron/core/app';
import { memorySecretStore } from '../../electron/core/services/secrets';
import { createNodeFetch } from '../../electron/core/api/node-fetch';
import { percentile, report } from './stats';
import { judge } from './verdict';

const GOAL_MS = 200;
const PRODUCTS = 300;
const CASHIERS = ['ROSA QUISPE', 'JOSE FLORES', 'ANA RAMOS', 'LUIS TORRES'];
const METHODS = [['efectivo', 'Efectivo', 'cash'], ['yape', 'Yape', 'wallet'], ['tarjeta_debito', 'Tarjeta de débito', 'card']] as const;

/** A line of the stored payload as the till writes it (the fields the summary reads). */
const lineOf = (p: number, quantity: number) => {
  const value = ((p % 40) + 1) * quantity;
  return { cod_Producto: `P${p}`, descripcion: `Producto ${p}`, cantidad: quantity, monto_Valor_Venta: value, total_Impuestos: Number((value * 0.18).toFixed(2)) };
};

/**
 * `count` documents spread over 2025 (about 2,700 a day), issued between 08:00 and 21:59 by four cashiers, each with
 * three lines out of 300 products and one payment; every 50th a credit note and every 401st rejected. Returns the ms.
 */
function seedHistory(core: Core, count: number): number {
  const s = core.db.sqlite;
  const t0 = performance.now();
  const doc = s.prepare(`INSERT INTO documents (id_base_dato, doc_type, series, number, issued_at, issue_date, currency,
      customer_doc_type, customer_doc_number, customer_name, total, igv, payload, status, created_at, updated_at, cashier_name)
    VALUES (?, ?, ?, ?, ?, ?, 'PEN', '1', ?, 'CLIENTE', ?, '0.00', ?, ?, ?, ?, ?)`);
  const pay = s.prepare(`INSERT INTO document_payments (document_id, position, method, label, kind, tendered, applied)
    VALUES (?, 0, ?, ?, ?, ?, ?)`);
  const numbers = { B001: 0, BC01: 0 };
  s.transaction(() => {
    for (let n = 1; n <= count; n++) {
      const day = new Date(Date.UTC(2025, 0, 1) + Math.floor(((n - 1) / count) * 364) * 86_400_000).toISOString().slice(0, 10);
      const hour = String(8 + (n % 14)).padStart(2, '0');
      const note = n % 50 === 0;
      const series = note ? 'BC01' : 'B001';
      const number = ++numbers[series];
      const lines = [lineOf(n % PRODUCTS, 1), lineOf((n * 7) % PRODUCTS, 2), lineOf((n * 13) % PRODUCTS, 1)];
      const total = lines.reduce((sum, l) => sum + Math.round((l.monto_Valor_Venta + l.total_Impuestos) * 100), 0);
      const totalText = (total / 100).toFixed(2);
      const payload = JSON.stringify({ detalle: lines });
      const id = Number(doc.run(`sum-${n}`, note ? '07' : '03', series, number, `${day}T${hour}:15:00-05:00`, day, String(40_000_000 + n),
        totalText, payload, n % 401 === 0 ? 'rejected' : 'accepted', day, day, CASHIERS[n % CASHIERS.length]).lastInsertRowid);
      const [method, label, kind] = METHODS[n % METHODS.length]!;
      pay.run(id, method, label, kind, totalText, totalText);
    }
  })();
  s.exec('ANALYZE');
  return performance.now() - t0;
}

export async function run(count: number, rounds = 60): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-bench-summary-'));
  const core = createCore({ dataDir: dir, fetch: createNodeFetch(), secrets: memorySecretStore(), demoEndpoint: undefined, dailyBackups: false });
  try {
    const seedMs = seedHistory(core, count);
    report(`seed ${count.toLocaleString('en')} documents, sums kept by triggers`, { s: seedMs / 1000, us_per_document: (seedMs * 1000) / count });
    const months = ['03', '06', '09', '11'];
    const times: number[] = [];
    for (let i = 0; i < rounds + 5; i++) {
      const m = months[i % months.length]!;
      const t = performance.now();
      const res = await core.dispatch('getBusinessSummary', { from: `2025-${m}-01`, to: `2025-${m}-30`, scope: 'till' });
      if (!res.ok) throw new Error(`getBusinessSummary: ${JSON.stringify(res.error)}`);
      if (i >= 5) times.push(performance.now() - t);
    }
    const p95 = percentile(times, 95);
    const line = `getBusinessSummary, a month over ${count.toLocaleString('en')}`;
    report(line, { p50_ms: percentile(times, 50), p95_ms: p95, verdict: judge(line, p95, { figure: 'p95', atMost: GOAL_MS, unit: 'ms' }) });
  } finally {
    core.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
