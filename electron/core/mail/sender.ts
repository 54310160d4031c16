// The mail outbox: sends the rows of document_emails one at a time, like the document outbox sends documents.
//
// At most once. A row is marked 'sending' and committed before the SMTP conversation starts. When the message was
// handed to the server and no answer came back (the connection dropped after DATA, or the process died mid-send),
// the row becomes 'uncertain' and is never sent again on its own: a customer who gets the same factura twice
// is worse than one who is asked "¿le llegó?", and the cashier can queue it again (sendDocumentEmail with a new
// key), which sends the same Message-ID, so a mail client that got the first shows one. Everything that surely did
// not leave (no connection, a 4xx, a refused envelope) waits in 'queued' and is retried with backoff.
import type { RetryPolicy } from '../outbox/retry';
import { DEFAULT_RETRY, retryDelayMs } from '../outbox/retry';
import type { EmailRow, EmailsRepository } from './repository';
import { buildMessage, DEFAULT_SMTP_TIMEOUTS, sendRaw, type SmtpAccount, type SmtpTimeouts } from './smtp';
import type Mail from 'nodemailer/lib/mailer';

export const LOST_ANSWER = 'Se perdió la respuesta del servidor de correo después de entregarle el mensaje: puede haber llegado.';
export const STOPPED_MID_SEND = 'Caja se cerró mientras enviaba este correo: puede haber llegado.';

export interface MailSenderOptions {
  repo: EmailsRepository;
  /** The account to send with; null while the mail settings are not saved. */
  account: () => SmtpAccount | null;
  /** The message of a row (with its fixed Message-ID). */
  compose: (row: EmailRow) => Promise<Mail.Options>;
  now?: () => Date;
  retry?: RetryPolicy;
  /** Longest sleep between looks at the queue. */
  pollMs?: number;
  timeouts?: SmtpTimeouts;
  /** A row changed: its document's detail refreshes. */
  emit?: (documentId: number) => void;
  log?: { warn(message: string, data?: Record<string, unknown>): void };
}

export class MailSender {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private readonly now: () => Date;

  constructor(private readonly o: MailSenderOptions) {
    this.now = o.now ?? (() => new Date());
  }

  start(): void {
    // Rows a dead process left 'sending' may have reached the customer: the user decides, never the loop.
    this.o.repo.abandonInFlight(STOPPED_MID_SEND, this.now().toISOString());
    this.stopped = false;
    this.wake();
  }

  /** Look at the queue now (a row was queued, the settings changed). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.running = this.drain()
      .catch((e: unknown) => this.o.log?.warn('mail outbox: a pass failed', { error: e instanceof Error ? e.message : String(e) }))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.wake();
        } else this.schedule();
      });
  }

  /** Ends the loop after the message in flight, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Settles once nothing is being sent (tests). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    const earliest = this.o.repo.earliest();
    if (earliest === null) return;
    const pollMs = this.o.pollMs ?? 60_000;
    const wait = earliest === '' ? 0 : Math.max(0, Math.min(pollMs, Date.parse(earliest) - this.now().getTime()));
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref?.();
  }

  private async drain(): Promise<void> {
    for (;;) {
      if (this.stopped) return;
      const row = this.o.repo.due(this.now().toISOString());
      if (!row) return;
      await this.sendOne(row);
    }
  }

  private retryLater(row: EmailRow, attempts: number, lastError: string): void {
    const next = new Date(this.now().getTime() + retryDelayMs(Math.max(1, attempts), this.o.retry ?? DEFAULT_RETRY));
    this.o.repo.record(row.id, { status: 'queued', nextAttemptAt: next.toISOString(), lastError }, this.now().toISOString());
  }

  private async sendOne(row: EmailRow): Promise<void> {
    const account = this.o.account();
    if (!account) {
      this.retryLater(row, row.attempts + 1, 'El correo no está configurado (Ajustes → Correo).');
      this.o.emit?.(row.document_id);
      return;
    }
    let raw: Buffer;
    try {
      raw = await buildMessage(await this.o.compose(row));
    } catch (e) {
      this.o.repo.record(row.id, { status: 'failed', lastError: `No se pudo preparar el mensaje: ${e instanceof Error ? e.message : String(e)}` }, this.now().toISOString());
      this.o.emit?.(row.document_id);
      return;
    }
    // Committed before a byte leaves: a crash from here on leaves the row 'sending', which start() reads as uncertain.
    if (!this.o.repo.claim(row.id, this.now().toISOString())) return;
    this.o.emit?.(row.document_id);
    const outcome = await sendRaw(account, { from: account.settings.from, to: [row.recipient] }, raw, this.o.timeouts ?? DEFAULT_SMTP_TIMEOUTS);
    const at = this.now().toISOString();
    switch (outcome.kind) {
      case 'sent':
        this.o.repo.record(row.id, { status: 'sent', response: outcome.response, sentAt: at }, at);
        break;
      case 'refused':
        this.o.repo.record(row.id, { status: 'failed', lastError: outcome.message }, at);
        break;
      case 'not_sent':
        this.retryLater(row, row.attempts + 1, outcome.message);
        break;
      case 'uncertain':
        this.o.repo.record(row.id, { status: 'uncertain', lastError: `${LOST_ANSWER} (${outcome.message})` }, at);
        break;
    }
    this.o.emit?.(row.document_id);
  }
}
