// "Guardar PDF" and "Copiar para WhatsApp" through the real core: the A4 PDF is drawn in the core (no browser
// window), written where the save dialog points, its folder shown; the PDF's text is read back with a PDF reader.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractText } from 'unpdf';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import type { FileChooser } from '../../../electron/core/services/file-chooser';
import { anonymousBoleta, line, statusOf, until, useRigs } from './harness';

const rigs = useRigs();

function savingTo(dir: string, opts: { cancel?: boolean } = {}): FileChooser & { shown: string[] } {
  const shown: string[] = [];
  return {
    shown,
    chooseFolder: async () => null,
    chooseSaveFile: async (request) => (opts.cancel ? null : path.join(dir, request.defaultName)),
    showInFolder: async (file) => void shown.push(file),
  };
}

async function pdfText(file: string): Promise<string> {
  const { text } = await extractText(new Uint8Array(fs.readFileSync(file)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

function scratch(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-pdf-'));
  onTestFinished(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('a document saved as PDF by hand', () => {
  it('writes the A4 PDF with the issuer, the customer, the lines, the total and the hash, and shows its folder', async () => {
    const dir = scratch();
    const files = savingTo(dir);
    const rig = await rigs({ core: { files } });
    rig.core.start();
    const doc = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({
      customer: { docType: '1', docNumber: '45678912', name: 'Peña Ñique, María', address: '' },
      lines: [line(), line({ code: 'P002', description: 'Azúcar rubia 1 kg', quantity: '3', unitPrice: '4.20' })],
    }));
    await until(rig, () => statusOf(rig, doc.id) === 'accepted');

    const saved = await rig.call<{ saved: boolean; fileName: string }>('saveDocumentPdf', { id: doc.id });
    expect(saved.saved).toBe(true);
    expect(saved.fileName).toMatch(/^\d{11}-03-B\d{3}-\d{8}\.pdf$/);
    const file = path.join(dir, saved.fileName);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    expect(files.shown).toEqual([file]);
    // No half-written file left beside it.
    expect(fs.readdirSync(dir)).toEqual([saved.fileName]);

    const text = await pdfText(file);
    const number = `${doc.series}-${String(doc.number).padStart(8, '0')}`;
    expect(text).toContain('BOLETA DE VENTA ELECTRÓNICA');
    expect(text).toContain(number);
    expect(text).toContain('Peña Ñique, María');
    expect(text).toContain('Azúcar rubia 1 kg');
    expect(text).toContain('S/ 24.40'); // 2 × 5.90 + 3 × 4.20
    expect(text).toMatch(/Resumen: \S+/);
    expect(text).toContain('Representación impresa de la BOLETA DE VENTA ELECTRÓNICA');
    expect(text).not.toContain('REIMPRESIÓN');
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const dir = scratch();
    const files = savingTo(dir, { cancel: true });
    const rig = await rigs({ core: { files } });
    const doc = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await rig.call('saveDocumentPdf', { id: doc.id })).toEqual({ saved: false, fileName: null });
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(files.shown).toEqual([]);
  });

  it('says in the PDF and in the WhatsApp text that a document not yet accepted waits for SUNAT', async () => {
    const dir = scratch();
    const rig = await rigs({ core: { files: savingTo(dir) } });
    // The core not started: the sale stays in the outbox, unsent.
    const doc = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(statusOf(rig, doc.id)).toBe('pending');
    const saved = await rig.call<{ fileName: string }>('saveDocumentPdf', { id: doc.id });
    expect(await pdfText(path.join(dir, saved.fileName))).toContain('aún por enviar a SUNAT');
    const share = await rig.call<{ text: string }>('getDocumentShareText', { id: doc.id });
    expect(share.text).toMatch(/le envía su boleta de venta electrónica B\d{3}-\d{8} del \d{2}\/\d{2}\/\d{4} por S\/ 11\.80\./);
    expect(share.text).toContain('aún está por enviarse a SUNAT');
    expect(share.text).not.toContain('Puede consultar su validez');
  });

  it('answers a Spanish error for a document that does not exist', async () => {
    const rig = await rigs({ core: { files: savingTo(scratch()) } });
    await expect(rig.call('saveDocumentPdf', { id: 999 })).rejects.toThrow(/No existe|no existe/);
  });
});
