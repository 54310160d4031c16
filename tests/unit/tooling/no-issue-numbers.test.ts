// Comments, test names and migrations say why, in their own words: the repository keeps no issue list, so a citation
// of an issue number points nowhere. Every source file of these folders is scanned, and each line that still cites
// one is listed as file:line.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const FOLDERS = ['electron', 'shared', 'renderer', 'tests', 'build', 'migrations'];
const EXTENSIONS = ['.ts', '.tsx', '.sql', '.mts', '.css'];
const SKIPPED_DIRS = new Set(['node_modules', 'artifacts']);
const CITATION = /[Ii]ssues? [0-9]+/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...sourceFiles(full));
    } else if (entry.isFile() && EXTENSIONS.some((ext) => entry.name.endsWith(ext))) {
      found.push(full);
    }
  }
  return found;
}

describe('no issue-number citations', () => {
  it('no source file cites an issue by its number', () => {
    const files = FOLDERS.flatMap((folder) => sourceFiles(path.join(ROOT, folder)));
    expect(files.length).toBeGreaterThan(100);
    const citing: string[] = [];
    for (const file of files) {
      fs.readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(line)) citing.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(citing, 'say why in words instead of citing an issue number').toEqual([]);
  });
});
