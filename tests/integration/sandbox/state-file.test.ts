// The optional state file: a restarted sandbox remembers what it registered.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CdrQueryResponseSchema, SendResultSchema } from '../../../shared/api';
import { startSandbox } from '../../../electron/sandbox';
import { authHeaders, boleta, send, SAMPLE_DAY } from './helpers';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('sandbox state file', () => {
  it('restores registrations after a restart: same answer, no second declaration, CDR still downloadable', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caja-sandbox-'));
    dirs.push(dir);
    const stateFile = join(dir, 'registros.json');
    const invoice = boleta({ correlativo: '5' });

    const first = await startSandbox({ stateFile, clock: SAMPLE_DAY });
    const original = SendResultSchema.parse(await (await send(first, invoice)).json());
    await first.close();

    const second = await startSandbox({ stateFile, clock: SAMPLE_DAY });
    try {
      expect(second.declarations()).toEqual([expect.objectContaining({ key: '20100000009-03-B001-5', code: '0' })]);
      const again = SendResultSchema.parse(await (await send(second, invoice)).json());
      expect(again).toEqual(original);
      const other = SendResultSchema.parse(await (await send(second, { ...invoice, cliente_Razon_Social: 'OTRO' })).json());
      expect(other.data.authorityResponse.cdrResponse.code).toBe('1033');
      expect(second.declarations()).toHaveLength(1);

      const cdr = await fetch(`${second.queryBaseUrl}/v1/authority/cdr`, {
        method: 'POST',
        headers: authHeaders(second),
        body: JSON.stringify({
          ruc: '20100000009', usuario: 'U', password: 'P', proveedor: '20100000009', tipo_doc: '03', serie: 'B001', correlativo: '5',
        }),
      });
      expect(CdrQueryResponseSchema.parse(await cdr.json()).data).toBe(original.data.authorityResponse.cdrZip);
    } finally {
      await second.close();
    }
  });

  it('starts empty when the file does not exist yet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'caja-sandbox-'));
    dirs.push(dir);
    const sandbox = await startSandbox({ stateFile: join(dir, 'nuevo.json'), clock: SAMPLE_DAY });
    try {
      expect(sandbox.declarations()).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});
