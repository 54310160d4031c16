// A network receipt printer: raw bytes on TCP port 9100 ("raw" or "JetDirect" printing), the way every Ethernet and
// Wi-Fi ESC/POS printer takes jobs. The job is written and the connection closed; the printer prints as it reads.
import net from 'node:net';
import { PrinterUnreachable, type RawTransport } from './types';

export interface TcpOptions {
  host: string;
  port: number;
  /** Time to connect. Default 3 s: a printer on the shop's network answers in milliseconds. */
  connectTimeoutMs?: number;
  /** Time for the whole job once connected (a busy printer reads slowly). Default 15 s. */
  sendTimeoutMs?: number;
}

export function tcpTransport(options: TcpOptions): RawTransport {
  const target = `${options.host}:${options.port}`;
  return {
    target,
    send(bytes) {
      return new Promise((resolve, reject) => {
        const socket = net.createConnection({ host: options.host, port: options.port });
        socket.setNoDelay(true);
        let settled = false;
        const finish = (error?: string) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          socket.destroy();
          if (error) reject(new PrinterUnreachable(error));
          else resolve();
        };
        let timer = setTimeout(() => finish(`La impresora ${target} no respondió a tiempo. Revise que esté encendida y en la red.`), options.connectTimeoutMs ?? 3_000);
        socket.once('error', (e: NodeJS.ErrnoException) => {
          const why =
            e.code === 'ECONNREFUSED' ? 'rechazó la conexión (¿es el puerto 9100 y está encendida?)'
            : e.code === 'EHOSTUNREACH' || e.code === 'ENETUNREACH' ? 'no está al alcance en la red'
            : e.code === 'ENOTFOUND' ? 'no se encuentra con ese nombre'
            : `no acepta la conexión (${e.code ?? e.message})`;
          finish(`La impresora ${target} ${why}.`);
        });
        socket.once('connect', () => {
          clearTimeout(timer);
          timer = setTimeout(() => finish(`La impresora ${target} dejó de recibir el ticket (¿sin papel o con la tapa abierta?).`), options.sendTimeoutMs ?? 15_000);
          socket.end(bytes, () => finish());
        });
      });
    },
  };
}
