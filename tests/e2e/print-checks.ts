// What the print tests check a printed document against: its text (extracted from the PDF) and its QR (decoded from
// a screenshot). The expected QR text is built here from the stored payload or the record, apart from the app's code.
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { extractText } from 'unpdf';
import type { Invoice, ReceiptRecord } from '../../shared/api';
import type { DocumentDetail, Paper, PrintSource } from '../../shared/bridge';
import { pdfOf, PRINT_ARTIFACTS, printRouteUrl, savePrintArtifact, waitForPrintReady } from './print-page';

type Dispatch = (method: string, input: unknown) => Promise<{ ok: boolean; value?: unknown; error?: unknown }>;

export async function call<T>(dispatch: Dispatch, method: string, input: unknown): Promise<T> {
  const result = await dispatch(method, input);
  if (!result.ok) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
  return result.value as T;
}

/** The PDF's text, whitespace collapsed. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { text } = await extractText(new Uint8Array(pdf), { mergePages: true });
  return text.replace(/\s+/g, ' ').trim();
}

export async function pdfPages(pdf: Buffer): Promise<number> {
  return (await extractText(new Uint8Array(pdf), { mergePages: true })).totalPages;
}

/** The text of the QR in a PNG, or null when none can be read. */
export function decodeQr(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length), image.width, image.height)?.data ?? null;
}

const two = (n: number) => n.toFixed(2);

/** RUC|TIPO|SERIE|NUMERO|IGV|TOTAL|FECHA|TIPO_DOC_CLIENTE|NUM_DOC_CLIENTE|HASH| from the payload as sent. */
export function expectedQrOfPayload(invoice: Invoice, hash: string | null): string {
  const fields = [
    invoice.empresa_Ruc, invoice.tipo_Doc, invoice.serie, String(parseInt(invoice.correlativo, 10)), two(invoice.monto_Igv),
    two(invoice.monto_Imp_Venta), invoice.fecha_Emision.slice(0, 10), invoice.cliente_Tipo_Doc, invoice.cliente_Num_Doc, hash ?? '',
  ];
  return `${fields.join('|')}|`;
}

export function expectedQrOfRecord(record: ReceiptRecord): string {
  const [d, m, y] = record.fechaEmision.split('/');
  const fields = [
    record.numeroRuc, record.tipoComprobante, record.serieComprobante, String(record.numeroComprobante), two(record.totalIGV),
    two(record.montoTotalGeneral), `${y}-${m?.padStart(2, '0')}-${d?.padStart(2, '0')}`, record.tipoDocumentoCliente,
    record.numeroDocumentoCliente, '',
  ];
  return `${fields.join('|')}|`;
}

export function payloadOf(detail: DocumentDetail): Invoice {
  return JSON.parse(detail.payload) as Invoice;
}

export interface Rendered {
  text: string;
  qr: string | null;
  pdf: Buffer;
  pages: number;
}

/**
 * Loads the print route for `source` in `page`, waits until it is ready, decodes its QR from a screenshot and makes
 * the PDF. Keeps the PDF, the QR and a screenshot of the page under tests/artifacts/print/<name>.*.
 */
export async function renderPrinted(page: Page, baseUrl: string, view: { source: PrintSource; paper: Paper; copy: boolean }, name: string): Promise<Rendered> {
  await page.emulateMedia({ media: 'screen' });
  await page.goto('about:blank'); // a new document: the route reads its job once
  await page.goto(printRouteUrl(baseUrl, view));
  const { heightPx } = await waitForPrintReady(page);
  const qrPng = await page.getByTestId('print-qr').screenshot();
  await savePrintArtifact(`${name}-qr.png`, qrPng);
  await page.locator('.print-root').screenshot({ path: path.join(PRINT_ARTIFACTS, `${name}.png`) });
  const pdf = await pdfOf(page, view.paper, heightPx);
  await savePrintArtifact(`${name}.pdf`, pdf);
  return { text: await pdfText(pdf), qr: decodeQr(qrPng), pdf, pages: await pdfPages(pdf) };
}

/** Asserts every fragment is in the text (one message per missing fragment). */
export function expectTextToHave(text: string, fragments: string[]): void {
  const missing = fragments.filter((f) => !text.includes(f));
  expect(missing, `not in the printed text:\n${text}`).toEqual([]);
}
