// A print that fails at the printer is said as the printer's failure, never as "an internal error": which printer, what
// went wrong, and what still stands (the document was issued and saved, and can be printed again later). The printer
// here is a real TCP port on 127.0.0.1 that refuses the connection, as a switched-off network printer does.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentSummary } from '../../../shared/bridge';
import { anonymousBoleta, useRigs } from '../core/harness';

const rig = useRigs();
const servers: net.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A port nothing listens on any more: connecting to it is refused at once. */
async function refusingPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const STILL_STANDS = 'El comprobante B001-00000001 ya está emitido y guardado: reimprímalo cuando la impresora esté lista.';

describe('a print that fails at the printer', () => {
  it('a network printer that refuses: its address, why, and that the document is issued and saved', async () => {
    const port = await refusingPort();
    const r = await rig();
    await r.call('saveTicketPrinter', { transport: 'tcp', host: '127.0.0.1', port });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await r.raw('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print' })).toEqual({
      ok: false,
      error: {
        code: 'print_failed',
        message: `No se pudo imprimir: la impresora 127.0.0.1:${port} rechazó la conexión (¿es el puerto 9100 y está encendida?). ${STILL_STANDS}`,
      },
    });
  });

  it('the system printer behind it failing too (its error reaches the core as a plain Error, as across the worker): named, never "internal"', async () => {
    const port = await refusingPort();
    const r = await rig({
      core: {
        printer: {
          print: async () => {
            throw new Error('No se pudo imprimir: la impresora no tiene papel.');
          },
        },
      },
    });
    await r.call('saveSettings', { printer: { deviceName: 'EPSON TM-T20', paper: '80mm' } });
    await r.call('saveTicketPrinter', { transport: 'tcp', host: '127.0.0.1', port });
    const doc = await r.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await r.raw('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print' })).toEqual({
      ok: false,
      error: { code: 'print_failed', message: `No se pudo imprimir en «EPSON TM-T20»: la impresora no tiene papel. ${STILL_STANDS}` },
    });
    // A4 goes to the system printer alone: the same answer.
    expect(await r.raw('printDocument', { source: { kind: 'document', id: doc.id }, action: 'print', paper: 'A4' })).toMatchObject({
      ok: false,
      error: { code: 'print_failed', message: `No se pudo imprimir en «EPSON TM-T20»: la impresora no tiene papel. ${STILL_STANDS}` },
    });
  });
});
