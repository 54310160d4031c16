import { describe, expect, it } from 'vitest';
import { CdrQueryRequestSchema, CdrQueryResponseSchema } from '../../../../shared/api';
import { cdrQueryRequest, cdrQueryResponse } from './fixtures';

type Json = Record<string, unknown>;
const copy = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;
const FIELDS = ['ruc', 'usuario', 'password', 'proveedor', 'tipo_doc', 'serie', 'correlativo'];

describe('CdrQueryRequestSchema', () => {
  it('accepts a complete request', () => {
    expect(CdrQueryRequestSchema.parse(copy(cdrQueryRequest))).toEqual(cdrQueryRequest);
    expect(Object.keys(CdrQueryRequestSchema.shape).sort()).toEqual([...FIELDS].sort());
  });

  it.each(FIELDS)('rejects a request without %s, or with it empty', (field) => {
    const body = copy(cdrQueryRequest);
    body[field] = '';
    expect(CdrQueryRequestSchema.safeParse(body).success).toBe(false);
    delete body[field];
    expect(CdrQueryRequestSchema.safeParse(body).success).toBe(false);
  });

  it('rejects a number where a string is expected and an unknown property', () => {
    expect(CdrQueryRequestSchema.safeParse({ ...cdrQueryRequest, correlativo: 125 }).success).toBe(false);
    expect(CdrQueryRequestSchema.safeParse({ ...cdrQueryRequest, token: 'x' }).success).toBe(false);
  });
});

describe('CdrQueryResponseSchema', () => {
  it('accepts the response with the zipped CDR', () => {
    expect(CdrQueryResponseSchema.parse(copy(cdrQueryResponse))).toEqual(cdrQueryResponse);
  });

  it.each(['status', 'message', 'success', 'data'])('rejects a response without %s', (field) => {
    const body = copy(cdrQueryResponse);
    delete body[field];
    expect(CdrQueryResponseSchema.safeParse(body).success).toBe(false);
  });

  it('rejects data that is not base64 text', () => {
    expect(CdrQueryResponseSchema.safeParse({ ...cdrQueryResponse, data: { zip: 'x' } }).success).toBe(false);
    expect(CdrQueryResponseSchema.safeParse({ ...cdrQueryResponse, data: '<xml/>' }).success).toBe(false);
  });
});
