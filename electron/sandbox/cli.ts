// Manual drills: `npx tsx electron/sandbox/cli.ts --port 4010 [--token T] [--resend sunat1033|always1033] [--layout ose]
// [--chaos SEED] [--vary SEED] [--state registros.json]`. --vary: each answer takes a seeded choice among the forms
// the API document allows (variations.ts). Prints the URLs and the token; Ctrl+C stops it.
import { parseArgs } from 'node:util';
import { startSandbox } from './index';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4010' },
      token: { type: 'string' },
      resend: { type: 'string', default: 'idempotent' },
      layout: { type: 'string', default: 'sunat' },
      chaos: { type: 'string' },
      vary: { type: 'string' },
      state: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Puerto no válido: ${values.port}`);
  if (values.resend !== 'idempotent' && values.resend !== 'sunat1033' && values.resend !== 'always1033') {
    throw new Error('--resend: idempotent | sunat1033 | always1033');
  }
  if (values.layout !== 'sunat' && values.layout !== 'ose') throw new Error('--layout: sunat | ose');
  const vary = values.vary === undefined ? undefined : Number(values.vary);
  if (vary !== undefined && !Number.isInteger(vary)) throw new Error(`--vary: la semilla debe ser un número entero (${values.vary})`);

  const sandbox = await startSandbox({
    port,
    ...(values.token ? { token: values.token } : {}),
    resendMode: values.resend,
    cdrLayout: values.layout,
    ...(values.state ? { stateFile: values.state } : {}),
    ...(vary !== undefined ? { vary: { seed: vary } } : {}),
  });
  if (values.chaos !== undefined) sandbox.faults.chaos({ seed: Number(values.chaos) });

  console.log(`Sandbox de facturación escuchando en ${sandbox.url}`);
  console.log(`  billing_base_url: ${sandbox.billingBaseUrl}`);
  console.log(`  query_base_url:   ${sandbox.queryBaseUrl}`);
  console.log(`  token:            ${sandbox.token}`);
  if (values.chaos !== undefined) console.log(`  modo caos con semilla ${values.chaos}`);
  if (vary !== undefined) console.log(`  respuestas variables con semilla ${vary}`);

  const stop = () => {
    console.log(`Deteniendo… ${sandbox.declarations().length} comprobantes registrados, ${sandbox.requests()} envíos recibidos.`);
    void sandbox.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
