// Documents that reach the customer by email: the shop's SMTP account (Ajustes → Correo), its test message, and
// the durable queue of documents to send. The password crosses the bridge only on its way in (write-only), like the
// API token: the core keeps it in the secret store and never answers it.
import { z } from 'zod';
import { clientKeyField } from './client-key';

const NoInput = z.strictObject({});

export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export type MailSecurity = (typeof MAIL_SECURITY)[number];

export const MAIL_PRESETS = ['gmail', 'outlook', 'yahoo', 'custom'] as const;
export type MailPreset = (typeof MAIL_PRESETS)[number];

/** What the common providers ask; a custom server is typed whole. Gmail and Yahoo need an app password. */
export const MAIL_PRESET_VALUES: Record<Exclude<MailPreset, 'custom'>, { label: string; host: string; port: number; security: MailSecurity }> = {
  gmail: { label: 'Gmail (contraseña de aplicación)', host: 'smtp.gmail.com', port: 465, security: 'tls' },
  outlook: { label: 'Outlook / Office 365', host: 'smtp.office365.com', port: 587, security: 'starttls' },
  yahoo: { label: 'Yahoo (contraseña de aplicación)', host: 'smtp.mail.yahoo.com', port: 465, security: 'tls' },
};

const EmailSchema = z.email({ error: 'Correo electrónico no válido' }).max(254);

export const MailSettingsSchema = z.strictObject({
  preset: z.enum(MAIL_PRESETS),
  host: z.string().trim().min(1, { error: 'Falta el servidor SMTP' }).max(253),
  port: z.number().int().min(1).max(65535),
  /** 'tls': TLS from the first byte (465); 'starttls': upgraded, required (587); 'none': plain, a local relay only. */
  security: z.enum(MAIL_SECURITY),
  /** Empty: the server takes mail without signing in (a local relay). */
  user: z.string().trim().max(254),
  from: EmailSchema,
  /** The name the customer sees as sender and in the message; empty: the company's trade name. */
  shopName: z.string().trim().max(120),
  /** Each new sale goes by email on its own to the customer's address in the customer book, when there is one. */
  sendOnIssue: z.boolean().default(false),
});
export type MailSettings = z.infer<typeof MailSettingsSchema>;

export const MailSettingsViewSchema = z.object({
  settings: MailSettingsSchema.nullable(),
  passwordSet: z.boolean(),
});
export type MailSettingsView = z.infer<typeof MailSettingsViewSchema>;

export const SaveMailSettingsInputSchema = z.strictObject({
  settings: MailSettingsSchema,
  /** Absent: the stored password is kept; '': it is removed. */
  password: z.string().max(512).optional(),
});

export const SendTestEmailInputSchema = z.strictObject({ to: EmailSchema });
export const SendTestEmailResultSchema = z.object({ ok: z.boolean(), message: z.string() });

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed', 'uncertain'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One document to one address, as the document's detail shows it. */
export const DocumentEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int(),
  sentAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** "Enviado por correo a … el …", or why not yet / why not, in Spanish. */
  summary: z.string(),
});
export type DocumentEmail = z.infer<typeof DocumentEmailSchema>;

export const SendDocumentEmailInputSchema = z.strictObject({
  id: z.number().int().positive(),
  /** Absent: the customer's address in the customer book. */
  to: EmailSchema.optional(),
  ...clientKeyField,
});

export const mailContract = {
  getMailSettings: { input: NoInput, output: MailSettingsViewSchema },
  saveMailSettings: { input: SaveMailSettingsInputSchema, output: MailSettingsViewSchema },
  /** "Enviar prueba": one message now, through the saved settings, answered with what the server said. */
  sendTestEmail: { input: SendTestEmailInputSchema, output: SendTestEmailResultSchema },
  /** Queues the document (PDF or its representation, and the CDR) for one address: sent by the mail outbox. */
  sendDocumentEmail: { input: SendDocumentEmailInputSchema, output: DocumentEmailSchema },
} as const;
