// The notes drill: a till issues SALES boletas and NOTES credit notes on them (whole, by lines, by an amount, a second
// partial note on a sale already partly credited) against the sandbox in its varying mode (docs/api/variations.md),
// in both dialects, with 30 % of the answers of invoice/send AND note/send lost after the sandbox declared the
// document, 1033 on every resend, and the till's process killed with SIGKILL several times mid-run, then restarted
// to finish and drain. The shop keeps its SOL credentials, so a note whose answer was lost is reconciled by its CDR.
// What must hold, read from the sandbox's own declarations and the till's store: every document declared exactly
// once (by its id_Base_Dato) and accepted, the till's statuses agreeing; the accepted credit notes of a sale never
// sum above its total. Default 300 sales and 100 notes; CAJA_NOTES_DRILL_SALES scales down for a local run.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { startSandbox, type Declaration } from '../../../electron/sandbox';
import { seededRandom } from '../../../electron/sandbox/faults';
import { useScratch } from '../core/harness';
import { spawnTill } from './spawn-till';

const SALES = Number(process.env.CAJA_NOTES_DRILL_SALES ?? 300);
const NOTES = Math.floor(SALES / 3);
const LOSS = { rate: 0.3, paths: ['/invoice/send', '/note/send'] };
const KILLS = 4;
const SEED = 20261125;

const scratch = useScratch('caja-notes-drill-');

interface Row {
  id: number;
  id_base_dato: string;
  doc_type: string;
  series: string;
  number: number;
  status: string;
  last_error: string | null;
  uncertain: number;
  total: string;
  payload: string;
}

/** Accepted (0) or observed (>= 4000) by the sandbox's own answer. */
const acceptedCode = (code: string) => code === '0' || Number(code) >= 4000;

/** Everything that must hold, as one object so that a failure prints all of it. */
function outcome(rows: Row[], declared: ReadonlyArray<Declaration>) {
  const byId = new Map<string, Declaration[]>();
  for (const d of declared) byId.set(d.idBaseDato ?? '?', [...(byId.get(d.idBaseDato ?? '?') ?? []), d]);
  const notes = rows.filter((r) => r.doc_type === '07');
  const sales = new Map(rows.filter((r) => r.doc_type === '03').map((r) => [`${r.series}-${r.number}`, r]));
  const credited = new Map<string, Decimal>();
  for (const n of notes) {
    if (!(byId.get(n.id_base_dato) ?? []).some((d) => acceptedCode(d.code))) continue;
    const of = (JSON.parse(n.payload) as { afectado_Num_Doc: string }).afectado_Num_Doc;
    credited.set(of, (credited.get(of) ?? new Decimal(0)).plus(n.total));
  }
  return {
    sales: rows.length - notes.length,
    notes: notes.length,
    declarations: declared.length,
    distinctKeys: new Set(declared.map((d) => d.key)).size,
    notDeclaredOnce: rows.filter((r) => (byId.get(r.id_base_dato) ?? []).length !== 1).map((r) => `${r.series}-${r.number}`),
    notAcceptedAtTill: rows.filter((r) => r.status !== 'accepted' && r.status !== 'observed').map((r) => `${r.series}-${r.number} ${r.status}: ${r.last_error ?? ''}`),
    notAcceptedBySandbox: rows.filter((r) => !(byId.get(r.id_base_dato) ?? []).every((d) => acceptedCode(d.code))).map((r) => `${r.series}-${r.number}`),
    overCredited: [...credited].filter(([of, sum]) => !sales.get(of) || sum.gt(sales.get(of)!.total)).map(([of, sum]) => `${of}: ${sum.toFixed(2)}`),
  };
}

describe('drill: credit notes against a varying sandbox, lost answers, 1033 on resends, SIGKILL', () => {
  it.each(['document', 'factiliza'] as const)(`%s dialect: ${SALES} sales and ${NOTES} notes declared once each, accepted, never over-credited`, async (dialect) => {
    const started = Date.now();
    const sandbox = await startSandbox({ port: 0, dialect, resendMode: 'always1033', vary: { seed: SEED } });
    scratch.onCleanup(() => sandbox.close());
    const dataDir = scratch.folder();
    const script = fileURLToPath(new URL('./notes-till-process.ts', import.meta.url));
    const args = [dataDir, sandbox.billingBaseUrl, sandbox.queryBaseUrl, sandbox.token, String(SALES), String(NOTES), dialect];
    const pause = seededRandom(SEED + 1);

    let life = 0;
    let kills = 0;
    while (kills < KILLS) {
      const run = spawnTill(script, args, { ...LOSS, seed: SEED + life++ });
      scratch.onCleanup(() => void run.child.kill('SIGKILL'));
      await Promise.race([run.ready, run.exit]);
      await new Promise((resolve) => setTimeout(resolve, 150 + pause() * 1_200));
      if (run.child.exitCode !== null) {
        expect(run.child.exitCode, run.output()).toBe(0);
        break; // finished before we could kill it
      }
      run.child.kill('SIGKILL');
      await run.exit;
      kills++;
    }
    const last = spawnTill(script, args, { ...LOSS, seed: SEED + life });
    scratch.onCleanup(() => void last.child.kill('SIGKILL'));
    expect(await last.exit, last.output()).toBe(0);
    expect(kills).toBeGreaterThanOrEqual(1);

    const db = new Database(path.join(dataDir, 'caja.db'), { readonly: true });
    const rows = db.prepare('SELECT id, id_base_dato, doc_type, series, number, status, last_error, uncertain, total, payload FROM documents ORDER BY id').all() as Row[];
    db.close();
    const got = outcome(rows, sandbox.declarations());
    expect(got).toEqual({
      sales: SALES,
      notes: NOTES,
      declarations: SALES + NOTES,
      distinctKeys: SALES + NOTES,
      notDeclaredOnce: [],
      notAcceptedAtTill: [],
      notAcceptedBySandbox: [],
      overCredited: [],
    });
    // Answers were lost and resent, notes among them (each resend met 1033 and was reconciled).
    expect(sandbox.requests()).toBeGreaterThan(SALES + NOTES);
    const reconciledNotes = rows.filter((r) => r.doc_type === '07' && r.uncertain === 1).length;
    expect(reconciledNotes).toBeGreaterThan(0);
    fs.writeSync(1, `notes drill (${dialect}): ${SALES} sales, ${NOTES} notes, ${kills} kills, ${sandbox.requests()} sends, ${reconciledNotes} notes reconciled, ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  }, 120_000);
});
