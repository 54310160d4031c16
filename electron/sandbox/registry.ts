// What the simulated authority has registered, keyed by RUC-TT-SERIE-NUM (number without leading zeros).
// Only processed documents are registered (accepted, observed or rejected); exceptions (0100–1999) never are.
// A document is registered once: repeats never add a declaration.
import type { Invoice, SendResult } from '../../shared/api';
import type { Declaration } from './types';

export interface Registration {
  key: string;
  status: 'accepted' | 'rejected';
  /** Canonical JSON of the payload that was declared. */
  canonical: string;
  invoice: Invoice;
  /** The exact 200 body that was answered the first time. */
  answer: SendResult;
  cdrZip: string;
  at: Date;
}

/** A void the authority accepted (void-cancel.ts): the document's number stays registered, now voided. */
export interface VoidRegistration {
  key: string;
  /** Canonical JSON of the void request. */
  canonical: string;
  answer: SendResult;
  at: Date;
}

export type DuplicateVerdict =
  | { kind: 'new' }
  | { kind: 'same'; registration: Registration }
  | { kind: 'different'; registration: Registration };

export class Registry {
  private readonly byKey = new Map<string, Registration>();
  private readonly log: Declaration[] = [];
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly voided = new Map<string, VoidRegistration>();

  /** `restored` registrations and voids (e.g. from a state file) count as done; `onChange` runs after each new one. */
  constructor(
    restored: { registrations: ReadonlyArray<Registration>; voids: ReadonlyArray<VoidRegistration> } = { registrations: [], voids: [] },
    private readonly onChange?: (state: { registrations: ReadonlyArray<Registration>; voids: ReadonlyArray<VoidRegistration> }) => void,
  ) {
    for (const registration of restored.registrations) this.add(registration);
    for (const v of restored.voids) this.voided.set(v.key, v);
  }

  private changed(): void {
    this.onChange?.({ registrations: [...this.byKey.values()], voids: [...this.voided.values()] });
  }

  /** Runs `task` after every earlier task of the same key has finished (one declaration at a time per number). */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key) ?? Promise.resolve();
    const run = previous.then(task);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.queues.set(key, settled);
    void settled.then(() => {
      if (this.queues.get(key) === settled) this.queues.delete(key);
    });
    return run;
  }

  check(key: string, canonical: string): DuplicateVerdict {
    const registration = this.byKey.get(key);
    if (!registration) return { kind: 'new' };
    return registration.canonical === canonical ? { kind: 'same', registration } : { kind: 'different', registration };
  }

  register(registration: Registration): void {
    this.add(registration);
    this.changed();
  }

  private add(registration: Registration): void {
    if (this.byKey.has(registration.key)) throw new Error(`already registered: ${registration.key}`);
    this.byKey.set(registration.key, registration);
    const idBaseDato = registration.invoice.id_Base_Dato;
    this.log.push({
      key: registration.key,
      ...(idBaseDato !== undefined ? { idBaseDato } : {}),
      at: registration.at,
      code: registration.answer.data.authorityResponse.cdrResponse.code,
    });
  }

  /** Every registration, oldest first (the note checks look for a document's earlier notes). */
  all(): Registration[] {
    return [...this.byKey.values()];
  }

  get(key: string): Registration | undefined {
    return this.byKey.get(key);
  }

  /** The accepted void of a document, if any (kept in the state file too). */
  voidOf(key: string): VoidRegistration | undefined {
    return this.voided.get(key);
  }

  registerVoid(v: VoidRegistration): void {
    if (this.voided.has(v.key)) throw new Error(`already voided: ${v.key}`);
    this.voided.set(v.key, v);
    this.changed();
  }

  declarations(): ReadonlyArray<Declaration> {
    return this.log.map((d) => ({ ...d, at: new Date(d.at) }));
  }
}
