// Linux: a USB receipt printer seen by the kernel's usblp driver as /dev/usb/lp0 (no CUPS queue needed). The job is
// written to the device file; the user running Caja needs to be in the device's group (usually `lp`).
import fs from 'node:fs/promises';
import { PrinterUnreachable, type RawTransport } from './types';

export function deviceTransport(options: { device: string; timeoutMs?: number }): RawTransport {
  const { device } = options;
  return {
    target: device,
    async send(bytes) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        // usblp blocks a write while the printer is out of paper or its cover is open.
        timer = setTimeout(() => reject(new PrinterUnreachable(`La impresora en ${device} no recibió el ticket a tiempo (¿sin papel o con la tapa abierta?).`)), options.timeoutMs ?? 10_000);
      });
      const write = (async () => {
        let handle: fs.FileHandle | undefined;
        try {
          handle = await fs.open(device, 'w');
          await handle.write(bytes);
        } catch (e) {
          const code = (e as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'ENODEV' || code === 'ENXIO') throw new PrinterUnreachable(`No se encuentra la impresora en ${device}. Revise que esté conectada por USB y encendida.`);
          if (code === 'EACCES' || code === 'EPERM') throw new PrinterUnreachable(`Caja no tiene permiso para escribir en ${device}. Agregue el usuario al grupo «lp» (sudo usermod -aG lp $USER) y vuelva a iniciar sesión.`);
          if (code === 'EBUSY') throw new PrinterUnreachable(`La impresora en ${device} está ocupada por otro programa (¿una cola CUPS?).`);
          throw new PrinterUnreachable(`No se pudo escribir en ${device} (${code ?? (e as Error).message}).`);
        } finally {
          await handle?.close().catch(() => undefined);
        }
      })();
      try {
        await Promise.race([write, timeout]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
