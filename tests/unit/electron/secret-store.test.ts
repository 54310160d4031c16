import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createSafeStorageSecretStore,
  planSecretStorage,
  WEAK_STORAGE_QUESTION,
} from '../../../electron/shell/secret-store';
import { createFakeSafeStorage } from './fake-electron';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function secretsFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caja-secrets-'));
  dirs.push(dir);
  return path.join(dir, 'secrets.json');
}

const TOKEN = 'tok_live_9f8e7d6c5b4a3210';

describe('planSecretStorage', () => {
  it.each([
    ['win32', true, undefined, 'encrypted'],
    ['darwin', true, undefined, 'encrypted'],
    ['linux', true, 'gnome_libsecret', 'encrypted'],
    ['linux', true, 'kwallet5', 'encrypted'],
    ['linux', true, 'basic_text', 'confirm-weak'],
    ['linux', true, 'unknown', 'confirm-weak'],
    ['linux', false, 'gnome_libsecret', 'memory-only'],
    ['win32', false, undefined, 'memory-only'],
  ] as const)('%s, available=%s, backend=%s -> %s', (platform, encryptionAvailable, backend, plan) => {
    expect(planSecretStorage({ platform, encryptionAvailable, backend })).toBe(plan);
  });
});

describe('safeStorage secret store', () => {
  it('round-trips through the file, which holds only base64 of the encrypted value', () => {
    const file = secretsFile();
    const safeStorage = createFakeSafeStorage();
    const confirm = vi.fn(() => true);
    const store = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: confirm });
    expect(store.plan).toBe('encrypted');
    store.set('apiToken', TOKEN);
    expect(store.get('apiToken')).toBe(TOKEN);

    const text = fs.readFileSync(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    const onDisk = JSON.parse(text) as { secrets: { apiToken: string } };
    expect(safeStorage.decryptString(Buffer.from(onDisk.secrets.apiToken, 'base64'))).toBe(TOKEN);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const reopened = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: confirm });
    expect(reopened.get('apiToken')).toBe(TOKEN);
    expect(reopened.dropped).toEqual([]);
    expect(confirm).not.toHaveBeenCalled();

    reopened.delete('apiToken');
    expect(reopened.get('apiToken')).toBeUndefined();
    const again = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: confirm });
    expect(again.get('apiToken')).toBeUndefined();
  });

  it('drops a value that no longer decrypts (key store changed) instead of failing to start', () => {
    const file = secretsFile();
    const before = createFakeSafeStorage({ key: 'old-keyring' });
    const first = createSafeStorageSecretStore({ file, safeStorage: before, platform: 'win32', confirmWeakStorage: () => true });
    first.set('apiToken', TOKEN);
    first.set('portalCredentials', JSON.stringify({ usuario: 'MODDATOS', password: 'moddatos' }));

    const after = createFakeSafeStorage({ key: 'new-keyring' });
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const store = createSafeStorageSecretStore({ file, safeStorage: after, platform: 'win32', confirmWeakStorage: () => true, log });
    expect(store.get('apiToken')).toBeUndefined();
    expect(store.get('portalCredentials')).toBeUndefined();
    expect([...store.dropped].sort()).toEqual(['apiToken', 'portalCredentials']);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).secrets).toEqual({});
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain(TOKEN);

    store.set('apiToken', 'tok_new_value_123');
    const reopened = createSafeStorageSecretStore({ file, safeStorage: after, platform: 'win32', confirmWeakStorage: () => true });
    expect(reopened.get('apiToken')).toBe('tok_new_value_123');
  });

  it('with the basic_text backend asks once before storing; yes writes and is remembered', () => {
    const file = secretsFile();
    const safeStorage = createFakeSafeStorage({ backend: 'basic_text' });
    const confirm = vi.fn(() => true);
    const store = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: confirm });
    expect(store.plan).toBe('confirm-weak');
    expect(confirm).not.toHaveBeenCalled(); // nothing asked until something is stored
    store.set('apiToken', TOKEN);
    store.set('portalCredentials', '{"usuario":"U","password":"P"}');
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(fs.readFileSync(file, 'utf8')).not.toContain(TOKEN);

    const confirmLater = vi.fn(() => false);
    const reopened = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: confirmLater });
    expect(reopened.get('apiToken')).toBe(TOKEN);
    reopened.set('apiToken', 'tok_changed_4567');
    expect(confirmLater).not.toHaveBeenCalled();
  });

  it('with the basic_text backend, "No guardar" keeps the secret in memory only and removes an older one from disk', () => {
    const file = secretsFile();
    const safeStorage = createFakeSafeStorage({ backend: 'basic_text' });
    fs.writeFileSync(
      file,
      JSON.stringify({ version: 1, secrets: { apiToken: safeStorage.encryptString('tok_old_value_000').toString('base64') } }),
    );
    const confirm = vi.fn(() => false);
    const store = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: confirm });
    expect(store.get('apiToken')).toBe('tok_old_value_000');
    store.set('apiToken', TOKEN);
    store.set('apiToken', `${TOKEN}-2`);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(store.get('apiToken')).toBe(`${TOKEN}-2`);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).secrets).toEqual({});

    const next = createSafeStorageSecretStore({ file, safeStorage, platform: 'linux', confirmWeakStorage: () => false });
    expect(next.get('apiToken')).toBeUndefined();
  });

  it('without encryption keeps secrets in memory and leaves the stored file alone', () => {
    const file = secretsFile();
    const working = createFakeSafeStorage();
    createSafeStorageSecretStore({ file, safeStorage: working, platform: 'linux', confirmWeakStorage: () => true }).set('apiToken', TOKEN);
    const before = fs.readFileSync(file, 'utf8');

    const broken = createFakeSafeStorage({ available: false });
    const store = createSafeStorageSecretStore({ file, safeStorage: broken, platform: 'linux', confirmWeakStorage: () => true });
    expect(store.plan).toBe('memory-only');
    expect(store.get('apiToken')).toBeUndefined();
    store.set('portalCredentials', '{"usuario":"U","password":"P"}');
    expect(store.get('portalCredentials')).toBe('{"usuario":"U","password":"P"}');
    expect(fs.readFileSync(file, 'utf8')).toBe(before);
    expect(broken.encryptString).not.toHaveBeenCalled();
  });

  it('starts empty from a corrupt file', () => {
    const file = secretsFile();
    fs.writeFileSync(file, '{not json');
    const store = createSafeStorageSecretStore({ file, safeStorage: createFakeSafeStorage(), platform: 'win32', confirmWeakStorage: () => true });
    expect(store.get('apiToken')).toBeUndefined();
    store.set('apiToken', TOKEN);
    expect(JSON.parse(fs.readFileSync(file, 'utf8')).version).toBe(1);
  });

  it('asks in Spanish, with "No guardar" as the safe default', () => {
    expect(WEAK_STORAGE_QUESTION.buttons).toEqual(['Guardar de todos modos', 'No guardar']);
    expect(WEAK_STORAGE_QUESTION.defaultId).toBe(1);
    expect(WEAK_STORAGE_QUESTION.cancelId).toBe(1);
    expect(WEAK_STORAGE_QUESTION.detail).toMatch(/cualquier persona o programa con acceso a su cuenta podría leerlo/);
  });
});
