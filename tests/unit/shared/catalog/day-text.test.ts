import { describe, expect, it } from 'vitest';
import { formatDayText, parseDayText } from '../../../../shared/catalog';
import { IsoDaySchema } from '../../../../shared/validation/day';

describe('days typed as dd/mm/aaaa', () => {
  it.each([
    ['01/03/2026', '2026-03-01'],
    ['1/3/2026', '2026-03-01'],
    ['01-03-26', '2026-03-01'],
    ['01.03.2026', '2026-03-01'],
    ['01032026', '2026-03-01'],
    [' 29/02/2028 ', '2028-02-29'],
    ['2026-03-01', '2026-03-01'],
  ])('%s is %s', (text, iso) => {
    expect(parseDayText(text)).toBe(iso);
  });

  it.each(['30/02/2026', '29/02/2027', '13/13/2026', '03/01', '2026/03/01', 'ayer', '', '0103202'])('%s is not a day', (text) => {
    expect(parseDayText(text)).toBeNull();
  });

  it('a day is day first, never month first, whatever the locale', () => {
    expect(parseDayText('02/01/2026')).toBe('2026-01-02');
    expect(formatDayText('2026-01-02')).toBe('02/01/2026');
    expect(formatDayText('texto')).toBe('texto');
  });

  it('the bridge takes ISO days only and names the form the person types', () => {
    expect(IsoDaySchema.safeParse('2026-01-02').success).toBe(true);
    expect(IsoDaySchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('Fecha no válida: escríbala como dd/mm/aaaa');
    expect(IsoDaySchema.safeParse('02/01/2026').success).toBe(false);
  });
});
