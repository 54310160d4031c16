import { describe, expect, it } from 'vitest';
import { CitizenSchema, DniResponseSchema } from '../../../../shared/api';
import { dniResponse } from './fixtures';

type Json = Record<string, unknown>;
const copy = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;

describe('DniResponseSchema', () => {
  it('accepts the citizen record', () => {
    expect(DniResponseSchema.parse(copy(dniResponse))).toEqual(dniResponse);
  });

  it('accepts an empty birth date and sex', () => {
    const body = copy(dniResponse);
    Object.assign(body.data as Json, { fecha_nacimiento: '', sexo: '' });
    expect(DniResponseSchema.safeParse(body).success).toBe(true);
  });

  it('ignores extra fields such as codigo_verificacion', () => {
    const body = copy(dniResponse);
    (body.data as Json).codigo_verificacion = '4';
    expect(DniResponseSchema.parse(body).data).not.toHaveProperty('codigo_verificacion');
  });

  it.each(Object.keys(CitizenSchema.shape))('rejects a record without %s', (field) => {
    const body = copy(dniResponse);
    delete (body.data as Json)[field];
    const result = DniResponseSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([`data.${field}`]);
  });

  it.each(['status', 'success', 'message', 'data'])('rejects an envelope without %s', (field) => {
    const body = copy(dniResponse);
    delete body[field];
    expect(DniResponseSchema.safeParse(body).success).toBe(false);
  });

  it.each([
    ['ubigeo', '210101'],
    ['ubigeo', [21, 2101]],
    ['numero', '4587123'],
    ['fecha_nacimiento', null],
    ['sexo', null],
  ])('rejects %s = %j', (field, value) => {
    const body = copy(dniResponse);
    (body.data as Json)[field] = value;
    expect(DniResponseSchema.safeParse(body).success).toBe(false);
  });
});
