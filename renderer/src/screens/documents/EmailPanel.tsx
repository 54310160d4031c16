// "Enviar por correo": where the document was sent and when, or why not yet, and a form to send it to an address.
// The core queues it durably and sends it at most once (electron/core/mail/): a repeated click with the same
// intention queues nothing more, and an address already sent to is not sent to again.
import { useState } from 'react';
import type { DocumentDetail } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';

interface EmailPanelProps {
  detail: DocumentDetail;
  onChanged: () => void;
}

export function EmailPanel({ detail, onChanged }: EmailPanelProps): React.JSX.Element {
  const [to, setTo] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const intent = useIntentKey();
  const emails = detail.emails ?? [];

  const send = async () => {
    setBusy(true);
    const address = to.trim();
    // Empty: the core uses the customer's address from the customer book, or says there is none.
    const result = await call((api) => api.sendDocumentEmail({ id: detail.id, ...(address ? { to: address } : {}), clientKey: intent.current() }));
    setBusy(false);
    if (result.ok) {
      intent.done();
      setTo('');
      // The list above says where it stands from now on (queued, sent, or why not): no second, stale line here.
      setMessage(null);
      onChanged();
    } else setMessage(result.error.message);
  };

  return (
    <section aria-labelledby="email-title" data-testid="document-email">
      <h3 id="email-title">Correo</h3>
      {emails.length === 0 ? <p className="muted">No se ha enviado por correo.</p> : (
        <ul>
          {emails.map((e) => (
            <li key={e.id} data-testid="document-email-status">{e.summary}</li>
          ))}
        </ul>
      )}
      {message ? <Alert tone="info">{message}</Alert> : null}
      <form
        className="detail__actions"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label>
          Correo del cliente{' '}
          <input type="email" value={to} onChange={(event) => setTo(event.target.value)} placeholder="El del cliente, si está registrado" />
        </label>
        <button type="submit" disabled={busy}>
          Enviar por correo
        </button>
      </form>
    </section>
  );
}
