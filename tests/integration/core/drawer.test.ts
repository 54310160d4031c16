// The cash drawer's raw ESC/POS pulse, received by a local TCP listener standing in for a network receipt
// printer on port 9100. The listener checks the bytes exactly: ESC p 0 25 250 (Epson ESC/POS "ESC p").
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openDrawer, sendDrawerPulse } from '../../../electron/core/cash';
import type { SettingsView } from '../../../shared/bridge';
import { anonymousBoleta, startRig, until, type Rig } from './harness';

/** A fake network printer: records every connection's bytes. */
async function listener(): Promise<{ port: number; received: Buffer[]; close: () => Promise<void> }> {
  const received: Buffer[] = [];
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('end', () => received.push(Buffer.concat(chunks)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return { port, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

describe('the cash drawer pulse', () => {
  it('sends exactly 1B 70 00 19 FA to the printer and closes the connection', async () => {
    const printer = await listener();
    closers.push(printer.close);
    await sendDrawerPulse({ host: '127.0.0.1', port: printer.port });
    await new Promise((r) => setTimeout(r, 50));
    expect(printer.received.map((b) => b.toString('hex'))).toEqual(['1b700019fa']);
  });

  it('answers in Spanish when nothing listens, and does nothing for a driver-opened drawer', async () => {
    const printer = await listener();
    await printer.close(); // the port is now free: connection refused
    expect(await openDrawer({ mode: 'network', host: '127.0.0.1', port: printer.port })).toEqual({
      opened: false, message: `La impresora 127.0.0.1:${printer.port} rechazó la conexión.`,
    });
    const never = () => Promise.reject(new Error('must not be called'));
    expect(await openDrawer({ mode: 'driver', host: '', port: 9100 }, never)).toMatchObject({ opened: false });
    expect(await openDrawer({ mode: 'none', host: '', port: 9100 }, never)).toMatchObject({ opened: false });
  });

  it('a cash sale and a cash movement open the drawer; a card sale does not', async () => {
    const printer = await listener();
    closers.push(printer.close);
    const r: Rig = await startRig();
    closers.push(() => r.dispose());
    await r.call('openCashSession', { clientKey: crypto.randomUUID(), openingFloat: '0' });
    const settings = await r.call<SettingsView>('getSettings');
    await r.call('saveSettings', { shift: { ...settings.shift, drawer: { mode: 'network', host: '127.0.0.1', port: printer.port } } });
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'debito', amount: '11.80' }] }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(printer.received).toHaveLength(0);
    await r.call('issueSale', anonymousBoleta({ tenders: [{ method: 'efectivo', amount: '20' }] }));
    await until(r, () => printer.received.length === 1);
    await r.call('addCashMovement', { clientKey: crypto.randomUUID(), kind: 'out', amount: '5', reason: 'Compra de bolsas' });
    await until(r, () => printer.received.length === 2);
    expect(printer.received.map((b) => b.toString('hex'))).toEqual(['1b700019fa', '1b700019fa']);
  });
});
