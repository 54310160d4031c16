// Every row of the decision table (electron/core/outbox/verdict.ts, docs/api/decision-table.md).
import { describe, expect, it } from 'vitest';
import type { AuthorityAnswer } from '../../../../electron/core/outbox/outcome';
import type { FieldCheck, FieldEvidence } from '../../../../electron/core/outbox/record-match';
import { decide, type CdrEvidence, type RecordEvidence, type RegisteredEvidence } from '../../../../electron/core/outbox/verdict';

const answer = (code: string, notes: string[] = []): AuthorityAnswer => ({ code, description: 'd', notes });

/** A record compared field by field: all the same unless told otherwise. */
function record(over: Record<string, FieldEvidence> = {}, state: RecordEvidence['state'] = 'accepted'): RecordEvidence {
  const labels = ['tipo de comprobante', 'serie', 'número', 'fecha de emisión', 'cliente', 'importe total', 'línea 1'];
  const checks: FieldCheck[] = labels.map((label) => ({ label, verdict: over[label] ?? 'same' }));
  return { checks, state, indicator: state === 'accepted' ? '1' : '0' };
}

const cdr = (code: string, over: Partial<CdrEvidence> = {}): CdrEvidence => ({ answer: answer(code), reference: 'same', recipient: 'same', ...over });

const registered = (over: Partial<RegisteredEvidence>): RegisteredEvidence => ({
  kind: 'registered',
  label: 'B001-7',
  possiblySent: true,
  record: record(),
  cdr: 'not_asked',
  ...over,
});

describe('table A: the send answer', () => {
  it.each([
    ['A1', '1033', true, 'already_registered', undefined],
    ['A2', '0', true, 'final', 'accepted'],
    ['A2', '4000', true, 'final', 'observed'],
    ['A3', '0', false, 'attention', undefined],
    ['A4', '2800', false, 'final', 'rejected'],
    ['A4', '1032', false, 'final', 'rejected'],
    ['A5', '0109', false, 'retry', undefined],
    ['A6', '', false, 'attention', undefined],
  ] as const)('%s: code "%s" (success %s) -> %s %s', (_row, code, success, kind, status) => {
    const o = decide({ kind: 'answer', answer: answer(code), success });
    expect(o.kind).toBe(kind);
    if (status) expect(o).toMatchObject({ status });
  });

  it('A5: a 01xx is ambiguous: SUNAT may have registered the document anyway', () => {
    expect(decide({ kind: 'answer', answer: answer('0130'), success: false })).toMatchObject({ kind: 'retry', ambiguous: true });
  });
});

describe('table B: the number is registered', () => {
  it('B1: a field present in the record and different is a conflict, naming the field', () => {
    const o = decide(registered({ record: record({ 'línea 1': 'different' }) }));
    expect(o).toMatchObject({ kind: 'conflict', message: expect.stringContaining('línea 1') });
  });

  it('B1 wins over an accepting CDR', () => {
    expect(decide(registered({ record: record({ cliente: 'different' }), cdr: cdr('0') })).kind).toBe('conflict');
  });

  it('B2: a CDR naming another customer is a conflict', () => {
    expect(decide(registered({ cdr: cdr('0', { recipient: 'different' }) })).kind).toBe('conflict');
  });

  it('B3: a CDR about another number is ignored (the record decides)', () => {
    const o = decide(registered({ cdr: cdr('2800', { reference: 'different', recipient: 'different' }) }));
    expect(o).toMatchObject({ kind: 'final', status: 'accepted', cdrMissing: true });
  });

  it('B4: a rejecting CDR ends rejected, whoever sent it', () => {
    expect(decide(registered({ possiblySent: false, record: 'not_found', cdr: cdr('2800') }))).toMatchObject({ kind: 'final', status: 'rejected' });
  });

  it('B5: ours, possibly sent, with an accepting or observing CDR', () => {
    expect(decide(registered({ cdr: cdr('0') }))).toMatchObject({ kind: 'final', status: 'accepted' });
    expect(decide(registered({ cdr: cdr('4000') }))).toMatchObject({ kind: 'final', status: 'observed' });
  });

  it('B6: ours, possibly sent, record accepted: accepted without CDR', () => {
    expect(decide(registered({}))).toMatchObject({ kind: 'final', status: 'accepted', cdrMissing: true });
  });

  it('B6 holds with the date and the lines unreadable ("-", rounded, absent): absent is not different', () => {
    const o = decide(registered({ record: record({ 'fecha de emisión': 'absent', 'línea 1': 'absent' }) }));
    expect(o).toMatchObject({ kind: 'final', status: 'accepted' });
  });

  it('B7: ours but voided: attention, not rechecked', () => {
    expect(decide(registered({ record: record({}, 'voided') }))).toMatchObject({ kind: 'attention', recheck: false });
  });

  it('B8: ours but not valid (yet) or unknown state: attention, rechecked', () => {
    expect(decide(registered({ record: record({}, 'not_reported') }))).toMatchObject({ kind: 'attention', recheck: true });
    expect(decide(registered({ record: record({}, 'unknown') }))).toMatchObject({ kind: 'attention', recheck: true });
  });

  it('B9: the same data but never sent by this till: attention, never "accepted", never "re-issue"', () => {
    const o = decide(registered({ possiblySent: false, cdr: cdr('0') }));
    expect(o).toMatchObject({ kind: 'attention', recheck: false });
    expect(o.kind === 'attention' && o.message).toMatch(/No lo reemita/);
  });

  it('B10: the record could not be read: retried, not decided', () => {
    expect(decide(registered({ record: 'unavailable', why: 'sin conexión' }))).toMatchObject({ kind: 'retry', ambiguous: false });
  });

  it('B11: no record, or one that carries too little, is attention without advice to re-issue', () => {
    for (const e of [
      registered({ record: 'not_found' }),
      registered({ record: 'not_found', possiblySent: false }),
      registered({ record: record({ cliente: 'absent', 'fecha de emisión': 'absent', 'línea 1': 'absent' }) }),
      registered({ record: record({ 'importe total': 'absent' }), cdr: cdr('0') }),
    ]) {
      const o = decide(e);
      expect(o).toMatchObject({ kind: 'attention', recheck: true });
      expect(o.kind === 'attention' && o.message).not.toMatch(/Reemítalo/);
    }
  });

  it('never advises re-issuing without a present, different field', () => {
    const evidence: FieldEvidence[] = ['same', 'absent'];
    for (const date of evidence)
      for (const customer of evidence)
        for (const lineVerdict of evidence)
          for (const possiblySent of [true, false]) {
            const o = decide(registered({ possiblySent, record: record({ 'fecha de emisión': date, cliente: customer, 'línea 1': lineVerdict }) }));
            expect(o.kind).not.toBe('conflict');
            expect('message' in o ? o.message : '').not.toMatch(/Reemítalo/);
          }
  });
});
