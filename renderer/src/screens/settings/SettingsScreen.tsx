// Ajustes: API and token, company, this till's series and printer, how the till sells, demo mode, backups, exports.
import { useSettings } from '../../app/settings-context';
import { Alert } from '../../components/Alert';
import { ApiSettings } from './ApiSettings';
import { BackupSettings } from './BackupSettings';
import { CashSettings } from './CashSettings';
import { CompanySettings } from './CompanySettings';
import { DemoSettings } from './DemoSettings';
import { ExportSettings } from './ExportSettings';
import { PaymentMethodsSettings } from './PaymentMethodsSettings';
import { PrinterSettings } from './PrinterSettings';
import { SaleSettings } from './SaleSettings';
import { ShopServerSettings } from './ShopServerSettings';
import { TerminalSettings } from './TerminalSettings';
import { UsersSettings } from './UsersSettings';
import { VoidSettings } from './VoidSettings';
import { useSession } from '../../app/session-context';

export function SettingsScreen(): React.JSX.Element {
  const { settings, error } = useSettings();
  const { session } = useSession();
  // Ajustes belongs to the administrator (issue 13); the core refuses every change anyway.
  const admin = !session?.usersExist || session.user?.role === 'administrador';
  return (
    <section id="screen-settings" className="screen settings" aria-labelledby="settings-title" tabIndex={-1}>
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
