// Printing in the browser tests: the print route rendered in a page and turned into a PDF with page.pdf(), the way
// the Electron print window does with printToPDF (ticket: the paper's width and the content's height; A4 with 1 cm
// margins). `createPagePrinter` is the core's Printer of the harness: it opens the print route in a second page of
// the same browser context, so `pos.printDocument` really renders and produces a PDF in these tests.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { PrintJob, Printer } from '../../electron/core/services/printing';
import type { Paper } from '../../shared/bridge';
import { printRouteHash } from '../../renderer/print/print-job';

export const PRINT_ARTIFACTS = path.resolve(__dirname, '../artifacts/print');

/** 96 CSS px per inch, 25.4 mm per inch. */
export const PX_PER_MM = 96 / 25.4;

export interface PrintedJob {
  job: PrintJob;
  /** The PDF that came out (what the printer got, or the saved file). */
  pdf: Buffer;
  file: string;
}

/** Waits for the print route to say it is ready; throws its error text otherwise. */
export async function waitForPrintReady(page: Page): Promise<{ name: string; heightPx: number }> {
  const handle = await page.waitForFunction(() => {
    const d = document.documentElement.dataset;
    return d.printReady === '1' || d.printError ? { ready: d.printReady === '1', error: d.printError ?? '', name: d.printName ?? '' } : null;
  });
  const state = (await handle.jsonValue()) as { ready: boolean; error: string; name: string };
  if (!state.ready) throw new Error(`print route error: ${state.error}`);
  await page.emulateMedia({ media: 'print' });
  const heightPx = await page.evaluate(() => Math.ceil(document.querySelector('.print-root')?.getBoundingClientRect().height ?? 0));
  return { name: state.name, heightPx };
}

/** The PDF of the page on `paper`: a ticket as long as its content (plus 3 mm), A4 with 1 cm margins. */
export async function pdfOf(page: Page, paper: Paper, heightPx: number): Promise<Buffer> {
  if (paper === 'A4') {
    return page.pdf({ format: 'A4', printBackground: true, margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' } });
  }
  const heightMm = Math.ceil(heightPx / PX_PER_MM) + 3;
  return page.pdf({ width: paper, height: `${heightMm}mm`, printBackground: true, margin: { top: '0', bottom: '0', left: '0', right: '0' } });
}

export function printRouteUrl(
  baseUrl: string,
  view: { source: PrintJob['source']; paper: Paper; copy: boolean; cashReceived?: string },
): string {
  return `${baseUrl}/index.html${printRouteHash(view)}`;
}

export async function savePrintArtifact(name: string, data: Buffer): Promise<string> {
  await fs.mkdir(PRINT_ARTIFACTS, { recursive: true });
  const file = path.join(PRINT_ARTIFACTS, name);
  await fs.writeFile(file, data);
  return file;
}

let sequence = 0;

export function createPagePrinter(options: { openPage: () => Promise<Page>; baseUrl: string; printed: PrintedJob[] }): Printer {
  return {
    async print(job) {
      const page = await options.openPage();
      try {
        await page.goto(printRouteUrl(options.baseUrl, job));
        const { name, heightPx } = await waitForPrintReady(page);
        const pdf = await pdfOf(page, job.paper, heightPx);
        const file = await savePrintArtifact(`printer-${process.pid}-${++sequence}-${name}-${job.paper}-${job.action}${job.copy ? '-copia' : ''}.pdf`, pdf);
        options.printed.push({ job, pdf, file });
        return job.action === 'pdf' ? { done: true, savedTo: file } : { done: true };
      } finally {
        await page.close();
      }
    },
  };
}
