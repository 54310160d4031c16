// Ajustes → Caja y cajón. The discount limit and the drawer are the owner's; "Probar cajón" sends the real
// ESC/POS pulse to a network printer, here a local TCP listener that checks the bytes.
import net from 'node:net';
import { test, expect } from './harness';

test('the drawer is set to a network printer and "Probar cajón" opens it; a bad address is refused in Spanish', async ({ harness }) => {
  const received: string[] = [];
  const printer = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => received.push(Buffer.concat(chunks).toString('hex')));
  });
  await new Promise<void>((resolve) => printer.listen(0, '127.0.0.1', resolve));
  const port = (printer.address() as net.AddressInfo).port;
  try {
    const { page } = harness;
    await harness.open();
    await page.keyboard.press('F4');
    const section = page.getByRole('region', { name: 'Caja y cajón' });
    await section.getByLabel('Descuento máximo sin autorización (%)').fill('25');
    await section.getByLabel('Cajón de dinero').selectOption({ label: 'Impresora de red (pulso ESC/POS al puerto 9100)' });
    await section.getByLabel('IP de la impresora').fill('mal host!');
    await section.getByRole('button', { name: 'Guardar ajustes de caja' }).click();
    await expect(section.getByLabel('IP de la impresora')).toHaveAccessibleDescription('Ingrese la IP o el nombre de la impresora (ej. 192.168.1.50)');
    await section.getByLabel('IP de la impresora').fill('127.0.0.1');
    await section.getByLabel('Puerto').fill(String(port));
    await section.getByRole('button', { name: 'Probar cajón' }).click();
    await expect(section.getByText('Cajón abierto.')).toBeVisible();
    await expect.poll(() => received).toEqual(['1b700019fa']);
    await harness.screenshot('ajustes-caja-cajon');
    const settings = await harness.core.dispatch('getSettings', {});
    expect(settings).toMatchObject({ ok: true, value: { shift: { requireSession: true, discountLimit: '25', drawer: { mode: 'network', host: '127.0.0.1', port } } } });
  } finally {
    await new Promise<void>((resolve) => printer.close(() => resolve()));
  }
});
