// "Guardar PDF" and "Copiar para WhatsApp": the document's A4 PDF saved where the cashier picks (the core draws it and
// the system opens its folder), and for WhatsApp the short message copied, ready to paste beside the PDF. When the
// clipboard is not reachable the message stays on screen, selected, for Ctrl+C.
import { useEffect, useRef, useState } from 'react';
import type { DocumentDetail } from '../../../../shared/bridge';
import { Alert } from '../../components/Alert';
import { call } from '../../pos';

async function copied(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function SharePanel({ detail }: { detail: DocumentDetail }): React.JSX.Element {
  const [message, setMessage] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [shareText, setShareText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const textArea = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    textArea.current?.select();
  }, [shareText]);

  const savePdf = async (): Promise<boolean> => {
    const saved = await call((api) => api.saveDocumentPdf({ id: detail.id }));
    if (!saved.ok) {
      setMessage({ tone: 'error', text: saved.error.message });
      return false;
    }
    if (!saved.value.saved) {
      setMessage({ tone: 'info', text: 'No se guardó el PDF.' });
      return false;
    }
    setMessage({ tone: 'info', text: `PDF guardado: ${saved.value.fileName}` });
    return true;
  };

  const forWhatsapp = async () => {
    setBusy(true);
    setShareText(null);
    try {
      if (!(await savePdf())) return;
      const share = await call((api) => api.getDocumentShareText({ id: detail.id }));
      if (!share.ok) return setMessage({ tone: 'error', text: share.error.message });
      if (await copied(share.value.text)) {
        setMessage({ tone: 'info', text: 'PDF guardado y mensaje copiado: péguelo en WhatsApp (Ctrl+V) y adjunte el PDF de la carpeta abierta.' });
      } else {
        setShareText(share.value.text);
        setMessage({ tone: 'info', text: 'PDF guardado. Copie el mensaje de abajo (Ctrl+C) y adjunte el PDF de la carpeta abierta.' });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="share-title" data-testid="document-share">
      <h3 id="share-title">PDF y WhatsApp</h3>
      {message ? <Alert tone={message.tone}>{message.text}</Alert> : null}
      <div className="detail__actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setShareText(null);
            void savePdf().finally(() => setBusy(false));
          }}
        >
          Guardar PDF
        </button>
        <button type="button" disabled={busy} onClick={() => void forWhatsapp()}>
          Copiar para WhatsApp
        </button>
      </div>
      {shareText ? (
        <label>
          Mensaje para WhatsApp
          <textarea ref={textArea} readOnly rows={5} value={shareText} data-testid="share-text" />
        </label>
      ) : null}
    </section>
  );
}
