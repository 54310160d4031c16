// The sandbox: a real HTTP server on 127.0.0.1 speaking the invoicing API (docs/api/invoicing-api.md), for demo mode and integration tests.
// Plain Node (never imports 'electron'). State lives in memory for the life of the server.
import type { AddressInfo } from 'node:net';
import { createFaultEngine } from './faults';
import { Registry } from './registry';
import { buildFixtures } from './seed';
import { createSandboxServer } from './server';
import { loadState, saveState } from './state-file';
import type { Sandbox, SandboxOptions } from './types';
import { createVariation } from './variations';

export type { Sandbox, SandboxOptions, SandboxSeed, Declaration, ResendMode, CdrLayout, Taxpayer } from './types';
export type { FaultController, FaultRoute, ChaosOptions } from './faults';
export { createVariation, type Variation, type VaryOptions } from './variations';
export { evaluateInvoice, type AuthorityOutcome } from './authority';
export { SEED_CITIZENS, SEED_GUIDES, SEED_RECORDS, SEED_TAXPAYERS } from './seed';

export const DEFAULT_TOKEN = 'demo-token';
const DEFAULT_SECRET = 'caja-sandbox-secret';

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const token = options.token ?? DEFAULT_TOKEN;
  const stateFile = options.stateFile;
  const registry = stateFile
    ? new Registry(loadState(stateFile), (all) => saveState(stateFile, all))
    : new Registry();
  const faults = createFaultEngine();
  const shutdown = new AbortController();
  let sendRequests = 0;

  const server = createSandboxServer(
    {
      token,
      dialect: options.dialect ?? 'document',
      faults,
      registry,
      fixtures: buildFixtures(options.seed),
      clock: options.clock ?? (() => new Date()),
      resendMode: options.resendMode ?? 'idempotent',
      cdrLayout: options.cdrLayout ?? 'sunat',
      secret: options.secret ?? DEFAULT_SECRET,
      maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
      variation: options.vary ? createVariation(options.vary) : undefined,
      roundTripMs: options.roundTripMs ?? 0,
      onSendRequest: () => {
        sendRequests += 1;
      },
    },
    shutdown.signal,
  );

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  let closing: Promise<void> | undefined;

  return {
    url,
    billingBaseUrl: `${url}/api/v1`,
    queryBaseUrl: url,
    token,
    faults,
    declarations: () => registry.declarations(),
    requests: () => sendRequests,
    close() {
      closing ??= new Promise<void>((resolve) => {
        shutdown.abort();
        server.close(() => resolve());
        server.closeAllConnections(); // hanging requests and idle keep-alive sockets
      });
      return closing;
    },
  };
}
