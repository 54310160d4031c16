import { z } from 'zod';
import type { SettingsUpdate, SettingsView } from '../../../shared/bridge';
import { isValidRuc } from '../../../shared/ids';
import type { SeriesRepository, SettingsRepository } from '../db';
import type { ApiConfig } from '../api';
import type { SecretStore } from './secrets';
import { PROVIDERS } from '../../../shared/api/dialect';
import { SCALE_MODES } from '../../../shared/catalog/scale-barcode';
import { CoreError } from './errors';
import { DEFAULT_PAYMENT_METHODS, PaymentMethodsSchema, type PaymentMethod } from '../../../shared/payments';
import { DEFAULT_SHIFT_SETTINGS, ShiftSettingsSchema, type ShiftSettings } from '../../../shared/cash/settings';
import { DEFAULT_SHOP_SERVER, ShopServerSettingsSchema, type ShopServerSettings } from '../../../shared/server/settings';
import { randomUUID } from 'node:crypto';

const CompanySchema = z.object({
  ruc: z.string(),
  name: z.string(),
  tradeName: z.string(),
  address: z.string(),
  igvRegime: z.enum(['general', 'special']),
});
const ApiUrlsSchema = z.object({
  billingBaseUrl: z.string(),
  queryBaseUrl: z.string(),
  provider: z.enum(PROVIDERS).default('document'),
});
const NO_API = { billingBaseUrl: '', queryBaseUrl: '', provider: 'document' as const };
const SeriesNamesSchema = z.object({ boleta: z.string(), factura: z.string() });
const PrinterSchema = z.object({ deviceName: z.string(), paper: z.enum(['80mm', '58mm', 'A4']) });
const PortalSchema = z.object({ usuario: z.string(), password: z.string() });
const PinRuleSchema = z.object({ sixDigits: z.boolean() });
const DemoSchema = z.boolean();
const SaleSettingsSchema = z.object({
  allowPriceChange: z.boolean(),
  printOnIssue: z.boolean().default(true),
  scale: z.object({ mode: z.enum(SCALE_MODES), itemDigits: z.number().int() }).default({ mode: 'off', itemDigits: 5 }),
  requireOperationNumber: z.boolean().default(true),
});

export type CompanySettings = z.infer<typeof CompanySchema>;

/**
 * A fictional company so a fresh demo till can sell at once; replaced in Ajustes. Its RUC passes the check digit but
 * lies far beyond the numbers SUNAT has assigned (2060xxxxxxx-2061xxxxxxx in 2026), so it belongs to no one; it must
 * never be a real taxpayer's (the earlier 20131312955 is SUNAT's own RUC).
 */
export const DEMO_COMPANY: CompanySettings = {
  ruc: '20987654326',
  name: 'BODEGA DEMOSTRACIÓN S.A.C.',
  tradeName: 'Bodega Demo',
  address: 'Av. Ejemplo 123, Lima',
  igvRegime: 'general',
};
const DEFAULT_SERIES = { boleta: 'B001', factura: 'F001' };
/**
 * This till's note series, registered like its invoice series: a note on a boleta takes a B series, on a
 * factura an F series (docs/sunat/notes.md, "Series and references"); credit and debit notes each their own.
 */
const NoteSeriesSchema = z.object({
  creditBoleta: z.string().regex(/^B[A-Z0-9]{3}$/),
  creditFactura: z.string().regex(/^F[A-Z0-9]{3}$/),
  debitBoleta: z.string().regex(/^B[A-Z0-9]{3}$/),
  debitFactura: z.string().regex(/^F[A-Z0-9]{3}$/),
});
export type NoteSeriesNames = z.infer<typeof NoteSeriesSchema>;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ALNUM = `0123456789${LETTERS}`;

/**
 * The two characters a note series takes from its invoice series. B000–B099, and any series not of three digits, keep
 * their last two characters (B001 → 01, as always). The last two alone made B101 and B201 share BC01, and SUNAT refused
 * the second till's notes as numbers already used: B100–B999 take a letter then a character instead (B100 → A0,
 * B101 → A1, B136 → B0, … B999 → YZ), never two digits, so no two numeric series share note series.
 */
function noteTail(series: string): string {
  const m = /^[A-Z](\d{3})$/.exec(series);
  const n = m ? Number(m[1]) : 0;
  if (n < 100) return series.slice(-2);
  const k = n - 100;
  return `${LETTERS[Math.floor(k / ALNUM.length)]}${ALNUM[k % ALNUM.length]}`;
}

/** B001 → BC01/BD01, F001 → FC01/FD01, B101 → BCA1/BDA1: the letter of the invoice series, C or D, and noteTail. */
export function noteSeriesFor(invoice: { boleta: string; factura: string }, tail: (s: string) => string = noteTail): NoteSeriesNames {
  return {
    creditBoleta: `BC${tail(invoice.boleta)}`,
    creditFactura: `FC${tail(invoice.factura)}`,
    debitBoleta: `BD${tail(invoice.boleta)}`,
    debitFactura: `FD${tail(invoice.factura)}`,
  };
}

/** The names every series had before noteTail (the last two characters): a till that numbered notes in one keeps it. */
export const legacyNoteSeriesFor = (invoice: { boleta: string; factura: string }): NoteSeriesNames => noteSeriesFor(invoice, (s) => s.slice(-2));
const DEFAULT_PRINTER = { deviceName: '', paper: '80mm' as const };
/** A catalogue product is sold at its catalogue price until the owner allows changing it on the line. */
const DEFAULT_SALE = { allowPriceChange: false, printOnIssue: true, scale: { mode: 'off' as const, itemDigits: 5 }, requireOperationNumber: true };

/** Where the sandbox of demo mode listens (started by the shell or by the test harness). */
export type DemoEndpoint = ApiConfig;

export class SettingsService {
  /** Settings as last parsed, with the stored text they were parsed from. */
  private readonly parsed = new Map<string, { schema: z.ZodType; text: string | undefined; value: unknown }>();

  constructor(
    private readonly settings: SettingsRepository,
    private readonly series: SeriesRepository,
    private readonly secrets: SecretStore,
    private readonly demoEndpoint: DemoEndpoint | undefined,
    /** When the mode is kept in modo.json (the shell), it decides demo or real, not this file's 'demo' setting. */
    private readonly mode?: 'demo' | 'real' | 'setup',
  ) {
    const names = this.seriesNames();
    this.series.ensure('03', names.boleta);
    this.series.ensure('01', names.factura);
    this.ensureNoteSeries();
  }

  /**
   * The note series of this till, each registered in `series` so its numbering is gap-free like a sale's. Unless set
   * (settings key 'noteSeries'), they follow this till's invoice series, so two tills never share one: B002 → BC02 and
   * BD02, F002 → FC02 and FD02.
   */
  noteSeriesNames(): NoteSeriesNames {
    return this.read('noteSeries', NoteSeriesSchema, this.derivedNoteSeries());
  }

  /**
   * The note series that follow the invoice series; one this till already numbered notes in under the name it had
   * before (B101's BC01) is kept: its numbers go on where SUNAT has them, and the till's claim on the server is the same.
   */
  private derivedNoteSeries(): NoteSeriesNames {
    const invoice = this.seriesNames();
    const now = noteSeriesFor(invoice);
    const before = legacyNoteSeriesFor(invoice);
    const kept = (docType: '07' | '08', key: keyof NoteSeriesNames) =>
      now[key] !== before[key] && (this.series.get(docType, before[key])?.last_number ?? 0) > 0 ? before[key] : now[key];
    return {
      creditBoleta: kept('07', 'creditBoleta'),
      creditFactura: kept('07', 'creditFactura'),
      debitBoleta: kept('08', 'debitBoleta'),
      debitFactura: kept('08', 'debitFactura'),
    };
  }

  private ensureNoteSeries(): void {
    const n = this.noteSeriesNames();
    this.series.ensure('07', n.creditBoleta);
    this.series.ensure('07', n.creditFactura);
    this.series.ensure('08', n.debitBoleta);
    this.series.ensure('08', n.debitFactura);
  }

  /**
   * The setting `key` as `schema` reads it, or `fallback`. Its stored text is read every time (one indexed row, so
   * nothing can be served stale: not after a rolled-back write, another connection's, or SQL that bypassed the
   * repository); it is parsed and checked again only when that text changed (a sale parsed and checked the
   * same settings several times). Values are frozen: a kept object is shared by every caller.
   */
  private read<S extends z.ZodType>(key: string, schema: S, fallback: z.infer<S>): z.infer<S> {
    const text = this.settings.getText(key);
    // Nothing stored: the fallback, never kept (some are computed from other settings, e.g. the note series from the
    // invoice series, and would go stale).
    if (text === undefined) return deepFreeze(structuredClone(fallback));
    const hit = this.parsed.get(key);
    if (hit && hit.schema === schema && hit.text === text) return hit.value as z.infer<S>;
    const parsed = text === undefined ? undefined : schema.safeParse(JSON.parse(text));
    // The fallback is copied: freezing must not reach the shared defaults it came from.
    const value = deepFreeze(parsed?.success ? parsed.data : structuredClone(fallback));
    this.parsed.set(key, { schema, text, value });
    return value;
  }

  company(): CompanySettings {
    return this.read('company', CompanySchema, DEMO_COMPANY);
  }

  seriesNames(): { boleta: string; factura: string } {
    return this.read('series', SeriesNamesSchema, DEFAULT_SERIES);
  }

  printer(): { deviceName: string; paper: '80mm' | '58mm' | 'A4' } {
    return this.read('printer', PrinterSchema, DEFAULT_PRINTER);
  }

  /** Demo mode is on until the user turns it off, which needs a real API and token. */
  isDemo(): boolean {
    if (this.mode) return this.mode !== 'real';
    return this.read('demo', DemoSchema, true);
  }

  /** The API the outbox and lookups talk to right now: the sandbox in demo mode, the configured one otherwise. */
  apiConfig(): ApiConfig | undefined {
    return this.isDemo() ? this.demoEndpoint : this.configuredApi();
  }

  /** The real API configured in Ajustes, whether or not demo mode is on ("Probar conexión" before going live). */
  configuredApi(): ApiConfig | undefined {
    const urls = this.read('api', ApiUrlsSchema, NO_API);
    const token = this.secrets.get('apiToken');
    if (!urls.billingBaseUrl || !token) return undefined;
    const queryToken = this.secrets.get('apiQueryToken');
    return { ...urls, token, ...(queryToken ? { queryToken } : {}) };
  }

  portalCredentials(): { usuario: string; password: string } | undefined {
    const raw = this.secrets.get('portalCredentials');
    if (!raw) return undefined;
    const parsed = PortalSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  }

  rememberPortal(credentials: { usuario: string; password: string }): void {
    this.secrets.set('portalCredentials', JSON.stringify(credentials));
  }

  /** The billing token, or a separate token for the query API (each may answer 401 to the other's). */
  setToken(token: string, target: 'billing' | 'query' = 'billing'): { tokenSet: boolean; tokenLast4?: string } {
    const key = target === 'query' ? 'apiQueryToken' : 'apiToken';
    this.secrets.set(key, token.trim());
    return this.tokenStatus(key);
  }

  tokenStatus(key: 'apiToken' | 'apiQueryToken' = 'apiToken'): { tokenSet: boolean; tokenLast4?: string } {
    const token = this.secrets.get(key);
    return token ? { tokenSet: true, tokenLast4: token.slice(-4) } : { tokenSet: false };
  }

  view(): SettingsView {
    const names = this.seriesNames();
    const portal = this.portalCredentials();
    return {
      demo: this.isDemo(),
      api: {
        ...this.read('api', ApiUrlsSchema, NO_API),
        ...this.tokenStatus(),
        queryTokenSet: this.tokenStatus('apiQueryToken').tokenSet,
        ...(this.tokenStatus('apiQueryToken').tokenLast4 ? { queryTokenLast4: this.tokenStatus('apiQueryToken').tokenLast4 } : {}),
      },
      company: this.company(),
      series: {
        boleta: { series: names.boleta, nextNumber: this.series.peekNext('03', names.boleta) ?? 1 },
        factura: { series: names.factura, nextNumber: this.series.peekNext('01', names.factura) ?? 1 },
      },
      printer: this.printer(),
      portal: portal ? { remembered: true, usuario: portal.usuario } : { remembered: false },
      sale: this.read('sale', SaleSettingsSchema, DEFAULT_SALE),
      paymentMethods: this.paymentMethods(),
      shift: this.shift(),
      shopServer: { settings: this.shopServer(), passwordSet: this.secrets.get('shopServerPassword') !== undefined },
      pins: this.pinRule(),
    };
  }

  /** Sign-in: whether new and changed PINs must have 6 digits (off until set in Ajustes). */
  pinRule(): { sixDigits: boolean } {
    return this.read('pins', PinRuleSchema, { sixDigits: false });
  }

  /** The shop server; off until set in Ajustes. */
  shopServer(): ShopServerSettings {
    return this.read('shopServer', ShopServerSettingsSchema, DEFAULT_SHOP_SERVER);
  }

  setShopServerPassword(password: string): void {
    this.secrets.set('shopServerPassword', password);
  }

  shopServerPassword(): string | undefined {
    return this.secrets.get('shopServerPassword');
  }

  /**
   * A shop-wide setting that came from the shop server: stored when it reads as this version's schema,
   * ignored otherwise (a newer Caja's shape never breaks this till). Never queued back up.
   */
  applyShared(key: string, value: unknown): void {
    const schema = key === 'company' ? CompanySchema : key === 'paymentMethods' ? PaymentMethodsSchema : null;
    if (schema && schema.safeParse(value).success) this.settings.set(key, value);
  }

  /** This till's id on the shop server: made once, kept in the database (a restored copy keeps it). */
  terminalId(): string {
    const stored = this.settings.get('terminalId');
    if (typeof stored === 'string' && stored.length > 0) return stored;
    const id = randomUUID();
    this.settings.set('terminalId', id);
    return id;
  }

  /** Whether selling needs an open cash session, and how the drawer opens. */
  shift(): ShiftSettings {
    return this.read('shift', ShiftSettingsSchema, DEFAULT_SHIFT_SETTINGS);
  }

  /** Whether a payment by app or transfer must carry its operation number (on until Ajustes → Venta says otherwise). */
  requireOperationNumber(): boolean {
    return this.read('sale', SaleSettingsSchema, DEFAULT_SALE).requireOperationNumber;
  }

  /** The shop's payment methods; a new shop starts with efectivo, cards, Yape, Plin and transfer. */
  paymentMethods(): PaymentMethod[] {
    return this.read('paymentMethods', PaymentMethodsSchema, [...DEFAULT_PAYMENT_METHODS]);
  }

  /**
   * Leaving demo mode needs a real API and token AND the shop's own company: a real boleta must never go out under
   * the demo company. The refusal says what to fill.
   */
  private assertReadyToGoLive(change: SettingsUpdate): void {
    const urls = change.api ?? this.read('api', ApiUrlsSchema, NO_API);
    if (!urls.billingBaseUrl || !this.secrets.get('apiToken')) {
      throw new CoreError('validation', 'Para salir del modo demo configure las direcciones de la API y el token.', [
        { path: 'demo', message: 'Falta configurar la API o el token' },
      ]);
    }
    const company = change.company ?? this.company();
    const missing = [
      company.ruc === DEMO_COMPANY.ruc ? 'el RUC de su empresa (el actual es el de la empresa de demostración)' : '',
      company.name.trim() === '' ? 'la razón social' : '',
      company.address.trim() === '' ? 'la dirección fiscal' : '',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new CoreError('validation', `Para salir del modo demo ingrese en «Empresa»: ${missing.join(', ')}.`, [
        { path: 'demo', message: 'Faltan los datos de su empresa' },
      ]);
    }
  }

  update(change: SettingsUpdate): SettingsView {
    if (change.company && !isValidRuc(change.company.ruc)) {
      throw new CoreError('validation', 'El RUC de la empresa no es válido.', [
        { path: 'company.ruc', message: 'El RUC no es válido (dígito verificador)' },
      ]);
    }
    if (change.demo === false) this.assertReadyToGoLive(change);
    if (change.company) this.settings.set('company', change.company);
    if (change.api) this.settings.set('api', change.api);
    if (change.printer) this.settings.set('printer', change.printer);
    if (change.sale) this.settings.set('sale', { ...this.read('sale', SaleSettingsSchema, DEFAULT_SALE), ...change.sale });
    if (change.paymentMethods) this.settings.set('paymentMethods', change.paymentMethods);
    if (change.shift) this.settings.set('shift', change.shift);
    if (change.shopServer) this.settings.set('shopServer', change.shopServer);
    if (change.pins) this.settings.set('pins', change.pins);
    if (change.demo !== undefined) this.settings.set('demo', change.demo);
    if (change.series) {
      this.settings.set('series', change.series);
      this.series.ensure('03', change.series.boleta);
      this.series.ensure('01', change.series.factura);
      this.ensureNoteSeries();
    }
    return this.view();
  }
}

/** `value` and everything in it made read-only (a cached setting is shared by every caller). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}
