import { describe, expect, it } from 'vitest';

describe('the customer display window', () => {
  it('goes to a screen other than the primary one, when there is one', async () => {
    const { secondScreen } = await import('../../../electron/shell/windows');
    const primary = { id: 1, bounds: { x: 0, y: 0, width: 1366, height: 768 } };
    const external = { id: 7, bounds: { x: 1366, y: 0, width: 1024, height: 600 } };
    expect(secondScreen([primary], 1)).toBeUndefined();
    expect(secondScreen([primary, external], 1)).toEqual(external.bounds);
  });
});
