import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../electron/core/api';
import { outcomeOfError, outcomeOfResult, statusOfCode } from '../../../../electron/core/outbox/outcome';
import type { SendResult } from '../../../../shared/api';

const result = (code: string, success: boolean, notes: string[] = []): SendResult => ({
  status: 200,
  success: true,
  message: 'ok',
  data: { hash: 'h', authorityResponse: { success, cdrZip: '', cdrResponse: { id: 'B001-1', code, description: 'd', notes } } },
});

describe('send outcome', () => {
  it.each([
    ['0', true, [], 'final', 'accepted'],
    ['0', true, ['4290 - nota'], 'final', 'observed'],
    ['4207', true, [], 'final', 'observed'],
    ['2800', false, [], 'final', 'rejected'],
    ['3999', false, [], 'final', 'rejected'],
    ['1032', false, [], 'final', 'rejected'],
    ['1033', false, [], 'already_registered', undefined],
    ['0402', false, [], 'already_registered', undefined],
    ['0109', false, [], 'retry', undefined],
    ['1999', false, [], 'retry', undefined],
    ['0', false, [], 'retry', undefined],
    ['XYZ', false, [], 'retry', undefined],
  ] as const)('code %s (success %s) -> %s %s', (code, success, notes, kind, status) => {
    const o = outcomeOfResult(result(code, success, [...notes]));
    expect(o.kind).toBe(kind);
    if (status) expect(o).toMatchObject({ status });
  });

  it('maps API errors: auth stops, 400 is invalid, the rest retry (ambiguous when the request may have arrived)', () => {
    expect(outcomeOfError(new ApiError('auth', 'x', 401)).kind).toBe('auth');
    expect(outcomeOfError(new ApiError('invalid', 'Falta serie', 400))).toMatchObject({ kind: 'final', status: 'invalid', message: 'Falta serie' });
    expect(outcomeOfError(new ApiError('timeout', 'x'))).toMatchObject({ kind: 'retry', ambiguous: true });
    expect(outcomeOfError(new ApiError('network', 'x'))).toMatchObject({ kind: 'retry', ambiguous: true });
    expect(outcomeOfError(new ApiError('malformed', 'x'))).toMatchObject({ kind: 'retry', ambiguous: true });
    expect(outcomeOfError(new ApiError('server', 'x', 503))).toMatchObject({ kind: 'retry', ambiguous: false });
  });

  it('reads status from CDR codes', () => {
    expect(statusOfCode('0')).toBe('accepted');
    expect(statusOfCode('4000')).toBe('observed');
    expect(statusOfCode('2000')).toBe('rejected');
    expect(statusOfCode('0100')).toBeUndefined();
  });
});
