import { describe, expect, it } from 'vitest';
import { classifyCdr, classifyCdrCode } from '../../../../electron/core/cdr';

describe('classifyCdrCode', () => {
  it.each([
    ['0', 'accepted'],
    ['0000', 'accepted'],
    ['0099', 'exception'],
    ['1', 'exception'],
    ['0100', 'exception'],
    ['0109', 'exception'],
    ['1033', 'exception'],
    ['1999', 'exception'],
    ['2000', 'rejected'],
    ['2800', 'rejected'],
    ['3999', 'rejected'],
    ['4000', 'observed'],
    ['4999', 'observed'],
    [' 2800 ', 'rejected'],
    ['CDR', 'exception'],
    ['', 'exception'],
  ] as const)('%j → %s', (code, expected) => {
    expect(classifyCdrCode(code)).toBe(expected);
  });
});

describe('classifyCdr', () => {
  it('treats code 0 with notes as observed and leaves other codes to their range', () => {
    expect(classifyCdr({ code: '0', notes: [] })).toBe('accepted');
    expect(classifyCdr({ code: '0', notes: ['4287 - x'] })).toBe('observed');
    expect(classifyCdr({ code: '2800', notes: ['4287 - x'] })).toBe('rejected');
    expect(classifyCdr({ code: '0109', notes: [] })).toBe('exception');
  });
});
