// Ajustes → Impresora de tickets. A network printer (here the tests' fake printer on 127.0.0.1) is chosen,
// "Imprimir prueba" sends the raw ESC/POS test page before anything is saved, and the settings are kept.
import { PNG } from 'pngjs';
import { test, expect } from './harness';
import { decodeEscPos, flatText } from '../support/escpos-decoder';
import { startFakePrinter } from '../support/fake-printer';

test('a network ticket printer: a bad address refused in Spanish, the test page printed raw, the settings saved', async ({ harness }) => {
  const printer = await startFakePrinter();
  try {
    const { page } = harness;
    await harness.open();
    await page.keyboard.press('F4');
    const section = page.getByRole('region', { name: 'Impresora de tickets' });
    await section.getByLabel('Conexión').selectOption({ label: 'Impresora de red (TCP, puerto 9100)' });
    await section.getByLabel('Dirección IP').fill('mal host!');
    await section.getByRole('button', { name: 'Imprimir prueba' }).click();
    await expect(section.getByLabel('Dirección IP')).toHaveAccessibleDescription('Ingrese la IP o el nombre de la impresora (ej. 192.168.1.50)');

    await section.getByLabel('Dirección IP').fill(printer.host);
    await section.getByLabel('Puerto').fill(String(printer.port));
    await section.getByLabel('Papel').selectOption({ label: '58 mm (32 columnas)' });
    await section.getByRole('button', { name: 'Imprimir prueba' }).click();
    await expect(section.getByText(`Prueba enviada a ${printer.host}:${printer.port}.`)).toBeVisible();
    const job = decodeEscPos((await printer.nextJob()).bytes);
    expect(flatText(job)).toContain('PRUEBA DE IMPRESIÓN');
    expect(flatText(job)).toContain('Papel: 58mm (32 columnas)');
    expect(job.cuts).toBe(1);

    // A 600 × 200 picture, black on its left half: kept at 384 × 128 dots, 1 bit per dot.
    const png = new PNG({ width: 600, height: 200 });
    for (let i = 0; i < 600 * 200; i++) png.data.set((i % 600) < 300 ? [0, 0, 0, 255] : [255, 255, 255, 255], i * 4);
    await section.getByLabel('Logo (opcional)').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.sync.write(png) });
    await expect(section.getByRole('img', { name: 'Vista previa del logo en el ticket' })).toBeVisible();

    await section.getByLabel('Abrir el cajón con el ticket (ventas en efectivo)').check();
    await section.getByRole('button', { name: 'Guardar impresora de tickets' }).click();
    await expect(section.getByText('Cambios guardados.')).toBeVisible();
    await harness.screenshot('ajustes-impresora-tickets');
    expect(await harness.core.dispatch('getTicketPrinter', {})).toMatchObject({
      ok: true, value: { transport: 'tcp', host: printer.host, port: printer.port, width: '58mm', codePage: 'cp850', drawerPulse: true, logo: { width: 384, height: 128 } },
    });
    // The next test page carries it, scaled to the 58 mm paper's 384 dots.
    await section.getByRole('button', { name: 'Imprimir prueba' }).click();
    expect(decodeEscPos((await printer.nextJob()).bytes).images).toEqual([{ width: 384, height: 128 }]);
  } finally {
    await printer.close();
  }
});
