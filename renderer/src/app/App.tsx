// The shell of the UI: demo banner, navigation, the screens and the status bar.
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Nav } from '../components/Nav';
import { DemoBanner, StatusBar } from '../components/StatusBar';
import { CashScreen } from '../screens/cash/CashScreen';
import { DocumentsScreen } from '../screens/documents/DocumentsScreen';
import { LookupsScreen } from '../screens/lookups/LookupsScreen';
import { ProductsScreen } from '../screens/products/ProductsScreen';
import { SaleScreen } from '../screens/sale/SaleScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { SetupWizard } from '../screens/setup/SetupWizard';
import { SignInScreen } from '../screens/signin/SignInScreen';
import { StockScreen } from '../screens/stock/StockScreen';
// The owner's view brings the charting library: loaded only when it is opened.
const SummaryScreen = lazy(() => import('../screens/summary/SummaryScreen'));
import { ROLE_LABELS } from '../../../shared/bridge';
import { screenForKey, type ScreenId } from './screens';
import { SessionProvider, useSession } from './session-context';
import { SettingsProvider } from './settings-context';
import { useAppStatus } from './useAppStatus';
import { confirmLeave } from './unsaved';

export function App(): React.JSX.Element {
  return (
    <SessionProvider>
      <Till />
    </SessionProvider>
  );
}

/** Who is at the till and the lock key (F9), in the navigation bar. */
function CashierBadge({ onLock }: { onLock: () => void }): React.JSX.Element | null {
  const { session } = useSession();
  if (!session?.user) return null;
  return (
    <div className="cashier-badge" data-testid="cashier">
      <span>
        {session.user.name} · {ROLE_LABELS[session.user.role]}
      </span>
      <button type="button" className="statusbar__button" onClick={onLock}>
        Bloquear (F9)
      </button>
    </div>
  );
}

function Till(): React.JSX.Element {
  const status = useAppStatus();
  const { session, lock } = useSession();
  // Nobody signed in (or no administrator yet): the app stays mounted, inert, under the sign-in screen. While the
  // session is still loading the app is not held back (the core refuses anything not allowed anyway). A supervisor or
  // administrator signed in with a PIN shorter than their role's is held there too, until they choose a new one.
  const locked = session !== null && (session.user === null || session.mustChangePin === true);
  const focusBeforeLock = useRef<Element | null>(null);
  const wasLocked = useRef(false);
  // The cursor's place is taken before the app turns inert (which blurs it).
  const lockTill = useCallback(() => {
    focusBeforeLock.current = document.activeElement;
    void lock();
  }, [lock]);
  useEffect(() => {
    if (locked) {
      wasLocked.current = true;
      return;
    }
    if (!wasLocked.current) return;
    wasLocked.current = false;
    // Back at the till: the cursor returns where it was (a sale in progress), or to the first code field.
    requestAnimationFrame(() => {
      const before = focusBeforeLock.current;
      if (before instanceof HTMLElement && before !== document.body && before.isConnected) before.focus();
      else document.getElementById('line-0-code')?.focus();
    });
  }, [locked]);
  const [screen, setScreen] = useState<ScreenId>('sale');

  const select = useCallback((next: ScreenId) => {
    if (next !== 'settings' && !confirmLeave()) return;
    setScreen(next);
    // Move focus into the new screen so the keyboard keeps working without the mouse.
    requestAnimationFrame(() => document.getElementById(`screen-${next}`)?.focus());
  }, []);

  // A layout effect: the keys follow the lock in the same commit that takes the sign-in screen away. With a plain
  // effect, the screen was already drawn unlocked while the listener still held `locked`, and an F4 typed right after
  // the PIN's Enter was dropped.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (locked) return;
      if (event.key === 'F9') {
        // Stepping away from the till: lock it; the sale in progress is kept for when the cashier comes back.
        event.preventDefault();
        lockTill();
        return;
      }
      const target = screenForKey(event);
      if (target && !document.querySelector('dialog[open]')) {
        event.preventDefault();
        select(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [select, locked, lockTill]);

  if (status?.setupRequired) {
    return (
      <SettingsProvider>
        <SetupWizard />
      </SettingsProvider>
    );
  }

  return (
    <SettingsProvider>
      <div className="app" inert={locked}>
        {status?.demo ? <DemoBanner /> : null}
        <Nav current={screen} pending={status?.pending ?? null} onSelect={select}>
          <CashierBadge onLock={lockTill} />
        </Nav>
        <main className="app__main">
          {/* The sale stays mounted so nothing typed is lost while the cashier looks at another screen. */}
          <SaleScreen active={screen === 'sale'} />
          {screen === 'documents' ? <DocumentsScreen /> : null}
          {screen === 'lookups' ? <LookupsScreen /> : null}
          {screen === 'settings' ? <SettingsScreen /> : null}
          {screen === 'products' ? <ProductsScreen /> : null}
          {screen === 'cash' ? <CashScreen /> : null}
          {screen === 'stock' ? <StockScreen /> : null}
          {screen === 'summary' ? (
            <Suspense fallback={<p aria-busy="true">Cargando el resumen…</p>}>
              <SummaryScreen />
            </Suspense>
          ) : null}
        </main>
        <StatusBar status={status} />
      </div>
      {locked ? <SignInScreen /> : null}
    </SettingsProvider>
  );
}
