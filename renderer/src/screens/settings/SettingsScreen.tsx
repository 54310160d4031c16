// Ajustes: API and token, company, this till's series and printer, how the till sells, demo mode, backups, exports.
import { useLayoutEffect, useRef } from 'react';
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { ApiSettings } from './ApiSettings';
import { BackupSettings } from './BackupSettings';
import { CashSettings } from './CashSettings';
import { CompanySettings } from './CompanySettings';
import { DemoSettings } from './DemoSettings';
import { ExportSettings } from './ExportSettings';
import { MailSettings } from './MailSettings';
import { PaymentMethodsSettings } from './PaymentMethodsSettings';
import { PrinterSettings } from './PrinterSettings';
import { SaleSettings } from './SaleSettings';
import { ShopServerSettings } from './ShopServerSettings';
import { TerminalSettings } from './TerminalSettings';
import { UsersSettings } from './UsersSettings';
import { VoidSettings } from './VoidSettings';
import { useSession } from '../../app/session-context';

function scrollToTop(screen: HTMLElement | null): void {
  screen?.closest('.app__main')?.scrollTo({ top: 0 });
}

export function SettingsScreen(): React.JSX.Element {
  const { settings, error } = useSettings();
  const { session } = useSession();
  // Ajustes belongs to the administrator; the core refuses every change anyway.
  const admin = !session?.usersExist || session.user?.role === 'administrador';
  // The screens share one scrolling area: Ajustes opens at its top (the company first), not where the screen before
  // it was left scrolled, nor scrolled past the area's padding by the focus it gets on opening.
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => scrollToTop(ref.current), []);
  return (
    <section
      ref={ref}
      id="screen-settings"
      className="screen settings"
      aria-labelledby="settings-title"
      tabIndex={-1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) scrollToTop(ref.current);
      }}
    >
      <div className="screen__head">
        <h1 id="settings-title">Ajustes</h1>
      </div>
      {error ? <Alert tone="error" title="No se pudieron leer los ajustes">{error}</Alert> : null}
      {!admin ? (
        <Alert tone="error" title="Solo el administrador">
          Ajustes, el token, los productos, las copias y los usuarios los cambia un administrador. Bloquee la caja (F9) para que ingrese.
        </Alert>
      ) : settings ? (
        <div className="settings__columns">
          <CompanySettings settings={settings} />
          <TerminalSettings settings={settings} />
          <PrinterSettings />
          <ApiSettings settings={settings} />
          <SaleSettings settings={settings} />
          <PaymentMethodsSettings settings={settings} />
          <CashSettings settings={settings} />
          <VoidSettings />
          <MailSettings />
          <UsersSettings />
          <ShopServerSettings settings={settings} />
          <DemoSettings settings={settings} />
          <ExportSettings />
          <BackupSettings />
        </div>
      ) : (
        <p className="muted">Cargando ajustes…</p>
      )}
    </section>
  );
}
