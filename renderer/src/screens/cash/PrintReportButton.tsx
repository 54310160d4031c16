// Prints a shift report (X or Z) on the ticket printer.
import { useMemo } from 'react';
import type { PrintSource } from '../../../../shared/bridge';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { usePrint } from '../../print/usePrint';

export function PrintReportButton({ sessionId, label }: { sessionId: number; label: string }): React.JSX.Element {
  const { settings } = useSettings();
  const source = useMemo<PrintSource>(() => ({ kind: 'cashReport', sessionId }), [sessionId]);
  const { busy, outcome, run } = usePrint({ source, copy: false });
  const paper = settings?.printer.paper === '58mm' ? '58mm' : '80mm';
  return (
    <div className="cash__print">
      <button type="button" disabled={busy !== null} onClick={() => void run('print', paper)}>
        {busy ? 'Imprimiendo…' : label}
      </button>
      {outcome ? <Alert tone={outcome.tone}>{outcome.text}</Alert> : null}
    </div>
  );
}
