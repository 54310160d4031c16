import { describe, expect, it } from 'vitest';
import { ErrorBodySchema, SendResultSchema } from '../../../../shared/api';
import { errorBody, sendResultAccepted } from './fixtures';

type Json = Record<string, unknown>;
const copy = (value: unknown): Json => JSON.parse(JSON.stringify(value)) as Json;
const cdrResponseOf = (body: Json) => ((body.data as Json).authorityResponse as Json).cdrResponse as Json;
const pathsOf = (result: { error?: { issues: { path: PropertyKey[] }[] } }) =>
  (result.error?.issues ?? []).map((issue) => issue.path.join('.'));

describe('SendResultSchema', () => {
  it('accepts an accepted send result with empty notes', () => {
    expect(SendResultSchema.parse(copy(sendResultAccepted))).toEqual(sendResultAccepted);
  });

  it('accepts an observed result with notes and ignores fields it does not know', () => {
    const body = copy(sendResultAccepted);
    cdrResponseOf(body).notes = ['4287 - El precio unitario de la operación que está informando difiere de los cálculos'];
    body.requestId = 'abc-123';
    (body.data as Json).pdfUrl = 'https://example.test/pdf';
    const parsed = SendResultSchema.parse(body);
    expect(parsed.data.authorityResponse.cdrResponse.notes).toHaveLength(1);
    expect(parsed).not.toHaveProperty('requestId');
    expect(parsed.data).not.toHaveProperty('pdfUrl');
  });

  it.each([
    'status', 'success', 'message', 'data', 'data.hash', 'data.authorityResponse',
    'data.authorityResponse.success', 'data.authorityResponse.cdrZip', 'data.authorityResponse.cdrResponse',
    'data.authorityResponse.cdrResponse.id', 'data.authorityResponse.cdrResponse.code',
    'data.authorityResponse.cdrResponse.description', 'data.authorityResponse.cdrResponse.notes',
  ])('rejects a result without %s', (path) => {
    const body = copy(sendResultAccepted);
    const keys = path.split('.');
    const last = keys.pop() as string;
    const parent = keys.reduce((node, key) => node[key] as Json, body);
    delete parent[last];
    const result = SendResultSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(pathsOf(result)).toContain(path);
  });

  it.each([
    ['status', '200'],
    ['status', 200.5],
    ['success', 'true'],
    ['data.authorityResponse.cdrResponse.notes', 'sin notas'],
    ['data.authorityResponse.cdrResponse.notes', [4287]],
    ['data.authorityResponse.cdrResponse.code', 0],
    ['data.authorityResponse.cdrZip', 'esto no es base64'],
  ])('rejects %s = %j', (path, value) => {
    const body = copy(sendResultAccepted);
    const keys = path.split('.');
    const last = keys.pop() as string;
    keys.reduce((node, key) => node[key] as Json, body)[last] = value;
    expect(SendResultSchema.safeParse(body).success).toBe(false);
  });
});

describe('ErrorBodySchema', () => {
  it('accepts the 400 body', () => {
    expect(ErrorBodySchema.parse(errorBody)).toEqual(errorBody);
  });

  it.each(['status', 'success', 'message'])('rejects a body without %s', (field) => {
    const body = copy(errorBody);
    delete body[field];
    expect(pathsOf(ErrorBodySchema.safeParse(body))).toEqual([field]);
  });
});
