// Benchmark of shared/billing: invoices built per second (validation + line math + JSON) for sales of 1, 10 and
// 100 lines, and the cost of one live-totals call on a 200-line form. Target: 10,000 ten-line invoices per
// second on one core. Run alone with `npx tsx tests/bench/billing.bench.ts`, or through tests/bench/run.ts.
import { pathToFileURL } from 'node:url';
import { buildInvoice, computeTotals, type CompanyInput, type SaleDraftInput } from '../../shared/billing';
import { report } from './stats';

const COMPANY: CompanyInput = { ruc: '20600995805' };
const UNITS = ['NIU', 'KGM', 'NIU', 'BX'] as const;

function saleOf(lineCount: number, seed: number): SaleDraftInput {
  return {
    docType: '03', series: 'B001', number: seed + 1, issuedAt: '2026-03-02T10:15:00-05:00', currency: 'PEN',
    customer: { docType: '1', docNumber: '45678912', name: 'Juan Pérez', address: '' },
    lines: Array.from({ length: lineCount }, (_, k) => {
      const unit = UNITS[(seed + k) % UNITS.length]!;
      return {
        code: `P${k}`, description: `Producto ${k}`, unit,
        quantity: unit === 'KGM' ? `0.${String(100 + ((seed * 7 + k) % 900))}` : String(1 + ((seed + k) % 5)),
        unitPrice: `${1 + ((seed + k * 13) % 90)}.${String((seed + k) % 100).padStart(2, '0')}`,
        affectation: k % 6 === 5 ? '20' : '10',
        bag: unit === 'NIU' && k % 9 === 8,
      };
    }),
  };
}

/** Calls `fn` for about `ms` milliseconds and returns calls per second. */
function throughput(ms: number, fn: (i: number) => unknown): number {
  let calls = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let k = 0; k < 50; k += 1) fn(calls + k);
    calls += 50;
    elapsed = performance.now() - start;
  }
  return (calls / elapsed) * 1000;
}

export async function run(): Promise<void> {
  const variants = 64; // distinct sales per size, so no single input is special-cased by the JIT
  for (const lineCount of [1, 10, 100]) {
    const sales = Array.from({ length: variants }, (_, i) => saleOf(lineCount, i));
    throughput(300, (i) => buildInvoice(sales[i % variants]!, COMPANY)); // warm-up
    const perSecond = throughput(800, (i) => buildInvoice(sales[i % variants]!, COMPANY));
    // The target is set on ten-line sales.
    const target = lineCount === 10 ? [{ figure: 'invoices_per_s', atLeast: 10_000 }] : [];
    report(`billing buildInvoice ${String(lineCount).padStart(3)} lines`, { invoices_per_s: Math.round(perSecond), us_each: (1000 / perSecond) * 1000 }, ...target);
  }
  const form = saleOf(200, 3);
  throughput(200, () => computeTotals(form, COMPANY));
  const perSecond = throughput(600, () => computeTotals(form, COMPANY));
  report('billing computeTotals 200 lines', { ms_per_call: (1000 / perSecond).toFixed(3) });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
