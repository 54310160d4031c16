import { z } from 'zod';
import type { SettingsUpdate, SettingsView } from '../../../shared/bridge';
import { isValidRuc } from '../../../shared/ids';
import type { SeriesRepository, SettingsRepository } from '../db';
import type { ApiConfig } from '../api';
import type { SecretStore } from './secrets';
import { CoreError } from './errors';

const CompanySchema = z.object({
  ruc: z.string(),
  name: z.string(),
  tradeName: z.string(),
  address: z.string(),
  igvRegime: z.enum(['general', 'special']),
});
const ApiUrlsSchema = z.object({ billingBaseUrl: z.string(), queryBaseUrl: z.string() });
const SeriesNamesSchema = z.object({ boleta: z.string(), factura: z.string() });
const PrinterSchema = z.object({ deviceName: z.string(), paper: z.enum(['80mm', '58mm', 'A4']) });
const PortalSchema = z.object({ usuario: z.string(), password: z.string() });
const SaleSettingsSchema = z.object({ allowPriceChange: z.boolean() });

export type CompanySettings = z.infer<typeof CompanySchema>;

/** A fictional company so a fresh demo till can sell at once; replaced in Ajustes. */
const DEMO_COMPANY: CompanySettings = {
  ruc: '20131312955',
  name: 'BODEGA DEMOSTRACIÓN S.A.C.',
  tradeName: 'Bodega Demo',
  address: 'Av. Ejemplo 123, Lima',
  igvRegime: 'general',
};
const DEFAULT_SERIES = { boleta: 'B001', factura: 'F001' };
const DEFAULT_PRINTER = { deviceName: '', paper: '80mm' as const };
/** A catalogue product is sold at its catalogue price until the owner allows changing it on the line. */
const DEFAULT_SALE = { allowPriceChange: false };

/** Where the sandbox of demo mode listens (started by the shell or by the test harness). */
export type DemoEndpoint = ApiConfig;

export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly series: SeriesRepository,
    private readonly secrets: SecretStore,
    private readonly demoEndpoint: DemoEndpoint | undefined,
  ) {
    const names = this.seriesNames();
    this.series.ensure('03', names.boleta);
    this.series.ensure('01', names.factura);
  }

  private read<S extends z.ZodType>(key: string, schema: S, fallback: z.infer<S>): z.infer<S> {
    const parsed = schema.safeParse(this.settings.get(key));
    return parsed.success ? parsed.data : fallback;
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
    return this.read('demo', z.boolean(), true);
  }

  /** The API the outbox and lookups talk to right now: the sandbox in demo mode, the configured one otherwise. */
  apiConfig(): ApiConfig | undefined {
    if (this.isDemo()) return this.demoEndpoint;
    const urls = this.read('api', ApiUrlsSchema, { billingBaseUrl: '', queryBaseUrl: '' });
    const token = this.secrets.get('apiToken');
    if (!urls.billingBaseUrl || !token) return undefined;
    return { ...urls, token };
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

  setToken(token: string): { tokenSet: boolean; tokenLast4?: string } {
    this.secrets.set('apiToken', token.trim());
    return this.tokenStatus();
  }

  tokenStatus(): { tokenSet: boolean; tokenLast4?: string } {
    const token = this.secrets.get('apiToken');
    return token ? { tokenSet: true, tokenLast4: token.slice(-4) } : { tokenSet: false };
  }

  view(): SettingsView {
    const names = this.seriesNames();
    const portal = this.portalCredentials();
    return {
      demo: this.isDemo(),
      api: { ...this.read('api', ApiUrlsSchema, { billingBaseUrl: '', queryBaseUrl: '' }), ...this.tokenStatus() },
      company: this.company(),
      series: {
        boleta: { series: names.boleta, nextNumber: this.series.peekNext('03', names.boleta) ?? 1 },
        factura: { series: names.factura, nextNumber: this.series.peekNext('01', names.factura) ?? 1 },
      },
      printer: this.printer(),
      portal: portal ? { remembered: true, usuario: portal.usuario } : { remembered: false },
      sale: this.read('sale', SaleSettingsSchema, DEFAULT_SALE),
    };
  }

  update(change: SettingsUpdate): SettingsView {
    if (change.company && !isValidRuc(change.company.ruc)) {
      throw new CoreError('validation', 'El RUC de la empresa no es válido.', [
        { path: 'company.ruc', message: 'El RUC no es válido (dígito verificador)' },
      ]);
    }
    if (change.demo === false) {
      const urls = change.api ?? this.read('api', ApiUrlsSchema, { billingBaseUrl: '', queryBaseUrl: '' });
      if (!urls.billingBaseUrl || !this.secrets.get('apiToken')) {
        throw new CoreError('validation', 'Para salir del modo demo configure las direcciones de la API y el token.', [
          { path: 'demo', message: 'Falta configurar la API o el token' },
        ]);
      }
    }
    if (change.company) this.settings.set('company', change.company);
    if (change.api) this.settings.set('api', change.api);
    if (change.printer) this.settings.set('printer', change.printer);
    if (change.sale) this.settings.set('sale', change.sale);
    if (change.demo !== undefined) this.settings.set('demo', change.demo);
    if (change.series) {
      this.settings.set('series', change.series);
      this.series.ensure('03', change.series.boleta);
      this.series.ensure('01', change.series.factura);
    }
    return this.view();
  }
}
