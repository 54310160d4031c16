import { describe, expect, it } from 'vitest';
import { deadlineOf } from '../../../../electron/core/services/deadlines';

const at = (lima: string) => new Date(`${lima}-05:00`);

describe('declaration deadlines (reference §5)', () => {
  it('gives facturas 3 days and boletas 5 after the issue day', () => {
    expect(deadlineOf('01', '2026-11-20', 'pending', at('2026-11-20T10:00:00')).lastDay).toBe('2026-11-23');
    expect(deadlineOf('03', '2026-11-20', 'pending', at('2026-11-20T10:00:00')).lastDay).toBe('2026-11-25');
  });

  it('warns the day before and flags overdue after the last day, in Lima time', () => {
    expect(deadlineOf('01', '2026-11-20', 'pending', at('2026-11-21T12:00:00'))).toMatchObject({ atRisk: false, overdue: false });
    expect(deadlineOf('01', '2026-11-20', 'pending', at('2026-11-22T00:30:00'))).toMatchObject({ atRisk: true, overdue: false });
    expect(deadlineOf('01', '2026-11-20', 'pending', at('2026-11-23T23:59:00'))).toMatchObject({ atRisk: true, overdue: false });
    expect(deadlineOf('01', '2026-11-20', 'pending', at('2026-11-24T00:01:00'))).toMatchObject({ atRisk: false, overdue: true });
  });

  it('never flags declared documents', () => {
    expect(deadlineOf('01', '2026-11-01', 'accepted', at('2026-11-30T00:00:00'))).toMatchObject({ atRisk: false, overdue: false });
    expect(deadlineOf('03', '2026-11-01', 'observed', at('2026-11-30T00:00:00')).overdue).toBe(false);
  });
});
