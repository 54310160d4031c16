// A till of the accounts shop drill in its own process. First life: it joins the shop and opens its cash session; Caja
// 1 sells the shared factura al crédito, Caja 2 waits until it learned it from the server and unplugs its cable; both
// say "armed" and wait for the drill's go, then both collect cuota 1 of that factura at the same moment. Then a seeded
// mix until OPS writes: facturas al crédito and boletas on account, collections (some picking a document), and credit
// notes on its own credit sales. Each write is in pending.json before it is sent and kept a moment after its answer
// (the answer on its way to the screen): a life killed with SIGKILL sends it again first, under the same key. Each
// answer is appended to journal.jsonl (by key: a write answered twice is one). At the end it plugs back in, takes its
// Z and stays until its entries went up; with `settle`, until it knows every entry the server holds. argv: JSON (Args).
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { seededRandom } from '../../../electron/sandbox/faults';
import type { Collection, DocumentSummary } from '../../../shared/bridge';
import type { CashReport } from '../../../shared/cash/report';
import { limaDate } from '../../../shared/catalog';
import { createShopTillCore, joinShop, mustOn, type ShopTillArgs } from './shop-till-core';
import { liveTill } from './till-life';
import { writeAtomically } from './atomic-file';

interface Args extends ShopTillArgs {
  ops: number;
  seed: number;
  /** The drill's folder: shared.json (the shared factura) and go (the drill's signal) are there. */
  meet: string;
  offline?: boolean;
  settle?: boolean;
}

/** One answered write, as the drill adds it up: + a credit sale, − a note or a collection. */
export interface JournalLine {
  key: string;
  kind: 'sale' | 'note' | 'collection';
  docType: string;
  docNumber: string;
  amount: string;
}

/** Refusals a till may meet (nothing owed, a customer not known yet offline, a note beyond what is left). */
const EXPECTED = new Set(['nothing_owed', 'not_found', 'note_exceeds', 'not_notable', 'voided']);
export const BUYER = { docType: '6', docNumber: '20100066603', name: 'EMPRESA CLIENTE S.A.C.', address: 'Av. Lima 123' };
const NEIGHBOURS = ['45678912', '40112233'];
export const SHARED_CUOTAS = ['100.00', '80.00'] as const;

const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const file = (name: string) => path.join(args.dataDir, name);
const first = !fs.existsSync(file('caja.db'));
const core = createShopTillCore(args);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = (sql: string, ...values: unknown[]) => core.db.sqlite.prepare(sql).pluck().get(...values) as number;
const inDays = (n: number) => limaDate(new Date(Date.now() + n * 86_400_000));

interface Pending {
  method: string;
  input: Record<string, unknown>;
  kind?: JournalLine['kind'];
  customer?: { docType: string; docNumber: string };
}

async function write(p: Pending): Promise<unknown> {
  writeAtomically(file('pending.json'), JSON.stringify(p));
  if (p.method === 'recordCollection') process.stdout.write(`collecting ${String(p.input.clientKey)}\n`);
  const r = await core.dispatch(p.method, p.input);
  if (!r.ok && !EXPECTED.has(r.error.code)) throw new Error(`UNEXPECTED ${p.method} ${JSON.stringify(r.error)}`);
  if (r.ok && p.kind && p.customer) {
    const amount = p.kind === 'collection' ? (r.value as Collection).amount : (r.value as DocumentSummary).total;
    const entry: JournalLine = { key: String(p.input.clientKey), kind: p.kind, ...p.customer, amount };
    fs.appendFileSync(file('journal.jsonl'), `${JSON.stringify(entry)}\n`);
  }
  if (p.method === 'recordCollection') await sleep(150);
  fs.rmSync(file('pending.json'), { force: true });
  return r.ok ? r.value : undefined;
}

const creditFactura = (cuotas: readonly string[]): Pending => {
  const total = cuotas.reduce((s, x) => s + Math.round(Number(x) * 100), 0) / 100;
  return {
    method: 'issueSale', kind: 'sale', customer: BUYER,
    input: {
      clientKey: crypto.randomUUID(), docType: '01', currency: 'PEN', customer: BUYER,
      lines: [{ code: 'P001', description: 'Arroz extra 1 kg', unit: 'NIU', quantity: '1', unitPrice: total.toFixed(2), affectation: '10' }],
      payment: { method: 'CREDITO', installments: cuotas.map((amount, i) => ({ amount, dueDate: inDays(10 + 30 * i) })) },
    },
  };
};

const collection = (who: { docType: string; docNumber: string }, amount: string, document?: { series: string; number: number }): Pending => {
  const customer = { docType: who.docType, docNumber: who.docNumber };
  return { method: 'recordCollection', kind: 'collection', customer, input: { clientKey: crypto.randomUUID(), customer, amount, method: 'efectivo', ...(document ? { document } : {}) } };
};

function serverSettings(enabled: boolean) {
  const { host, port, database, user } = args.server;
  return { shopServer: { enabled, host, port, database, user, tls: 'off' as const, terminalName: args.name } };
}

/** Both tills collect cuota 1 of the shared factura once the drill says go. */
async function collide(): Promise<void> {
  const shared = path.join(args.meet, 'shared.json');
  if (args.series === 'B001' && !fs.existsSync(shared)) {
    const f = (await write(creditFactura(SHARED_CUOTAS))) as DocumentSummary;
    writeAtomically(shared, JSON.stringify({ series: f.series, number: f.number }));
  }
  while (!fs.existsSync(shared) || count("SELECT COUNT(*) FROM account_entries WHERE kind = 'charge' AND doc_number = ?", BUYER.docNumber) === 0) await sleep(50);
  if (args.offline) await mustOn(core, 'saveSettings', serverSettings(false));
  process.stdout.write('armed\n');
  while (!fs.existsSync(path.join(args.meet, 'go'))) await sleep(10);
  const pending = collection(BUYER, SHARED_CUOTAS[0], JSON.parse(fs.readFileSync(shared, 'utf8')) as { series: string; number: number });
  // Marked before it is sent: a life killed on it sends it again from pending.json, never a second one.
  writeAtomically(file('pending.json'), JSON.stringify(pending));
  fs.writeFileSync(file('collided'), '');
  await write(pending);
}

async function step(random: () => number, done: number): Promise<void> {
  const r = random();
  const own = core.db.sqlite
    .prepare("SELECT d.id, e.doc_type, e.doc_number FROM account_entries e JOIN documents d ON d.id = e.document_id WHERE e.kind = 'charge' AND d.status = 'accepted' ORDER BY random() LIMIT 1")
    .get() as { id: number; doc_type: string; doc_number: string } | undefined;
  if (own && (done % 8 === 4 || r < 0.1)) {
    await write({
      method: 'issueNote', kind: 'note', customer: { docType: own.doc_type, docNumber: own.doc_number },
      input: { clientKey: crypto.randomUUID(), of: own.id, type: '07', reason: '07', description: 'Devuelve arroz', lines: [{ line: 1, quantity: '0.1' }] },
    });
  } else if (r < 0.3) {
    const a = 20 + Math.floor(random() * 4000) / 100;
    const b = 10 + Math.floor(random() * 3000) / 100;
    await write(creditFactura(random() < 0.5 ? [a.toFixed(2)] : [a.toFixed(2), b.toFixed(2)]));
  } else if (r < 0.5) {
    const who = NEIGHBOURS[Math.floor(random() * NEIGHBOURS.length)]!;
    const customer = { docType: '1', docNumber: who, name: `VECINO ${who}`, address: '' };
    await write({
      method: 'issueSale', kind: 'sale', customer,
      input: {
        clientKey: crypto.randomUUID(), docType: '03', onAccount: true, customer,
        lines: [{ code: 'PAN', description: 'Pan francés', unit: 'NIU', quantity: String(1 + Math.floor(random() * 20)), unitPrice: '0.30', affectation: '10' }],
      },
    });
  } else {
    const customer = random() < 0.5 ? BUYER : { docType: '1', docNumber: NEIGHBOURS[Math.floor(random() * NEIGHBOURS.length)]! };
    const amount = (0.01 + Math.floor(random() * 2500) / 100).toFixed(2);
    await write(collection({ docType: customer.docType, docNumber: customer.docNumber }, amount));
  }
}

async function serverEntries(): Promise<number | null> {
  const client = new pg.Client({ ...args.server, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return Number((await client.query<{ n: string }>('SELECT count(*) AS n FROM account_entries')).rows[0]?.n);
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  await joinShop(core, args);
  core.start();
  process.stdout.write('ready\n');
  if (fs.existsSync(file('pending.json'))) {
    const pending = JSON.parse(fs.readFileSync(file('pending.json'), 'utf8')) as Pending;
    process.stdout.write(`resent ${pending.method}\n`);
    await write(pending);
  }
  if (!args.settle) {
    if (first) await write({ method: 'openCashSession', input: { clientKey: crypto.randomUUID(), openingFloat: '50' } });
    if (!fs.existsSync(file('collided'))) await collide();
    let done = fs.existsSync(file('ops-done')) ? Number(fs.readFileSync(file('ops-done'), 'utf8')) : 0;
    const random = seededRandom(args.seed + done * 7919);
    while (done < args.ops) {
      await step(random, done);
      writeAtomically(file('ops-done'), String(++done));
      await sleep(30 + Math.floor(random() * 50));
    }
    if (args.offline) await mustOn(core, 'saveSettings', serverSettings(true));
    if (!fs.existsSync(file('closed'))) {
      const x = (await mustOn(core, 'getCashReport', {})) as CashReport;
      const close: Pending = { method: 'closeCashSession', input: { clientKey: crypto.randomUUID(), countedCash: x.cash.expected } };
      writeAtomically(file('pending.json'), JSON.stringify(close));
      fs.writeFileSync(file('closed'), '');
      await write(close);
    }
  }
  const me = JSON.parse((core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'terminalId'").pluck().get() as string | undefined) ?? '""') as string;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const open = count("SELECT COUNT(*) FROM documents WHERE status IN ('pending', 'sending')");
    const through = Number(JSON.parse((core.db.sqlite.prepare("SELECT value FROM settings WHERE key = 'accountsPushedThrough'").pluck().get() as string | undefined) ?? '0'));
    const unpushed = count('SELECT COUNT(*) FROM account_entries WHERE id > ? AND till = ?', through, me);
    const known = count('SELECT COUNT(*) FROM account_entries');
    const onServer = args.settle ? await serverEntries() : known;
    if (open === 0 && unpushed === 0 && onServer === known) break;
    if (Date.now() > deadline) throw new Error(`NOT SETTLED ${JSON.stringify({ open, unpushed, known, onServer })}`);
    await sleep(100);
  }
}

liveTill(core, main);
