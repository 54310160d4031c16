// The sandbox in its own process for benchmarks, so its CPU time is not counted as the app's.
// argv: latencyMs, the API's round trip: each send is answered that long after it arrived, the sandbox's own work
// (checks, CDR, zip) inside it (SandboxOptions.roundTripMs), so the drain's latency bound is reachable by an app that
// costs nothing. Prints one JSON line with the endpoint, then serves until killed.
import { startSandbox } from '../../electron/sandbox';

async function main() {
  const latency = Number(process.argv[2] ?? '0');
  const sandbox = await startSandbox({ port: 0, roundTripMs: latency });
  const endpoint = { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token };
  process.stdout.write(`${JSON.stringify(endpoint)}\n`);
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}

void main();
