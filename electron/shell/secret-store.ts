// The core's SecretStore over Electron's safeStorage: values encrypted with the OS key store and kept base64 in
// <userData>/secrets.json. Only the main process holds the plain values (in memory); nothing here reaches the
// renderer or the log. safeStorage is passed in, so tests use a fake.
import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '../core/dispatch';
import type { SecretName, SecretStore } from '../core/services/secrets';

/** The part of Electron's safeStorage this store uses (the synchronous calls, since SecretStore is synchronous). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  getSelectedStorageBackend?(): string;
}

/**
 * How secrets are kept on this machine:
 * - 'encrypted': the OS key store protects them (Windows DPAPI, macOS Keychain, GNOME libsecret, KWallet).
 * - 'confirm-weak': Linux without a key store ('basic_text'): the file is only obfuscated with a fixed key, so the
 *   user is told plainly and asked before anything is written.
 * - 'memory-only': no encryption at all: secrets live until Caja closes and are asked for again next time.
 */
export type SecretStoragePlan = 'encrypted' | 'confirm-weak' | 'memory-only';

export function planSecretStorage(input: {
  platform: NodeJS.Platform;
  encryptionAvailable: boolean;
  backend: string | undefined;
}): SecretStoragePlan {
  if (!input.encryptionAvailable) return 'memory-only';
  if (input.platform === 'linux' && (input.backend === 'basic_text' || input.backend === 'unknown')) return 'confirm-weak';
  return 'encrypted';
}

/** The question shown (dialog.showMessageBoxSync) before storing a secret with the 'basic_text' backend. */
export const WEAK_STORAGE_QUESTION = {
  type: 'warning' as const,
  title: 'Caja: guardar el token sin llavero del sistema',
  message: 'Este equipo no tiene un llavero del sistema (GNOME Keyring, KWallet) disponible para Caja.',
  detail:
    'Si continúa, el token se guardará en su carpeta de usuario protegido solo con una clave fija: cualquier ' +
    'persona o programa con acceso a su cuenta podría leerlo. Si elige «No guardar», Caja usará el token solo ' +
    'hasta que la cierre y se lo pedirá de nuevo al volver a abrirla.',
  buttons: ['Guardar de todos modos', 'No guardar'],
  defaultId: 1,
  cancelId: 1,
  noLink: true,
};

export interface SafeStorageSecretStoreOptions {
  /** e.g. <userData>/secrets.json */
  file: string;
  safeStorage: SafeStorageLike;
  platform?: NodeJS.Platform;
  /** Asked (once per session) before writing with the 'confirm-weak' plan; true means "store anyway". */
  confirmWeakStorage: () => boolean;
  log?: Logger;
}

export interface SafeStorageSecretStore extends SecretStore {
  readonly plan: SecretStoragePlan;
  /** Names whose stored value could not be decrypted at start and were dropped (the settings screen asks again). */
  readonly dropped: readonly SecretName[];
}

interface SecretsFile {
  version: 1;
  weakStorageAccepted?: boolean;
  secrets: Partial<Record<SecretName, string>>;
}

const SECRET_NAMES: readonly SecretName[] = ['apiToken', 'apiQueryToken', 'portalCredentials', 'shopServerPassword', 'shopServerOwnerPassword', 'smtpPassword'];

function readSecretsFile(file: string, log?: Logger): SecretsFile {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { version: 1, secrets: {} };
  }
  try {
    const parsed = JSON.parse(text) as Partial<SecretsFile>;
    const secrets: SecretsFile['secrets'] = {};
    for (const name of SECRET_NAMES) {
      const v = parsed.secrets?.[name];
      if (typeof v === 'string' && v !== '') secrets[name] = v;
    }
    return { version: 1, ...(parsed.weakStorageAccepted === true ? { weakStorageAccepted: true } : {}), secrets };
  } catch {
    log?.warn('secrets file is not valid JSON; starting without stored secrets', { file });
    return { version: 1, secrets: {} };
  }
}

function writeSecretsFile(file: string, content: SecretsFile): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, `${JSON.stringify(content, null, 2)}\n`, { encoding: 'utf8', mode: 0o600 });
  fs.renameSync(tmp, file);
}

/** Loads (and decrypts) the stored secrets once; afterwards reads come from memory and writes go to disk at once. */
export function createSafeStorageSecretStore(options: SafeStorageSecretStoreOptions): SafeStorageSecretStore {
  const { safeStorage, log } = options;
  const plan = planSecretStorage({
    platform: options.platform ?? process.platform,
    encryptionAvailable: safeStorage.isEncryptionAvailable(),
    backend: safeStorage.getSelectedStorageBackend?.(),
  });
  const stored = readSecretsFile(options.file, log);
  const values = new Map<SecretName, string>();
  const dropped: SecretName[] = [];
  let weakDecision: boolean | undefined = stored.weakStorageAccepted ? true : undefined;

  const save = () => {
    try {
      writeSecretsFile(options.file, stored);
    } catch (e) {
      log?.error('could not write the secrets file', { file: options.file, error: e instanceof Error ? e.message : String(e) });
    }
  };

  if (plan === 'memory-only') {
    if (Object.keys(stored.secrets).length > 0) {
      // Not the key's fault: nothing can be decrypted right now. Keep the file for a start where the key store is back.
      log?.warn('encryption is not available: stored secrets are not read this session');
    }
  } else {
    for (const name of SECRET_NAMES) {
      const encoded = stored.secrets[name];
      if (encoded === undefined) continue;
      try {
        values.set(name, safeStorage.decryptString(Buffer.from(encoded, 'base64')));
      } catch {
        // The key store changed (new user profile, reinstalled OS, other keyring): the value is lost for good.
        delete stored.secrets[name];
        dropped.push(name);
        log?.warn('a stored secret could not be decrypted and was dropped; it must be entered again', { name });
      }
    }
    if (dropped.length > 0) save();
  }

  function mayWriteToDisk(): boolean {
    if (plan === 'encrypted') return true;
    if (plan === 'memory-only') return false;
    if (weakDecision === undefined) {
      weakDecision = options.confirmWeakStorage();
      if (weakDecision) stored.weakStorageAccepted = true;
    }
    return weakDecision;
  }

  return {
    plan,
    dropped,
    get: (name) => values.get(name),
    set(name, value) {
      values.set(name, value);
      if (!mayWriteToDisk()) {
        // A value kept only in memory must not leave an older one on disk to come back next time.
        if (stored.secrets[name] !== undefined) {
          delete stored.secrets[name];
          save();
        }
        log?.info('secret kept in memory only for this session', { name, plan });
        return;
      }
      try {
        stored.secrets[name] = safeStorage.encryptString(value).toString('base64');
      } catch (e) {
        delete stored.secrets[name];
        log?.error('could not encrypt a secret; kept in memory only', { name, error: e instanceof Error ? e.message : String(e) });
      }
      save();
    },
    delete(name) {
      values.delete(name);
      if (stored.secrets[name] !== undefined) {
        delete stored.secrets[name];
        save();
      }
    },
  };
}
