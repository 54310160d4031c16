// Linux (and macOS): a CUPS queue, the job passed through untouched with `lp -o raw`. CUPS accepts jobs for a queue
// whose printer is unplugged and keeps them, so the queue's state is asked first (`lpstat -p`): a stopped or
// disabled queue is said at once instead of a ticket that prints an hour later.
import { PrinterUnreachable, type RawTransport } from './types';
import { runCommand, type RunCommand } from './run-command';

export interface CupsOptions {
  queue: string;
  run?: RunCommand;
  timeoutMs?: number;
}

/** The queue's state from `lpstat -p <queue>` ("printer X is idle.  enabled since ..." / "printer X disabled since ..."). */
export function cupsQueueProblem(queue: string, lpstat: { code: number | null; stdout: string; stderr: string }): string | null {
  if (lpstat.code !== 0 || !lpstat.stdout.trim()) return `La cola de impresión «${queue}» no existe en este equipo (CUPS). Revise el nombre en Ajustes.`;
  if (/\bdisabled\b|deshabilitad|desactivad/i.test(lpstat.stdout)) {
    const reason = lpstat.stdout.split('\n').slice(1).map((l) => l.trim()).filter(Boolean).join(' ');
    return `La impresora «${queue}» está detenida en CUPS${reason ? ` (${reason})` : ''}. Revise que esté conectada y encendida, y reactívela (cupsenable ${queue}).`;
  }
  return null;
}

export function cupsTransport(options: CupsOptions): RawTransport {
  const run = options.run ?? runCommand;
  const { queue } = options;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const missing = (e: unknown) =>
    (e as NodeJS.ErrnoException).code === 'ENOENT'
      ? new PrinterUnreachable('Este equipo no tiene CUPS (no se encontró «lp»). Instálelo o elija otra conexión en Ajustes.')
      : (e as NodeJS.ErrnoException).code === 'ETIMEDOUT'
        ? new PrinterUnreachable(`CUPS no respondió a tiempo para la cola «${queue}».`)
        : new PrinterUnreachable(`No se pudo usar CUPS: ${(e as Error).message}`);
  return {
    target: `cola CUPS «${queue}»`,
    async send(bytes) {
      const status = await run('lpstat', ['-p', queue], { timeoutMs, env: { ...process.env, LC_ALL: 'C' } }).catch((e: unknown) => {
        throw missing(e);
      });
      const problem = cupsQueueProblem(queue, status);
      if (problem) throw new PrinterUnreachable(problem);
      const sent = await run('lp', ['-d', queue, '-o', 'raw', '-t', 'Caja ticket'], { input: bytes, timeoutMs, env: { ...process.env, LC_ALL: 'C' } }).catch((e: unknown) => {
        throw missing(e);
      });
      if (sent.code !== 0) throw new PrinterUnreachable(`CUPS no aceptó el ticket para «${queue}»: ${sent.stderr.trim() || `código ${String(sent.code)}`}.`);
    },
  };
}
