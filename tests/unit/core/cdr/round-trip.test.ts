import { describe, expect, it } from 'vitest';
import { readCdrZip } from '../../../../electron/core/cdr';
import { acceptanceDescription, buildCdrZip, type CdrBuildInput } from '../../../../electron/sandbox/cdr';

const base: Omit<CdrBuildInput, 'layout'> = {
  issuerRuc: '20481234567',
  docType: '01',
  series: 'F001',
  number: '1',
  code: '0',
  description: acceptanceDescription('01', 'F001', '1'),
  notes: [
    '4287 - El número de ítem no coincide - INFO: información & <detalle>',
    '4031 - Debe indicar el nombre comercial "Ñandú\'s"',
  ],
  recipient: '6-20512345671',
  issuedAt: new Date('2024-04-05T19:34:38Z'),
};

describe('buildCdrZip → readCdrZip', () => {
  it.each(['sunat', 'ose'] as const)('round-trips the %s layout with accents intact', async (layout) => {
    const info = await readCdrZip(await buildCdrZip({ ...base, layout }));
    expect(info.code).toBe('0');
    expect(info.description).toBe('La Factura numero F001-00000001, ha sido aceptada');
    expect(info.referenceId).toBe('F001-1');
    expect(info.notes).toEqual(base.notes);
    expect(info.recipient).toBe('6-20512345671');
    expect(info.fileName).toBe('R-20481234567-01-F001-1.xml');
  });

  it.each(['sunat', 'ose'] as const)('round-trips a %s rejection of a boleta with a DNI customer', async (layout) => {
    const input: CdrBuildInput = {
      ...base,
      layout,
      docType: '03',
      series: 'B001',
      number: '00000123',
      code: '2800',
      description: 'El dato ingresado en el tipo de documento de identidad del receptor no está permitido.',
      notes: [],
      recipient: '1-45678912',
    };
    const info = await readCdrZip(await buildCdrZip(input));
    expect(info.code).toBe('2800');
    expect(info.description).toBe(input.description);
    expect(info.referenceId).toBe('B001-123');
    expect(info.notes).toEqual([]);
    expect(info.recipient).toBe('1-45678912');
    expect(info.fileName).toBe('R-20481234567-03-B001-123.xml');
  });

  it('keeps the id of each layout: a millisecond timestamp (SUNAT) or a UUID (OSE)', async () => {
    const sunat = await readCdrZip(await buildCdrZip({ ...base, layout: 'sunat' }));
    const ose = await readCdrZip(await buildCdrZip({ ...base, layout: 'ose' }));
    expect(sunat.id).toBe(String(base.issuedAt.getTime()));
    expect(ose.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
