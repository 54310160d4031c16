// One message to one SMTP server, through nodemailer's own SMTP connection, with the outcome told apart the way
// the mail outbox needs it: delivered, refused for good, not sent (safe to try again), or possibly sent (the message
// was handed over and no answer came back). nodemailer's transport reports every dropped connection the same way
// ('CONN'), whether before or after the message left; this layer watches the message itself to know which.
// nodemailer is loaded at the first message, not with the core: a till that sends no mail never evaluates it.
import { Readable } from 'node:stream';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import type Mail from 'nodemailer/lib/mailer';
import type { MailSettings } from '../../../shared/bridge/mail';

export interface SmtpAccount {
  settings: MailSettings;
  password: string | undefined;
}

export type SmtpOutcome =
  | { kind: 'sent'; response: string }
  /** The server refused it with a permanent code (5xx): sending it again would be refused again. */
  | { kind: 'refused'; message: string }
  /** Nothing left: no connection, a temporary refusal (4xx), the envelope refused temporarily. */
  | { kind: 'not_sent'; message: string }
  /** The message was handed over and the answer was lost: it may have been delivered. */
  | { kind: 'uncertain'; message: string };

export interface SmtpTimeouts {
  connectionMs: number;
  greetingMs: number;
  socketMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 60_000 };

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
}

/** The message as bytes (MIME), with its fixed Message-ID. */
export async function buildMessage(mail: Mail.Options): Promise<Buffer> {
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  return new Promise((resolve, reject) => {
    new MailComposer(mail).compile().build((err, message) => (err ? reject(err) : resolve(message)));
  });
}

/** A Spanish line for what went wrong, with the server's words when it said any. */
function describe(e: SmtpError): string {
  if (e.code === 'EAUTH') return `El servidor de correo rechazó el usuario o la contraseña${e.response ? ` (${e.response})` : ''}.`;
  if (e.code === 'ECONNECTION' || e.code === 'EDNS' || e.code === 'ETIMEDOUT' || e.code === 'ESOCKET') {
    return `Sin conexión con el servidor de correo (${e.message}).`;
  }
  if (e.code === 'ETLS') return `No se pudo establecer una conexión segura con el servidor de correo (${e.message}).`;
  return e.response ? `El servidor de correo respondió: ${e.response}` : `Error de correo: ${e.message}`;
}

export async function sendRaw(account: SmtpAccount, envelope: { from: string; to: string[] }, raw: Buffer, timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS): Promise<SmtpOutcome> {
  const { settings, password } = account;
  const { default: SMTPConnection } = await import('nodemailer/lib/smtp-connection');
  const connection = new SMTPConnection({
    host: settings.host,
    port: settings.port,
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
  });
  // Set once the server took the envelope and the message began to leave: from then on a lost answer may be a
  // delivered message.
  let handedOver = false;
  const message = new Readable({
    read() {
      handedOver = true;
      this.push(raw);
      this.push(null);
    },
  });
  const classify = (e: SmtpError): SmtpOutcome => {
    const message = describe(e);
    // The server answered: its code decides. 5xx is final, 4xx asks to come back later; in either case it kept nothing.
    if (typeof e.responseCode === 'number') return e.responseCode >= 500 && e.code !== 'ECONNECTION' ? { kind: 'refused', message } : { kind: 'not_sent', message };
    if (e.code === 'EAUTH') return { kind: 'refused', message };
    return handedOver ? { kind: 'uncertain', message } : { kind: 'not_sent', message };
  };
  // nodemailer reports a failed or dropped connection as an 'error' or 'end' event, not through the step's callback:
  // the conversation settles on whichever comes first.
  const conversation = new Promise<SMTPConnection.SentMessageInfo>((resolve, reject) => {
    connection.once('error', reject);
    // Later errors (a QUIT on a dead socket) have nothing left to decide, and must not go unheard.
    connection.on('error', () => {});
    connection.once('end', () => reject(Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION' })));
    connection.connect((err) => {
      if (err) return reject(err);
      const send = () => connection.send(envelope, message, (e, result) => (e ? reject(e) : resolve(result)));
      if (!settings.user) return send();
      connection.login({ user: settings.user, pass: password ?? '' }, (e) => (e ? reject(e) : send()));
    });
  });
  try {
    const info = await conversation;
    // The envelope's only recipient refused: nothing was delivered.
    if (info.rejected.length > 0 && info.accepted.length === 0) return { kind: 'refused', message: `El servidor de correo rechazó la dirección ${envelope.to.join(', ')}.` };
    return { kind: 'sent', response: info.response };
  } catch (e) {
    return classify(e as SmtpError);
  } finally {
    try {
      connection.quit();
    } catch {
      connection.close();
    }
  }
}
