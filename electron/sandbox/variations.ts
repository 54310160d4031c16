// The sandbox's varying mode: each answer takes a seeded, reproducible choice among the forms the API
// document allows (docs/api/variations.md). This file only draws the choices; the handlers apply them
// (send.ts, queries.ts, records.ts). Each choice draws from its own random stream, so the forms of one operation do
// not depend on how many requests of another came before: the same seed and the same requests give the same answers.
import JSZip from 'jszip';
import { seededRandom } from './faults';
import type { CdrLayout } from './types';

export interface VaryOptions {
  /** Seed of every choice. */
  seed: number;
}

/** How a send of an invalid document is refused: HTTP 400 with the error body (§2.3), or HTTP 200 with
 *  `success: false` and no authority answer (the provider's form, docs/api/provider-factiliza.md). */
export type RejectionForm = 'http400' | 'http200';
/** What an error body carries besides status, success and message: nothing, `data.error{code, message}`, or
 *  `{title, errors{field: [...]}}` (docs/api/provider-factiliza.md). */
export type ErrorExtras = 'none' | 'dataError' | 'fieldErrors';
/** How a record writes a line's description (§2.8): as sent, upper-cased, or re-spaced (double spaces, trailing). */
export type DescriptionForm = 'asSent' | 'upper' | 'respaced';

export interface Variation {
  rejectionForm(): RejectionForm;
  errorExtras(): ErrorExtras;
  /** CDR zip (docs/api/variations.md): SUNAT layout (Latin-1 XML) or OSE layout (UTF-8 XML). */
  cdrLayout(): CdrLayout;
  /** CDR zip: with a `dummy/` folder entry besides the R- file. */
  cdrDummyFolder(): boolean;
  /** §2.8 fechaEmision / fechaVencimiento: the date, or '-' (absent). One draw per field. */
  recordDate(): 'date' | 'dash';
  /** §2.8 line amounts (cantidad, precioUnitario, valorVtaUnitario) as strings with 2 or 10 decimals. */
  amountDecimals(): 2 | 10;
  /** §2.8 line description; one draw per line. */
  description(): DescriptionForm;
  /** §2.8 envelope: `success` present or missing. */
  recordSuccess(): boolean;
  /** §2.4 fecha_nacimiento / sexo: an empty string. One draw per field. */
  citizenBlank(): boolean;
  /** A 404 "not found": the envelope with `data: null`, or without `data`. */
  notFoundData(): boolean;
}

/** FNV-1a of the choice's name, mixed with the seed: one independent stream per choice. */
function streamSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function createVariation({ seed }: VaryOptions): Variation {
  const choice = <T>(name: string, forms: readonly T[]): (() => T) => {
    const random = seededRandom(streamSeed(seed, name));
    return () => forms[Math.floor(random() * forms.length)] as T;
  };
  return {
    rejectionForm: choice<RejectionForm>('rejectionForm', ['http400', 'http200']),
    errorExtras: choice<ErrorExtras>('errorExtras', ['none', 'dataError', 'fieldErrors']),
    cdrLayout: choice<CdrLayout>('cdrLayout', ['sunat', 'ose']),
    cdrDummyFolder: choice('cdrDummyFolder', [false, true]),
    recordDate: choice<'date' | 'dash'>('recordDate', ['date', 'dash']),
    amountDecimals: choice<2 | 10>('amountDecimals', [2, 10]),
    description: choice<DescriptionForm>('description', ['asSent', 'upper', 'respaced']),
    recordSuccess: choice('recordSuccess', [true, false]),
    citizenBlank: choice('citizenBlank', [false, true]),
    notFoundData: choice('notFoundData', [false, true]),
  };
}

/** The zipped CDR (base64) with an empty `dummy/` folder entry before the R- file, as SUNAT's own zips come. */
export async function withDummyFolder(cdrZip: string): Promise<string> {
  const source = await JSZip.loadAsync(cdrZip, { base64: true });
  const entries = Object.values(source.files);
  const zip = new JSZip();
  // The entry's own date, not the clock's: the same document always gives the same bytes.
  zip.file('dummy/', null, { dir: true, date: entries[0]?.date ?? new Date(0) });
  for (const entry of entries) {
    zip.file(entry.name, await entry.async('uint8array'), { date: entry.date, binary: true });
  }
  return zip.generateAsync({ type: 'base64', compression: 'DEFLATE' });
}
