// Benchmark of the product catalogue: search as you type and scan lookup over 50,000 products, each call
// going through the bridge schemas (input parse, service, output parse) like a dispatch does. Target: a search
// answers in under 20 ms. Also times the CSV import of the whole catalogue and its export.
// Run alone with `npx tsx tests/bench/products.bench.ts`, or through tests/bench/run.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase, ProductsRepository, type ProductUpsert } from '../../electron/core/db';
import { ean13CheckDigit, ProductsService } from '../../electron/core/products';
import { productsContract } from '../../shared/bridge/products';
import { workerSource } from '../../electron/core/workers/worker-source';
import { percentile, report, timeEach } from './stats';

const KINDS = [
  'Arroz', 'Leche', 'Azúcar', 'Aceite', 'Fideos', 'Galletas', 'Gaseosa', 'Agua', 'Atún', 'Detergente', 'Jabón',
  'Papel Higiénico', 'Café', 'Té', 'Chocolate', 'Mantequilla', 'Yogurt', 'Queso', 'Jamonada', 'Harina', 'Avena',
  'Sal', 'Vinagre', 'Mayonesa', 'Kétchup', 'Mostaza', 'Sardinas', 'Lentejas', 'Frejoles', 'Champú', 'Pasta Dental',
  'Cerveza', 'Néctar', 'Mermelada', 'Cereal', 'Caramelos', 'Pañales', 'Lejía', 'Suavizante', 'Esponja',
];
const BRANDS = [
  'Costeño', 'Gloria', 'Laive', 'Primor', 'Don Vittorio', 'Field', 'Inca Kola', 'San Luis', 'Florida', 'Bolívar',
  'Elite', 'Altomayo', 'Sublime', 'Alacena', 'Molitalia', 'Pura Vida', 'Ideal', 'Nicolini', 'Casino', 'Winter',
  'Cielo', 'Pilsen', 'Cusqueña', 'Huggies', 'Sapolio', 'Opal', 'Ariel', 'Ace', 'Angel', 'Bells', 'Emsal', 'Tottus',
  'Vea', 'Paisana', 'Campomar', 'Fanny', 'Frutado', 'Pietro', 'Ñapancha', 'Señorial',
];
const VARIANTS = ['Clásico', 'Light', 'Extra', 'Premium', 'Familiar', 'Económico', 'Original', 'Natural', 'Fresa', 'Vainilla'];
const SIZES = ['100 g', '250 g', '500 g', '1 kg', '5 kg', '330 ml', '500 ml', '1 L', '1.5 L', '3 L', 'x 6', 'x 12'];

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same catalogue. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function catalogue(count: number): ProductUpsert[] {
  const next = random(7);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const weighted = i % 25 === 0;
    const first12 = `775${String(1_000_000_000 + i * 7).slice(1)}`;
    return {
      // Most products carry an EAN-13; one in ten an internal code.
      code: i % 10 === 9 ? `P${String(i).padStart(6, '0')}` : `${first12}${ean13CheckDigit(first12)}`,
      description: `${pick(KINDS)} ${pick(BRANDS)} ${pick(VARIANTS)} ${weighted ? 'a granel (kg)' : pick(SIZES)} #${i}`,
      unit: weighted ? 'KGM' : 'NIU',
      price: `${1 + Math.floor(next() * 60)}.${String(Math.floor(next() * 100)).padStart(2, '0')}`.replace(/\.?0+$/, ''),
      affectation: i % 40 === 0 ? '20' : '10',
      active: i % 50 !== 0,
    };
  });
}

export async function run(count = 50_000): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-products-bench-'));
  const db = openDatabase({ path: path.join(dir, 'caja.db') });
  try {
    const repo = new ProductsRepository(db);
    const service = new ProductsService(repo);
    const items = catalogue(count);
    const t0 = performance.now();
    repo.bulkUpsert(items);
    const seedMs = performance.now() - t0;
    console.log(`  (seeded ${count.toLocaleString('en')} products in ${(seedMs / 1000).toFixed(2)} s)`);

    // Each call as a dispatch does it: parse the input, call the service, parse the output.
    const list = (input: Record<string, unknown>) =>
      productsContract.listProducts.output.parse(service.listProducts(productsContract.listProducts.input.parse(input)));
    const scan = (code: string) =>
      productsContract.getProductByCode.output.parse(
        service.getProductByCode(productsContract.getProductByCode.input.parse({ code })),
      );

    const measure = async (name: string, fn: (i: number) => unknown) => {
      await timeEach(100, fn); // warm-up
      const samples = await timeEach(1_000, fn);
      report(`products ${name} (${count.toLocaleString('en')})`, {
        p50_ms: percentile(samples, 50),
        p95_ms: percentile(samples, 95),
        max_ms: Math.max(...samples),
      }, ...(name.startsWith('search') ? [{ figure: 'p95_ms', atMost: 20, unit: 'ms' }] : []));
    };

    const words = ['arr', 'leche glo', 'inca', 'deterg bol', 'azu', 'choc sub', 'fid don vit', 'papel eli', 'cafe', 'nap'];
    await measure('search description prefix', (i) => list({ text: words[i % words.length], limit: 20 }));
    await measure('search one letter (worst case)', (i) => list({ text: 'acdfglmps'[i % 9], limit: 20 }));
    const typing = ['a', 'ar', 'arr', 'arro', 'arroz', 'arroz c', 'arroz co', 'arroz cos'];
    await measure('search while typing "arroz cos"', (i) => list({ text: typing[i % typing.length], limit: 20 }));
    const codes = items.map((item) => item.code);
    await measure('search code prefix (6-9 chars)', (i) => {
      const code = codes[(i * 7919) % codes.length]!;
      return list({ text: code.slice(0, 6 + (i % 4)), limit: 20 });
    });
    await measure('search code prefix "775" (all)', () => list({ text: '775', limit: 20 }));
    await measure('list all, no text, inactive too', (i) => list({ includeInactive: i % 2 === 0, limit: 50 }));
    await measure('scan lookup (exact code)', (i) => {
      const j = (i * 104_729) % codes.length;
      const found = scan(codes[j]!);
      if ((found === null) !== (j % 50 === 0)) throw new Error(`scan of ${codes[j]} answered wrongly`); // 1 in 50 inactive
    });
    await measure('scan lookup (unknown code)', (i) => scan(`999${String(i).padStart(10, '0')}`));

    // The import reads in a worker. From the sources its script is bundled on first use; the app reads the
    // one `npm run build` made. That one-time cost is not the import's.
    await workerSource('products-import');
    let longestTurnMs = 0;
    const exportStart = performance.now();
    const file = service.exportProducts();
    const exportMs = performance.now() - exportStart;
    // How long the event loop is held at most while the import runs (a sale waiting would wait that long).
    let last = performance.now();
    let watching = true;
    const watch = () => {
      const now = performance.now();
      longestTurnMs = Math.max(longestTurnMs, now - last);
      last = now;
      if (watching) setTimeout(watch, 0);
    };
    setTimeout(watch, 0);
    const importStart = performance.now();
    const again = await service.importProducts({ csv: file.csv, mode: 'all_or_nothing' });
    const importMs = performance.now() - importStart;
    watching = false;
    if (again.unchanged !== count || again.errors.length > 0) throw new Error(`re-import changed data: ${JSON.stringify(again).slice(0, 200)}`);
    const freshDb = openDatabase({ path: ':memory:' });
    const freshStart = performance.now();
    const first = await new ProductsService(new ProductsRepository(freshDb)).importProducts({ csv: file.csv, mode: 'all_or_nothing' });
    const freshMs = performance.now() - freshStart;
    freshDb.close();
    if (first.imported !== count) throw new Error('import into an empty catalogue lost rows');
    report(`products CSV (${count.toLocaleString('en')} rows, ${(file.csv.length / 1e6).toFixed(1)} MB)`, {
      export_ms: exportMs,
      import_new_ms: freshMs,
      reimport_unchanged_ms: importMs,
      reimport_longest_loop_block_ms: longestTurnMs,
    });
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
