// "Cobrar": a collection (abono) of a customer's debt in the open cash session, by any payment method, applied to the
// oldest open cuota unless the cashier picks a document. Once recorded, its constancia de pago (not a SUNAT
// document) shows with the balance before and after, and prints on the ticket printer.
import { useMemo, useState } from 'react';
import type { Collection, CustomerAccount, PrintSource } from '../../../../shared/bridge';
import { collectionPaper } from '../../../../shared/printing/account-papers';
import { AccountPaperTicket } from '../../../print/AccountPaperTicket';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { useIntentKey } from '../../intent-key';
import { call } from '../../pos';
import { usePrint } from '../../print/usePrint';

export function CollectForm({ account, onDone }: { account: CustomerAccount; onDone: () => void }): React.JSX.Element {
  const { settings } = useSettings();
  const key = useIntentKey();
  const methods = (settings?.paymentMethods ?? []).filter((m) => m.active);
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState(methods[0]?.code ?? 'efectivo');
  const documents = [...new Set(account.dues.map((d) => d.document))];
  const [document, setDocument] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Collection | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const [series, number] = document ? document.split('-') : [];
    const result = await call((api) =>
      api.recordCollection({
        clientKey: key.current(),
        customer: { docType: account.customer.docType, docNumber: account.customer.docNumber },
        amount: amount.trim(),
        method,
        ...(series && number ? { document: { series, number: String(Number(number)) } } : {}),
      }),
    );
    setBusy(false);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    key.done();
    setDone(result.value);
    setAmount('');
    onDone();
  };

  if (done) return <CollectionReceipt collection={done} onClose={() => setDone(null)} />;
  return (
    <form className="accounts__collect" onSubmit={(event) => void submit(event)} aria-labelledby="collect-title" noValidate>
      <h3 id="collect-title">Cobrar</h3>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="accounts__fields">
        <Field id="collect-amount" label="Monto (S/)">
          <input id="collect-amount" inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field id="collect-method" label="Medio de pago">
          <select id="collect-method" value={method} onChange={(e) => setMethod(e.target.value)}>
            {methods.map((m) => (
              <option key={m.code} value={m.code}>
                {m.label}
              </option>
            ))}
          </select>
        </Field>
        <Field id="collect-document" label="Aplicar a">
          <select id="collect-document" value={document} onChange={(e) => setDocument(e.target.value)}>
            <option value="">La cuota más antigua</option>
            {documents.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <button type="submit" className="button--primary" disabled={busy}>
        {busy ? 'Cobrando…' : 'Cobrar'}
      </button>
    </form>
  );
}

/** The constancia as recorded, on screen as it prints, with "Imprimir constancia". */
function CollectionReceipt({ collection, onClose }: { collection: Collection; onClose: () => void }): React.JSX.Element {
  const { settings } = useSettings();
  const source = useMemo<PrintSource>(() => ({ kind: 'collection', id: collection.id }), [collection.id]);
  const { busy, outcome, run } = usePrint({ source, copy: false });
  const paper = settings?.printer.paper === '58mm' ? '58mm' : '80mm';
  return (
    <section className="accounts__receipt" aria-label="Cobranza registrada">
      <Alert tone="success">{collection.message}</Alert>
      <div className="accounts__actions">
        <button type="button" className="button--primary" disabled={busy !== null} onClick={() => void run('print', paper)}>
          {busy ? 'Imprimiendo…' : 'Imprimir constancia'}
        </button>
        <button type="button" onClick={onClose}>
          Nuevo cobro
        </button>
      </div>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
      {settings ? <AccountPaperTicket paper={collectionPaper(collection)} issuer={settings.company} size={paper} /> : null}
    </section>
  );
}
