/**
 * Where the API token and the tax-portal credentials live. The Electron shell implements it with safeStorage
 * (encrypted on disk); tests use the in-memory one. The core never writes secrets to the database or to logs.
 */
export interface SecretStore {
  get(name: SecretName): string | undefined;
  set(name: SecretName, value: string): void;
  delete(name: SecretName): void;
}

/** shopServerPassword: the shop server's PostgreSQL password; shopServerOwnerPassword: the owner role of the server this PC hosts; smtpPassword: the shop's mail account (documents sent by email). */
export const SECRET_NAMES = ['apiToken', 'apiQueryToken', 'portalCredentials', 'shopServerPassword', 'shopServerOwnerPassword', 'smtpPassword'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];

export function memorySecretStore(initial: Partial<Record<SecretName, string>> = {}): SecretStore {
  const values = new Map(Object.entries(initial) as [SecretName, string][]);
  return {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    delete: (name) => void values.delete(name),
  };
}
