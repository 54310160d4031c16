// Demo mode's API: the sandbox server on 127.0.0.1 (random port, random token for this session). It is started at
// every launch, so the user can switch demo mode on or off in Ajustes without restarting; the core only talks to it
// while the `demo` setting is on. If it cannot start, Caja still opens (documents stay pending in demo mode).
import { randomBytes } from 'node:crypto';
import type { ApiConfig } from '../core/api';
import type { Logger } from '../core/dispatch';

export interface SandboxHandle {
  billingBaseUrl: string;
  queryBaseUrl: string;
  token: string;
  close(): Promise<void> | void;
}

export type StartSandbox = (options: { port?: number; token?: string }) => Promise<SandboxHandle>;

export interface DemoApi {
  endpoint: ApiConfig | undefined;
  close(): Promise<void>;
}

export async function startDemoApi(startSandbox: StartSandbox, log?: Logger): Promise<DemoApi> {
  try {
    const sandbox = await startSandbox({ port: 0, token: randomBytes(24).toString('base64url') });
    log?.info('demo sandbox listening', { url: sandbox.queryBaseUrl });
    return {
      endpoint: { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token },
      close: async () => {
        await sandbox.close();
      },
    };
  } catch (e) {
    log?.error('demo sandbox could not start', { error: e instanceof Error ? e.message : String(e) });
    return { endpoint: undefined, close: async () => undefined };
  }
}
