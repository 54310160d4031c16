// Public types of the sandbox (the fake invoicing API used for demo mode and integration tests).
import type { Citizen, Guide, ReceiptRecord } from '../../shared/api';
import type { FaultController } from './faults';
import type { Provider } from '../../shared/api/dialect';
import type { VaryOptions } from './variations';

/**
 * How a resend of a registered number is answered: the original answer again ('idempotent'), SUNAT's 1033/1032 by the
 * registered outcome ('sunat1033'), or 1033 whatever the outcome ('always1033', as an independent provider did).
 */
export type ResendMode = 'idempotent' | 'sunat1033' | 'always1033';
export type CdrLayout = 'sunat' | 'ose';

/** Issuer data the lookups (ops 6, 7) need and the invoice payload does not carry. */
export interface Taxpayer {
  ruc: string;
  razonSocial: string;
  razonComercial: string;
  nombreCalle: string;
  nombreDistrito: string;
  nombreProvincia: string;
  nombreDepartamento: string;
  /** SUNAT state and domicile condition for the RUC lookup; default ACTIVO / HABIDO. */
  estado?: string;
  condicion?: string;
}

/** Extra fixtures; each list is added on top of the built-in one (same key replaces the built-in entry). */
export interface SandboxSeed {
  citizens?: Citizen[];
  guides?: Guide[];
  records?: ReceiptRecord[];
  taxpayers?: Taxpayer[];
}

export interface SandboxOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Bearer token the sandbox accepts; default 'demo-token'. */
  token?: string;
  seed?: SandboxSeed;
  clock?: () => Date;
  resendMode?: ResendMode;
  cdrLayout?: CdrLayout;
  /** Secret mixed into document hashes; default fixed so hashes are reproducible. */
  secret?: string;
  /** JSON file where registrations are kept across sandbox restarts (loaded at start, rewritten on each one). */
  stateFile?: string;
  /** Request bodies above this size get 413; default 1 MiB. */
  maxBodyBytes?: number;
  /** Which names it speaks: the API document's (default) or the real provider's (shared/api/dialect.ts). */
  dialect?: Provider;
  /**
   * Varying mode: each answer takes a seeded choice among the forms the API document allows (variations.ts). The
   * dialect stays as configured; `cdrLayout` is then one of the choices. Absent (default): the friendliest form.
   */
  vary?: VaryOptions;
  /**
   * A remote API's round trip, for benchmarks: each answer to a send leaves no sooner than this many ms after its
   * request arrived, the sandbox's own work (checks, CDR, zip) counted inside it, as a server's answer time is seen by
   * its client. The latency fault, by contrast, waits first and then does the work. Absent: answers leave when ready.
   */
  roundTripMs?: number;
}

export interface Declaration {
  /** RUC-TT-SERIE-NUM, number without leading zeros. */
  key: string;
  idBaseDato?: string;
  at: Date;
  code: string;
}

export interface Sandbox {
  url: string;
  billingBaseUrl: string;
  queryBaseUrl: string;
  token: string;
  faults: FaultController;
  declarations(): ReadonlyArray<Declaration>;
  requests(): number;
  close(): Promise<void>;
}
