// A credit or debit note has no record query (docs/api/decision-table.md, "Credit and debit notes"), so a
// note whose send answer was lost and whose resend met 1033 can only be settled by its CDR. Row B11n: this till may
// have sent it, the CDR names its number and its customer and accepts it -> accepted with that CDR. Anything less
// stays B11 (requiere atención, checked again, never re-issue), and a rejecting CDR still rejects (B4).
import { describe, expect, it } from 'vitest';
import type { AuthorityAnswer } from '../../../../electron/core/outbox/outcome';
import { decide, NOTE_SENDS_WITHOUT_EVIDENCE, type CdrEvidence, type RegisteredEvidence } from '../../../../electron/core/outbox/verdict';

const answer = (code: string): AuthorityAnswer => ({ code, description: 'd', notes: [] });
const cdr = (code: string, over: Partial<CdrEvidence> = {}): CdrEvidence => ({ answer: answer(code), reference: 'same', recipient: 'same', ...over });

/** A note's evidence after a 1033: no record (there is no query for notes), as reconcile.ts gathers it. */
const note = (over: Partial<RegisteredEvidence>): RegisteredEvidence => ({
  kind: 'registered',
  label: 'BC01-7',
  possiblySent: true,
  record: 'not_found',
  noRecordQuery: true,
  cdr: cdr('0'),
  ...over,
});

describe('table B for a note (no record query)', () => {
  it('B11n: possibly sent, the CDR names its number and customer and accepts -> accepted with that CDR', () => {
    expect(decide(note({}))).toMatchObject({ kind: 'final', status: 'accepted', answer: { code: '0' } });
    expect(decide(note({ cdr: cdr('4001') }))).toMatchObject({ kind: 'final', status: 'observed' });
  });

  it('without SOL credentials (no CDR asked) it waits for them: a resend could only draw another 1033', () => {
    const o = decide(note({ cdr: 'not_asked' }));
    expect(o).toMatchObject({ kind: 'attention', recheck: false });
    expect(o.message).toContain('Guarde la clave SOL');
    expect(o.message).toContain('No lo reemita');
  });

  it('with SOL credentials but no decisive CDR, it is checked again only a bounded number of sends', () => {
    const undecided = { cdr: 'not_found' as const };
    expect(decide(note({ ...undecided, sends: NOTE_SENDS_WITHOUT_EVIDENCE - 1 }))).toMatchObject({ kind: 'attention', recheck: true });
    const last = decide(note({ ...undecided, sends: NOTE_SENDS_WITHOUT_EVIDENCE }));
    expect(last).toMatchObject({ kind: 'attention', recheck: false });
    expect(last.message).toContain('Obtener CDR');
  });

  it.each([
    ['the CDR is not found', { cdr: 'not_found' as const }],
    ['the CDR could not be read', { cdr: 'unavailable' as const }],
    ['the CDR names no customer', { cdr: cdr('0', { recipient: 'absent' }) }],
    ['the CDR names no number', { cdr: cdr('0', { reference: 'absent' }) }],
    ['this till never sent it', { possiblySent: false }],
    ['an invoice (it has a record query) with no record', { noRecordQuery: undefined }],
  ])('stays B11 (attention, checked again) when %s', (_why, over) => {
    expect(decide(note(over))).toMatchObject({ kind: 'attention', recheck: true });
  });

  it('B4 and B2 still come first: a rejecting CDR rejects, one naming another customer is a conflict', () => {
    expect(decide(note({ cdr: cdr('2800') }))).toMatchObject({ kind: 'final', status: 'rejected' });
    expect(decide(note({ cdr: cdr('0', { recipient: 'different' }) }))).toMatchObject({ kind: 'conflict' });
  });
});
