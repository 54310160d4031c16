import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../electron/core/api';
import { outcomeOfError, finalStatusOf } from '../../../../electron/core/outbox/outcome';
import { outcomeOfResult } from '../../../../electron/core/outbox/verdict';
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
    ['0', false, [], 'attention', undefined],
    ['XYZ', false, [], 'attention', undefined],
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
    // 502/503/504 may come from a proxy after the API processed the request
    for (const status of [500, 502, 503, 504, 408]) {
      expect(outcomeOfError(new ApiError('server', 'x', status))).toMatchObject({ kind: 'retry', ambiguous: true });
    }
    // 425/429 are refusals before processing; Retry-After is carried to the backoff
    expect(outcomeOfError(new ApiError('server', 'x', 429, 30_000))).toMatchObject({ kind: 'retry', ambiguous: false, retryAfterMs: 30_000 });
    expect(outcomeOfError(new ApiError('server', 'x', 425))).toMatchObject({ kind: 'retry', ambiguous: false });
  });

  it('an unreadable answer or an unexpected 4xx needs attention, never a final "invalid" nor a blind resend', () => {
    expect(outcomeOfError(new ApiError('malformed', 'x'))).toMatchObject({ kind: 'attention', recheck: true, ambiguous: true });
    for (const status of [409, 413, 418]) {
      expect(outcomeOfError(new ApiError('invalid', 'x', status))).toMatchObject({ kind: 'attention', recheck: false });
    }
    expect(outcomeOfError(new ApiError('not_found', 'Ruta no encontrada.', 404))).toMatchObject({ kind: 'attention' });
  });

  it('reads status from CDR codes', () => {
    expect(finalStatusOf('0')).toBe('accepted');
    expect(finalStatusOf('4000')).toBe('observed');
    expect(finalStatusOf('2000')).toBe('rejected');
    expect(finalStatusOf('0100')).toBeUndefined();
    // one decision for every path: code 0 with observations is "observed" wherever it comes from
    expect(finalStatusOf('0', ['4290 - nota'])).toBe('observed');
    expect(finalStatusOf('0 ')).toBe('accepted');
    expect(finalStatusOf('abc')).toBeUndefined();
  });
});

describe('network failures in plain words', () => {
  it('never shows a code like UND_ERR_SOCKET to the cashier', async () => {
    const { plainNetworkReason } = await import('../../../../electron/core/api/http');
    for (const code of ['UND_ERR_SOCKET', 'ECONNRESET', 'ENOTFOUND', 'ECONNREFUSED', 'ETIMEDOUT', 'CERT_HAS_EXPIRED', 'whatever']) {
      const text = plainNetworkReason(code);
      expect(text).not.toMatch(/[A-Z_]{4,}/);
      expect(text.length).toBeGreaterThan(10);
    }
    expect(plainNetworkReason('UND_ERR_SOCKET')).toBe('la conexión se cortó antes de recibir la respuesta');
  });
});

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  it('reads delay-seconds and HTTP-dates, caps long waits and ignores garbage', async () => {
    const { retryAfterOf } = await import('../../../../electron/core/api/http');
    const now = Date.parse('2026-11-24T15:00:00Z');
    expect(retryAfterOf('30', now)).toBe(30_000);
    expect(retryAfterOf('Tue, 24 Nov 2026 15:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterOf('Tue, 24 Nov 2026 14:00:00 GMT', now)).toBe(0);
    expect(retryAfterOf('999999', now)).toBe(60 * 60_000);
    expect(retryAfterOf('pronto', now)).toBeUndefined();
    expect(retryAfterOf(null, now)).toBeUndefined();
  });
});
