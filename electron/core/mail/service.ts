// Documents that reach the customer by email: the shop's SMTP account (settings in the settings table, the
// password in the secret store, never in the database or the renderer), its test message, and the queue.
import { randomUUID } from 'node:crypto';
import type { DocumentDetail, SettingsView } from '../../../shared/bridge';
import { MailSettingsSchema, type DocumentEmail, type MailSettings, type MailSettingsView } from '../../../shared/bridge/mail';
import { dateTimeText } from '../../../shared/printing/printed-text';
import type { DocumentsRepository } from '../db';
import type { SettingsRepository } from '../db/repositories/settings';
import { CoreError } from '../services/errors';
import type { SecretStore } from '../services/secrets';
import type { EmailRow, EmailsRepository } from './repository';
import { composeDocumentMail, composeTestMail } from './message';
import { buildMessage, DEFAULT_SMTP_TIMEOUTS, sendRaw, type SmtpAccount, type SmtpTimeouts } from './smtp';
import type Mail from 'nodemailer/lib/mailer';

const SETTINGS_KEY = 'mail';

export interface MailServiceOptions {
  settingsRepo: SettingsRepository;
  secrets: SecretStore;
  repo: EmailsRepository;
  documents: DocumentsRepository;
  detail: (id: number) => DocumentDetail;
  company: () => SettingsView['company'];
  now: () => Date;
  timeouts?: SmtpTimeouts;
}

export class MailService {
  constructor(private readonly o: MailServiceOptions) {}

  settings(): MailSettings | null {
    const parsed = MailSettingsSchema.safeParse(this.o.settingsRepo.get(SETTINGS_KEY));
    return parsed.success ? parsed.data : null;
  }

  view(): MailSettingsView {
    return { settings: this.settings(), passwordSet: Boolean(this.o.secrets.get('smtpPassword')) };
  }

  save(settings: MailSettings, password?: string): MailSettingsView {
    this.o.settingsRepo.set(SETTINGS_KEY, settings);
    if (password !== undefined) {
      if (password === '') this.o.secrets.delete('smtpPassword');
      else this.o.secrets.set('smtpPassword', password);
    }
    return this.view();
  }

  account(): SmtpAccount | null {
    const settings = this.settings();
    return settings ? { settings, password: this.o.secrets.get('smtpPassword') } : null;
  }

  shopName(settings: MailSettings): string {
    const company = this.o.company();
    return settings.shopName || company.tradeName || company.name || 'Caja';
  }

  private configured(): SmtpAccount {
    const account = this.account();
    if (!account) throw new CoreError('mail_not_configured', 'El correo no está configurado: complete Ajustes → Correo y guarde.');
    return account;
  }

  /** "Enviar prueba": one message now, answered with what happened in Spanish. */
  async test(to: string): Promise<{ ok: boolean; message: string }> {
    const account = this.configured();
    const raw = await buildMessage(composeTestMail(this.shopName(account.settings), account.settings.from, to, this.o.now()));
    const outcome = await sendRaw(account, { from: account.settings.from, to: [to] }, raw, this.o.timeouts ?? DEFAULT_SMTP_TIMEOUTS);
    if (outcome.kind === 'sent') return { ok: true, message: `Correo de prueba enviado a ${to}. Revise su bandeja de entrada.` };
    if (outcome.kind === 'uncertain') return { ok: false, message: `No se recibió la respuesta del servidor: puede que el correo haya llegado. ${outcome.message}` };
    return { ok: false, message: outcome.message };
  }

  /**
   * Queues a document for one address (synchronous: it commits with its bridge key). The same document and address
   * already queued or sent answers that row: never a second message. A failed or uncertain one is queued again,
   * as the user now asks, with the same Message-ID.
   */
  queue(input: { id: number; to?: string | undefined }): DocumentEmail {
    const doc = this.o.documents.getById(input.id);
    if (!doc) throw new CoreError('not_found', `No existe el documento ${input.id}.`);
    this.configured();
    const to = (input.to ?? this.o.repo.customerEmailOf(doc.customer_doc_type, doc.customer_doc_number) ?? '').trim().toLowerCase();
    if (!to) {
      throw new CoreError('no_email', 'El cliente no tiene correo registrado: escriba la dirección a la que se enviará.', [
        { path: 'to', message: 'Escriba el correo del cliente' },
      ]);
    }
    // An address typed for a customer in the book is remembered there: their next document goes to it by default.
    if (input.to && doc.customer_doc_number) this.o.repo.setCustomerEmail(doc.customer_doc_type, doc.customer_doc_number, to);
    const at = this.o.now().toISOString();
    const existing = this.o.repo.find(doc.id, to);
    if (existing) {
      this.o.repo.requeue(existing.id, at);
      return this.viewOf(this.o.repo.get(existing.id)!);
    }
    const domain = this.account()!.settings.from.split('@')[1] ?? 'caja.local';
    const id = this.o.repo.insert(doc.id, to, `<${randomUUID()}@${domain}>`, at);
    return this.viewOf(this.o.repo.get(id)!);
  }

  /**
   * A sale just issued: queued for `typed` (the address the cashier wrote at the sale), or, when "Enviar al emitir"
   * is on, for the customer's address in the book. Nothing when no address applies, mail is not set up, or the
   * document is already queued there (a retried sale). Answers whether a row was queued.
   */
  queueOnIssue(documentId: number, typed: string | undefined): boolean {
    const settings = this.settings();
    const doc = this.o.documents.getById(documentId);
    if (!settings || !doc) return false;
    const to = (typed ?? (settings.sendOnIssue ? this.o.repo.customerEmailOf(doc.customer_doc_type, doc.customer_doc_number) : null) ?? '').trim().toLowerCase();
    if (!to) return false;
    if (typed && doc.customer_doc_number) this.o.repo.setCustomerEmail(doc.customer_doc_type, doc.customer_doc_number, to);
    if (this.o.repo.find(doc.id, to)) return false;
    const domain = settings.from.split('@')[1] ?? 'caja.local';
    this.o.repo.insert(doc.id, to, `<${randomUUID()}@${domain}>`, this.o.now().toISOString());
    return true;
  }

  /** The message of a queued row, composed again at each attempt from the stored document and its CDR. */
  compose(row: EmailRow): Promise<Mail.Options> {
    const settings = this.configured().settings;
    const doc = this.o.documents.getById(row.document_id);
    if (!doc) throw new Error(`document ${row.document_id} not found`);
    return composeDocumentMail({
      detail: this.o.detail(row.document_id),
      company: this.o.company(),
      shopName: this.shopName(settings),
      from: settings.from,
      to: row.recipient,
      messageId: row.message_id,
      cdrZip: doc.cdr_zip ? Buffer.from(doc.cdr_zip) : null,
      date: this.o.now(),
    });
  }

  emailsOf(documentId: number): DocumentEmail[] {
    return this.o.repo.of(documentId).map((r) => this.viewOf(r));
  }

  viewOf(row: EmailRow): DocumentEmail {
    return {
      id: row.id,
      to: row.recipient,
      status: row.status,
      attempts: row.attempts,
      sentAt: row.sent_at,
      lastError: row.last_error,
      summary: summaryOf(row),
    };
  }
}

function summaryOf(row: EmailRow): string {
  const to = row.recipient;
  switch (row.status) {
    case 'sent':
      return `Enviado por correo a ${to} el ${dateTimeText(row.sent_at)}`;
    case 'sending':
      return `Enviando por correo a ${to}…`;
    case 'queued':
      return row.last_error
        ? `Aún no enviado por correo a ${to}: ${row.last_error} Se reintentará solo.`
        : `En cola para enviar por correo a ${to}`;
    case 'failed':
      return `No se pudo enviar por correo a ${to}: ${row.last_error ?? 'el servidor lo rechazó.'}`;
    case 'uncertain':
      return `Puede que se haya enviado por correo a ${to}: ${row.last_error ?? ''} Pregunte al cliente antes de enviarlo otra vez.`;
  }
}
