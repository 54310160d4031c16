// Who is at the till, as the core says: loaded once, replaced by sign-in and lock answers.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Session } from '../../../shared/bridge';
import { call, pos } from '../pos';

interface SessionState {
  /** null while loading. */
  session: Session | null;
  replace: (session: Session) => void;
  lock: () => Promise<void>;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }): React.JSX.Element {
  const [session, setSession] = useState<Session | null>(null);
  useEffect(() => {
    let alive = true;
    const load = () =>
      void call((api) => api.getSession({})).then((result) => {
        if (alive && result.ok) setSession(result.value);
      });
    load();
    // A restarted core starts with nobody signed in: the till locks, and the sale on screen stays.
    const off = pos().onEvent((event) => (event.type === 'core_restarted' ? load() : undefined));
    return () => {
      alive = false;
      off();
    };
  }, []);
  const lock = useCallback(async () => {
    const result = await call((api) => api.lock({}));
    if (result.ok) setSession(result.value);
  }, []);
  const value = useMemo(() => ({ session, replace: setSession, lock }), [session, lock]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside SessionProvider');
  return state;
}
