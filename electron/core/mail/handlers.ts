// The bridge's mail methods, and the document's detail with where it was sent by email.
import type { Handlers } from '../dispatch';
import type { DocumentsService } from '../services/documents';
import type { MailSender } from './sender';
import type { MailService } from './service';

type MailHandlers = Pick<Handlers, 'getMailSettings' | 'saveMailSettings' | 'sendTestEmail' | 'sendDocumentEmail' | 'getDocument'>;

export function mailHandlers(mail: MailService, sender: MailSender, documents: DocumentsService, afterAnswer: (what: string, effect: () => void) => void): MailHandlers {
  return {
    getMailSettings: () => mail.view(),
    saveMailSettings: (input) => {
      const view = mail.save(input.settings, input.password);
      // Rows waiting for an account (or for a fixed one) are tried at once.
      afterAnswer('mail outbox wake', () => sender.wake());
      return view;
    },
    sendTestEmail: (input) => mail.test(input.to),
    // Synchronous, so the row commits with its bridge key (handlers/idempotency.ts): the same key never queues twice.
    sendDocumentEmail: (input) => {
      const queued = mail.queue(input);
      afterAnswer('mail outbox wake', () => sender.wake());
      return queued;
    },
    getDocument: (input) => ({ ...documents.detail(input.id), emails: mail.emailsOf(input.id) }),
  };
}
