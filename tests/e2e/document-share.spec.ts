// A document that reaches the customer: sent by email to a real SMTP server on 127.0.0.1, saved as PDF and passed on
// through WhatsApp, from the document's detail as a cashier does it.
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { extractText } from 'unpdf';
import { test, expect } from './harness';
import { closeDialog, ticketDialog, typeLine, waitForStatus } from './sale-helpers';

async function startSmtp(): Promise<{ port: number; received: string[]; close: () => Promise<void> }> {
  const received: string[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { port: (server.server.address() as AddressInfo).port, received, close: () => new Promise((r) => server.close(() => r())) };
}

test('a document is sent by email, saved as PDF and copied for WhatsApp from its detail', async ({ harness, context }) => {
  const smtp = await startSmtp();
  try {
    const { page } = harness;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await harness.open();
    const saved = await harness.core.dispatch('saveMailSettings', {
      settings: { preset: 'custom', host: '127.0.0.1', port: smtp.port, security: 'none', user: '', from: 'ventas@bodega.pe', shopName: 'Bodega Doña Rosa' },
    });
    expect(saved.ok).toBe(true);

    await typeLine(page, 1, { code: 'P1', description: 'Leche evaporada', quantity: '3', price: '4.20' });
    await page.keyboard.press('F12');
    await expect(ticketDialog(page)).toBeVisible();
    await closeDialog(page);
    await waitForStatus(harness.core.dispatch, 1, 'accepted');

    await page.getByRole('button', { name: /^Documentos/ }).click();
    await page.getByRole('button', { name: 'Ver boleta B001-00000001' }).click();
    await expect(page.getByRole('heading', { name: 'Boleta B001-00000001' })).toBeVisible();

    // By email: a customer with no address in the book is asked for one, in Spanish.
    const email = page.getByTestId('document-email');
    await email.getByRole('button', { name: 'Enviar por correo' }).click();
    await expect(email).toContainText('El cliente no tiene correo registrado');
    await email.getByLabel('Correo del cliente').fill('cliente@correo.pe');
    await email.getByRole('button', { name: 'Enviar por correo' }).click();
    await expect(email.getByTestId('document-email-status')).toContainText('Enviado por correo a cliente@correo.pe', { timeout: 15_000 });
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/filename=.*B001-00000001\.pdf/);

    // Saved as PDF where the dialog points; the PDF reads as the document.
    const share = page.getByTestId('document-share');
    await share.getByRole('button', { name: 'Guardar PDF' }).click();
    await expect(share).toContainText(/PDF guardado: \d{11}-03-B001-00000001\.pdf/);
    const file = harness.dialogs.saved.at(-1)!;
    const { text } = await extractText(new Uint8Array(await fs.readFile(file)), { mergePages: true });
    expect(text.replace(/\s+/g, ' ')).toContain('S/ 12.60');

    // For WhatsApp: the PDF saved again and the message on the clipboard.
    await share.getByRole('button', { name: 'Copiar para WhatsApp' }).click();
    await expect(share).toContainText('mensaje copiado');
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(clip).toMatch(/le envía su boleta de venta electrónica B001-00000001 del \d{2}\/\d{2}\/\d{4} por S\/ 12\.60\./);
    await share.scrollIntoViewIfNeeded();
    await harness.screenshot('documento-correo-pdf-whatsapp');
  } finally {
    await smtp.close();
  }
});

test('an address typed at the sale gets the document by email once it is issued', async ({ harness }) => {
  const smtp = await startSmtp();
  try {
    const { page } = harness;
    await harness.open();
    expect(await harness.core.dispatch('saveMailSettings', {
      settings: { preset: 'custom', host: '127.0.0.1', port: smtp.port, security: 'none', user: '', from: 'ventas@bodega.pe', shopName: 'Bodega Doña Rosa' },
    })).toMatchObject({ ok: true });
    // A mistyped address is said on its field and nothing is issued.
    await page.getByLabel('Enviar por correo a (opcional)').fill('cliente@');
    await typeLine(page, 1, { code: 'P1', description: 'Leche evaporada', quantity: '2', price: '4.20' });
    await page.keyboard.press('F12');
    await expect(page.getByLabel('Enviar por correo a (opcional)')).toHaveAccessibleDescription('Correo electrónico no válido');
    await page.getByLabel('Enviar por correo a (opcional)').fill('cliente@correo.pe');
    await harness.screenshot('venta-con-correo');
    await page.keyboard.press('F12');
    await expect(ticketDialog(page)).toBeVisible();
    await closeDialog(page);
    await waitForStatus(harness.core.dispatch, 1, 'accepted');
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(1);
    expect(smtp.received[0]).toMatch(/filename=.*B001-00000001\.pdf/);
    // The next sale starts without the address.
    await expect(page.getByLabel('Enviar por correo a (opcional)')).toHaveValue('');
  } finally {
    await smtp.close();
  }
});
