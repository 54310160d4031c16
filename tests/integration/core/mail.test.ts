// Documents sent by email, against a real SMTP server (smtp-server) on 127.0.0.1: never a mock. The core is the
// real one (SQLite file, sandbox API over HTTP), so the CDR attached is the one the sandbox returned.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import type { DocumentDetail, DocumentEmail, DocumentSummary, MailSettings } from '../../../shared/bridge';
import { anonymousBoleta, startRig, statusOf, until, useRigs, type Rig } from './harness';

interface Received {
  to: string[];
  raw: string;
}

interface Smtp {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

/** A real SMTP server. `loseAnswer`: it takes the whole message, then drops the connection before answering. */
async function startSmtp(opts: { port?: number; loseAnswer?: boolean } = {}): Promise<Smtp> {
  const received: Received[] = [];
  const sockets = new Set<Socket>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === 'caja@tienda.pe' && auth.password === 'clave-secreta') cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        if (opts.loseAnswer) {
          for (const s of sockets) s.destroy();
          return;
        }
        cb();
      });
    },
  });
  server.server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (taken, then freed). */
async function freePort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as net.AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

const settingsFor = (port: number): MailSettings => ({
  preset: 'custom',
  host: '127.0.0.1',
  port,
  security: 'none',
  user: 'caja@tienda.pe',
  from: 'caja@tienda.pe',
  shopName: 'Bodega Doña Rosa',
  sendOnIssue: false,
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(20);
  }
  throw new Error('condition not reached');
}

const emailsOf = async (rig: Rig, id: number) => (await rig.call<DocumentDetail>('getDocument', { id })).emails ?? [];

const rigs = useRigs();
const servers: Smtp[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function setUp(smtpPort: number, start: typeof rigs = rigs, dataDir?: string): Promise<{ rig: Rig; doc: DocumentSummary }> {
  const rig = await start({ ...(dataDir ? { dataDir } : {}), core: { mail: { retry: { baseMs: 40, maxMs: 80, random: () => 0 }, pollMs: 50, timeouts: { connectionMs: 2_000, greetingMs: 2_000, socketMs: 2_000 } } } });
  rig.core.start();
  await rig.call('saveMailSettings', { settings: settingsFor(smtpPort), password: 'clave-secreta' });
  const doc = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
  await until(rig, () => statusOf(rig, doc.id) === 'accepted');
  return { rig, doc };
}

describe('documents sent by email', () => {
  it('sends exactly one message per document, in Spanish, with the document and the CDR attached', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const { rig, doc } = await setUp(smtp.port);

    const queued = await rig.call<DocumentEmail>('sendDocumentEmail', { id: doc.id, to: 'cliente@correo.pe', clientKey: crypto.randomUUID() });
    expect(queued.status).toBe('queued');
    await waitFor(async () => (await emailsOf(rig, doc.id))[0]?.status === 'sent');
    await sleep(300);

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual(['cliente@correo.pe']);
    expect(message!.raw).toMatch(/^Subject: .*Bodega/m);
    expect(message!.raw).toMatch(/Message-ID: <[0-9a-f-]+@tienda\.pe>/i);
    expect(message!.raw).toMatch(/filename=.*B\d{3}-\d+\.pdf/);
    expect(message!.raw).toContain('application/pdf');
    expect(message!.raw).toMatch(/filename=R-.*\.zip/);
    expect(message!.raw).toMatch(/filename=R-.*\.xml/);
    expect(message!.raw).toContain('application/zip');

    const [email] = await emailsOf(rig, doc.id);
    expect(email!.summary).toMatch(/^Enviado por correo a cliente@correo\.pe el \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
  });

  it('waits while the server is down and sends once when it is back', async () => {
    const port = await freePort();
    const { rig, doc } = await setUp(port);
    await rig.call('sendDocumentEmail', { id: doc.id, to: 'cliente@correo.pe', clientKey: crypto.randomUUID() });

    // Tried and failed at least twice, and back in the queue (between two attempts) with the reason said.
    let waiting: DocumentEmail | undefined;
    await waitFor(async () => {
      waiting = (await emailsOf(rig, doc.id))[0];
      return (waiting?.attempts ?? 0) >= 2 && waiting?.status === 'queued';
    });
    expect(waiting!.summary).toContain('Sin conexión con el servidor de correo');

    const smtp = await startSmtp({ port });
    servers.push(smtp);
    await waitFor(async () => (await emailsOf(rig, doc.id))[0]?.status === 'sent');
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
  });

  it('never sends a second message when the answer to the message was lost', async () => {
    const smtp = await startSmtp({ loseAnswer: true });
    servers.push(smtp);
    const { rig, doc } = await setUp(smtp.port);
    await rig.call('sendDocumentEmail', { id: doc.id, to: 'cliente@correo.pe', clientKey: crypto.randomUUID() });

    await waitFor(async () => (await emailsOf(rig, doc.id))[0]?.status === 'uncertain');
    await sleep(500);
    expect(smtp.received).toHaveLength(1);
    const [email] = await emailsOf(rig, doc.id);
    expect(email!.status).toBe('uncertain');
    expect(email!.summary).toMatch(/^Puede que se haya enviado por correo a cliente@correo\.pe/);
  });

  it('after a crash mid-send, the message is uncertain and never sent again on its own', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-mail-'));
    onTestFinished(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const { rig, doc } = await setUp(smtp.port, startRig, dataDir);
    await rig.core.stop();
    // What a process killed between the 'sending' commit and the server's answer leaves behind.
    const at = new Date().toISOString();
    rig.core.db.sqlite
      .prepare("INSERT INTO document_emails (document_id, recipient, status, attempts, message_id, created_at, updated_at) VALUES (?, 'cliente@correo.pe', 'sending', 1, '<x-1@tienda.pe>', ?, ?)")
      .run(doc.id, at, at);
    rig.core.close();
    const again = await rigs({ dataDir, core: { mail: { retry: { baseMs: 40, maxMs: 80, random: () => 0 }, pollMs: 50 } } });
    again.core.start();
    await sleep(400);
    const [email] = await emailsOf(again, doc.id);
    expect(email!.status).toBe('uncertain');
    expect(email!.summary).toContain('Caja se cerró mientras enviaba este correo');
    expect(smtp.received).toHaveLength(0);
  });

  it('queues one message for the same key sent twice, and none more for a document already sent there', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const { rig, doc } = await setUp(smtp.port);
    const clientKey = crypto.randomUUID();
    const first = await rig.call<DocumentEmail>('sendDocumentEmail', { id: doc.id, to: 'cliente@correo.pe', clientKey });
    const again = await rig.call<DocumentEmail>('sendDocumentEmail', { id: doc.id, to: 'cliente@correo.pe', clientKey });
    expect(again.id).toBe(first.id);
    await waitFor(async () => (await emailsOf(rig, doc.id))[0]?.status === 'sent');
    const later = await rig.call<DocumentEmail>('sendDocumentEmail', { id: doc.id, to: 'CLIENTE@correo.pe', clientKey: crypto.randomUUID() });
    expect(later).toMatchObject({ id: first.id, status: 'sent' });
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    expect(await emailsOf(rig, doc.id)).toHaveLength(1);
  });

  it('sends to the address in the customer book, and refuses in Spanish when there is none', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const { rig, doc } = await setUp(smtp.port);
    const refused = await rig.raw('sendDocumentEmail', { id: doc.id, clientKey: crypto.randomUUID() });
    expect(refused).toMatchObject({ ok: false, error: { code: 'no_email', message: expect.stringContaining('no tiene correo') } });

    const sale = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: { docType: '1', docNumber: '12345678', name: 'Rosa Quispe', address: '' } }));
    rig.core.db.sqlite.prepare("UPDATE customers SET email = 'rosa@correo.pe' WHERE doc_type = '1' AND doc_number = '12345678'").run();
    const queued = await rig.call<DocumentEmail>('sendDocumentEmail', { id: sale.id, clientKey: crypto.randomUUID() });
    expect(queued.to).toBe('rosa@correo.pe');
    await waitFor(() => smtp.received.length === 1);
    expect(smtp.received[0]!.to).toEqual(['rosa@correo.pe']);

    // An address typed for a customer in the book becomes the default for their next document.
    await rig.call('sendDocumentEmail', { id: sale.id, to: 'rosa.quispe@correo.pe', clientKey: crypto.randomUUID() });
    const next = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ customer: { docType: '1', docNumber: '12345678', name: 'Rosa Quispe', address: '' } }));
    expect((await rig.call<DocumentEmail>('sendDocumentEmail', { id: next.id, clientKey: crypto.randomUUID() })).to).toBe('rosa.quispe@correo.pe');
    await waitFor(() => smtp.received.length === 3);
  });

  it('"Enviar prueba" reaches the server, and says in Spanish when the password is wrong', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const { rig } = await setUp(smtp.port);
    expect(await rig.call('sendTestEmail', { to: 'duena@correo.pe' })).toMatchObject({ ok: true });
    expect(smtp.received).toHaveLength(1);
    const view = await rig.call<{ passwordSet: boolean }>('getMailSettings');
    expect(view.passwordSet).toBe(true);
    expect(JSON.stringify(view)).not.toContain('clave-secreta');

    await rig.call('saveMailSettings', { settings: settingsFor(smtp.port), password: 'otra' });
    const wrong = await rig.call<{ ok: boolean; message: string }>('sendTestEmail', { to: 'duena@correo.pe' });
    expect(wrong.ok).toBe(false);
    expect(wrong.message).toContain('rechazó el usuario o la contraseña');
  });

  it('sends a sale on issue to the address typed at the sale, or with «Enviar al emitir» to the book\'s; a retried sale sends nothing more', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const { rig } = await setUp(smtp.port);
    const customer = { docType: '1', docNumber: '45678912', name: 'Juan Pérez', address: '' };

    // Typed at the sale: sent, and remembered on the customer's record.
    const clientKey = crypto.randomUUID();
    const typed = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey, customer, emailTo: 'Juan@Correo.pe' }));
    await waitFor(async () => (await emailsOf(rig, typed.id))[0]?.status === 'sent');
    // The same sale retried with its key (its answer was lost): no second message.
    const again = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ clientKey, customer, emailTo: 'Juan@Correo.pe' }));
    expect(again.id).toBe(typed.id);
    await sleep(300);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['juan@correo.pe']);

    // Nothing typed and «Enviar al emitir» off: nothing sent.
    const quiet = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ customer }));
    await sleep(300);
    expect(await emailsOf(rig, quiet.id)).toEqual([]);

    // «Enviar al emitir» on: the address the book kept.
    await rig.call('saveMailSettings', { settings: { ...settingsFor(smtp.port), sendOnIssue: true } });
    const auto = await rig.call<DocumentSummary>('issueSale', anonymousBoleta({ customer }));
    await waitFor(async () => (await emailsOf(rig, auto.id))[0]?.status === 'sent');
    expect(smtp.received.map((m) => m.to[0])).toEqual(['juan@correo.pe', 'juan@correo.pe']);
    // An anonymous buyer has no address: nothing queued, the sale issued as always.
    const anonymous = await rig.call<DocumentSummary>('issueSale', anonymousBoleta());
    expect(await emailsOf(rig, anonymous.id)).toEqual([]);
  });

  it('refuses an address that is not one at the sale, in Spanish, and issues nothing', async () => {
    const smtp = await startSmtp();
    servers.push(smtp);
    const { rig } = await setUp(smtp.port);
    const before = rig.core.db.sqlite.prepare('SELECT COUNT(*) FROM documents').pluck().get();
    await expect(rig.call('issueSale', anonymousBoleta({ emailTo: 'juan@' }))).rejects.toThrow(/Correo electrónico no válido/);
    expect(rig.core.db.sqlite.prepare('SELECT COUNT(*) FROM documents').pluck().get()).toBe(before);
  });
});
