// The shell of the UI: demo banner, navigation, the five screens and the status bar.
import { useCallback, useEffect, useState } from 'react';
import { Nav } from '../components/Nav';
import { DemoBanner, StatusBar } from '../components/StatusBar';
import { DocumentsScreen } from '../screens/documents/DocumentsScreen';
import { LookupsScreen } from '../screens/lookups/LookupsScreen';
import { ProductsScreen } from '../screens/products/ProductsScreen';
import { SaleScreen } from '../screens/sale/SaleScreen';
import { SettingsScreen } from '../screens/settings/SettingsScreen';
import { SetupWizard } from '../screens/setup/SetupWizard';
import { screenForKey, type ScreenId } from './screens';
import { SettingsProvider } from './settings-context';
import { useAppStatus } from './useAppStatus';
import { confirmLeave } from './unsaved';

export function App(): React.JSX.Element {
  const status = useAppStatus();
  const [screen, setScreen] = useState<ScreenId>('sale');

  const select = useCallback((next: ScreenId) => {
    if (next !== 'settings' && !confirmLeave()) return;
    setScreen(next);
    // Move focus into the new screen so the keyboard keeps working without the mouse.
    requestAnimationFrame(() => document.getElementById(`screen-${next}`)?.focus());
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = screenForKey(event);
      if (target && !document.querySelector('dialog[open]')) {
        event.preventDefault();
        select(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [select]);

  if (status?.setupRequired) {
    return (
      <SettingsProvider>
        <SetupWizard />
      </SettingsProvider>
    );
  }

  return (
    <SettingsProvider>
      <div className="app">
        {status?.demo ? <DemoBanner /> : null}
        <Nav current={screen} pending={status?.pending ?? null} onSelect={select} />
        <main className="app__main">
          {/* The sale stays mounted so nothing typed is lost while the cashier looks at another screen. */}
          <SaleScreen active={screen === 'sale'} />
          {screen === 'documents' ? <DocumentsScreen /> : null}
          {screen === 'lookups' ? <LookupsScreen /> : null}
          {screen === 'settings' ? <SettingsScreen /> : null}
          {screen === 'products' ? <ProductsScreen /> : null}
        </main>
        <StatusBar status={status} />
      </div>
    </SettingsProvider>
  );
}
