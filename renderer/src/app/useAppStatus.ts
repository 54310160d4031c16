// The live application status: read once at start, then kept up to date by the core's pushed events.
import { useEffect, useState } from 'react';
import type { AppStatus } from '../../../shared/bridge';
import { call, pos } from '../pos';

export function useAppStatus(): AppStatus | null {
  const [status, setStatus] = useState<AppStatus | null>(null);
  useEffect(() => {
    let alive = true;
    const off = pos().onEvent((event) => {
      if (event.type === 'status') setStatus(event.status);
    });
    void call((api) => api.getStatus({})).then((result) => {
      if (alive && result.ok) setStatus((current) => current ?? result.value);
    });
    // The network is back (the browser's online event): what waited out a backoff is sent at once.
    const online = () => void call((api) => api.retryAll({}));
    window.addEventListener('online', online);
    return () => {
      alive = false;
      off();
      window.removeEventListener('online', online);
    };
  }, []);
  return status;
}
