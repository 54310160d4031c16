// Told before the first sale, not after F12: selling needs an open cash session and none is open.
import { useEffect, useState } from 'react';
import { Alert } from '../../components/Alert';
import { call } from '../../pos';

export function CashClosedNotice({ active }: { active: boolean }): React.JSX.Element | null {
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (!active) return;
    let alive = true;
    void call((api) => api.getCashState({})).then((r) => {
      if (alive) setClosed(r.ok && r.value.required && r.value.session === null);
    });
    return () => {
      alive = false;
    };
  }, [active]);
  return closed ? (
    <Alert tone="warning" title="La caja está cerrada">
      Ábrala en Caja (F6) con el fondo inicial para poder vender.
    </Alert>
  ) : null;
}
