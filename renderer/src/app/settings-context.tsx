// The settings the screens need (series, next numbers, company), loaded once someone may read them and reloaded after
// changes. A locked till gets none from the core: they are read when a user signs in (or while no user
// exists yet, at the first run), and again for whoever signs in next.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { BridgeResult, SettingsView } from '../../../shared/bridge';
import { call } from '../pos';
import { useSession } from './session-context';

interface SettingsState {
  settings: SettingsView | null;
  error: string | null;
  reload: () => Promise<void>;
  /** Replaces the settings with a fresh view returned by a save. */
  replace: (view: SettingsView) => void;
}

const SettingsContext = createContext<SettingsState | null>(null);

export function SettingsProvider({ children }: { children: ReactNode }): React.JSX.Element {
  const [settings, setSettings] = useState<SettingsView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const apply = useCallback((result: BridgeResult<SettingsView>) => {
    if (result.ok) {
      setSettings(result.value);
      setError(null);
    } else setError(result.error.message);
  }, []);
  const reload = useCallback(async () => apply(await call((api) => api.getSettings({}))), [apply]);
  const { session } = useSession();
  const readable = session !== null && ((session.user !== null && !session.mustChangePin) || !session.usersExist);
  const userId = session?.user?.id ?? null;
  useEffect(() => {
    if (!readable) return;
    let alive = true;
    void call((api) => api.getSettings({})).then((result) => alive && apply(result));
    return () => {
      alive = false;
    };
  }, [apply, readable, userId]);
  const value = useMemo(() => ({ settings, error, reload, replace: setSettings }), [settings, error, reload]);
  return <SettingsContext.Provider value={value}>{children}</SettingsContext.Provider>;
}

export function useSettings(): SettingsState {
  const state = useContext(SettingsContext);
  if (!state) throw new Error('useSettings outside SettingsProvider');
  return state;
}
