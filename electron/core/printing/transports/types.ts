// How raw ESC/POS bytes reach the ticket printer. Every transport answers once the printer (or the
// system's queue, after checking the printer is there) took the bytes, and fails with a Spanish sentence saying
// what to check, within a bounded time: a sale never waits on a printer that does not answer.
export interface RawTransport {
  /** Who the bytes go to, for messages: '192.168.1.50:9100', 'cola CUPS «TM-T20»'. */
  readonly target: string;
  send(bytes: Uint8Array): Promise<void>;
}

/** A transport's failure: its message is for the cashier. */
export class PrinterUnreachable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrinterUnreachable';
  }
}
