// The whole-file check after start, on real files: its verdicts, what it does when it cannot read the file (no mark:
// a disk that fails is not a damaged database), and that stopping the core stops it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase } from '../../../../electron/core/db';
import { BackgroundCheck, type BackgroundCheckState } from '../../../../electron/core/db/background-check';
import { damageMarkOf } from '../../../../electron/core/db/damage-mark';
import { silentLogger } from '../../../../electron/core/dispatch';
import { tempDir } from './helpers';

function soundDatabase(): string {
  const file = path.join(tempDir(), 'caja.db');
  openDatabase({ path: file }).close();
  return file;
}

function checkOf(dbPath: string, delayMs = 0) {
  const seen: BackgroundCheckState[] = [];
  const check: BackgroundCheck = new BackgroundCheck({ dbPath, log: silentLogger, now: () => new Date(), delayMs, onChange: () => seen.push(check.state) });
  return { check, seen };
}

describe('BackgroundCheck', () => {
  it('runs once after its delay and says ok for a sound file, with no damage message', async () => {
    const file = soundDatabase();
    const { check, seen } = checkOf(file, 10);
    check.start();
    check.start();
    await vi.waitFor(() => expect(check.state).toBe('ok'));
    expect(seen).toEqual(['checking', 'ok']);
    expect(check.damageMessage()).toBeNull();
    expect(fs.existsSync(damageMarkOf(file))).toBe(false);
  });

  it('does not call a file it cannot open damaged: no mark, no message', async () => {
    const { check } = checkOf(path.join(tempDir(), 'no-such.db'));
    expect(await check.run()).toBe('not_run');
    expect(check.damageMessage()).toBeNull();
  });

  it('never runs once stopped before its delay', async () => {
    const file = soundDatabase();
    const { check, seen } = checkOf(file, 20);
    check.start();
    await check.stop();
    await new Promise((r) => setTimeout(r, 60));
    expect(check.state).toBe('waiting');
    expect(seen).toEqual([]);
  });

  it('says damaged from the start for a file an earlier run marked', () => {
    const file = soundDatabase();
    fs.writeFileSync(damageMarkOf(file), 'cut sho');
    expect(checkOf(file).check.damageMessage()).toMatch(/encontró un daño/);
  });
});
