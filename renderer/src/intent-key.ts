// One idempotency key per user intention (shared/bridge/writes.ts): every write the window sends carries one, and a
// retry of the same intention (the same form submitted again after an error, or after the core restarted) sends the
// same key, so the core answers what it already did instead of doing it twice. A new intention gets a new key: the
// form or dialog opened again (a new component), or the same form used again after it succeeded.
import { useMemo, useRef } from 'react';

/** A fresh key. crypto.randomUUID needs a secure context (the app's own protocol and 127.0.0.1 are); else 32 hex digits. */
export function newIntentKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface IntentKey {
  /** The key of the intention under way: made at its first attempt, the same on every retry. */
  current(): string;
  /** The intention succeeded: the next submission is a new one. */
  done(): void;
}

/** The key of a form or dialog: one per opening, kept across the retries of a submission, renewed after a success. */
export function useIntentKey(): IntentKey {
  const key = useRef<string | null>(null);
  return useMemo(
    () => ({
      current: () => (key.current ??= newIntentKey()),
      done: () => {
        key.current = null;
      },
    }),
    [],
  );
}
