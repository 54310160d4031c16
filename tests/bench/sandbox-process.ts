// The sandbox in its own process for benchmarks, so its CPU time is not counted as the app's.
// argv: latencyMs. Prints one JSON line with the endpoint, then serves until killed.
import { startSandbox } from '../../electron/sandbox';

async function main() {
  const latency = Number(process.argv[2] ?? '0');
  const sandbox = await startSandbox({ port: 0 });
  if (latency > 0) sandbox.faults.latency(latency, Number.POSITIVE_INFINITY, 'send');
  const endpoint = { billingBaseUrl: sandbox.billingBaseUrl, queryBaseUrl: sandbox.queryBaseUrl, token: sandbox.token };
  process.stdout.write(`${JSON.stringify(endpoint)}\n`);
  process.on('SIGTERM', () => void sandbox.close().then(() => process.exit(0)));
}

void main();
