// Opening the cash drawer. A drawer hangs off the receipt printer's kick-out connector; the printer fires
// it when it receives the ESC/POS "generate pulse" command. Source: Epson ESC/POS Command Reference, "ESC p m t1 t2"
// (1B 70 m t1 t2): m = 0 selects connector pin 2, the pulse is on for t1 × 2 ms and off for t2 × 2 ms. 25 (50 ms on)
// and 250 (500 ms off) are the values Epson's own samples use and every common drawer solenoid accepts.
// Network receipt printers take raw ESC/POS on TCP port 9100 ("raw"/"JetDirect" printing).
import net from 'node:net';
import type { ShiftSettings } from '../../../shared/cash/settings';

export const DRAWER_PULSE: Readonly<Buffer> = Buffer.from([0x1b, 0x70, 0x00, 25, 250]);

/** Sends the pulse to host:port and resolves once the printer took the bytes; rejects in Spanish otherwise. */
export function sendDrawerPulse(target: { host: string; port: number }, timeoutMs = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection({ host: target.host, port: target.port });
    const fail = (message: string) => {
      socket.destroy();
      reject(new Error(message));
    };
    socket.setTimeout(timeoutMs, () => fail(`La impresora ${target.host}:${target.port} no respondió a tiempo.`));
    socket.once('error', (e: NodeJS.ErrnoException) =>
      fail(e.code === 'ECONNREFUSED' ? `La impresora ${target.host}:${target.port} rechazó la conexión.` : `No se pudo conectar con la impresora ${target.host}:${target.port} (${e.code ?? e.message}).`),
    );
    socket.once('connect', () => {
      socket.end(DRAWER_PULSE, () => {
        socket.destroy();
        resolve();
      });
    });
  });
}

/**
 * Opens the drawer as Ajustes says: a raw pulse to a network printer, or nothing when the printer driver opens it
 * with the ticket ('driver') or there is no drawer. Answers what happened; never throws (a sale is never undone
 * because a drawer did not open).
 */
export async function openDrawer(settings: ShiftSettings['drawer'], send = sendDrawerPulse): Promise<{ opened: boolean; message: string }> {
  if (settings.mode === 'none') return { opened: false, message: 'No hay cajón configurado.' };
  if (settings.mode === 'driver') return { opened: false, message: 'El cajón lo abre el controlador de la impresora al imprimir.' };
  try {
    await send({ host: settings.host, port: settings.port });
    return { opened: true, message: 'Cajón abierto.' };
  } catch (e) {
    return { opened: false, message: e instanceof Error ? e.message : String(e) };
  }
}
