// The documents the code relies on live in the repository (issue 23, part 5): every comment that cites a document
// under docs/ names a file that exists (and, with a "§", a section that file has), and no comment points at a copy
// outside the repository any more. Only comments are read (with the TypeScript parser), so imports of the shared/api
// module and test titles do not count.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SOURCE_DIRS = ['electron', 'shared', 'renderer', 'build', 'tests'];
const SOURCE_FILE = /\.(ts|tsx|mts|cts|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'out', 'dist', 'release']);
const THIS_FILE = path.relative(ROOT, fileURLToPath(import.meta.url));

/** A document path inside the repository, e.g. the API document, optionally followed by a section (§2.8, §1.2–1.4). */
const DOC_CITATION = /(?<![\w./-])(docs\/[\w./-]+?\.md)(?:\s+§\s?(\d+(?:\.\d+)*))?/g;
/** Where the documents used to be read from: the team's shared folder, by absolute or relative path. */
const OUTSIDE = [['', 'work', 'shared', ''].join('/'), ['..', 'shared', 'api'].join('/'), ['..', 'shared', 'sunat'].join('/')];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...sourceFiles(rel));
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts') && rel !== THIS_FILE) {
      out.push(rel);
    }
  }
  return out;
}

interface Comment {
  file: string;
  text: string;
  /** The line (1-based) of an offset inside the comment's text. */
  lineAt(offset: number): number;
}

/** Every comment of a file, found as the trivia before each token of its syntax tree (JSX `{/* … *\/}` included). */
function commentsOf(file: string): Comment[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const seen = new Set<number>();
  const comments: Comment[] = [];
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (seen.has(r.pos)) continue;
      seen.add(r.pos);
      const start = r.pos;
      comments.push({ file, text: text.slice(r.pos, r.end), lineAt: (offset) => source.getLineAndCharacterOfPosition(start + offset).line + 1 });
    }
  };
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    // JSX text is not trivia: a "//" inside it is text, not a comment.
    if (node.kind !== ts.SyntaxKind.JsxText) node.getChildren(source).forEach(visit);
  };
  visit(source);
  return comments;
}

const comments = SOURCE_DIRS.flatMap(sourceFiles).flatMap(commentsOf);
const citations = comments.flatMap((c) =>
  [...c.text.matchAll(DOC_CITATION)].map((m) => ({ where: `${c.file}:${c.lineAt(m.index)}`, doc: m[1] ?? '', section: m[2] })),
);

/** The section numbers a markdown document has as headings ("## 5. Deadlines", "### 2.8 Receipt …"). */
function sectionsOf(doc: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  return new Set([...text.matchAll(/^#+\s+(\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1] ?? ''));
}

describe('documents cited by source comments', () => {
  it('finds the comments (the scan reads the tree it should)', () => {
    expect(comments.length).toBeGreaterThan(1000);
    expect(citations.some((c) => c.doc === 'docs/sunat/reference.md')).toBe(true);
    expect(citations.some((c) => c.doc === 'docs/api/invoicing-api.md')).toBe(true);
  });

  it('every docs/… .md path a comment cites exists in the repository', () => {
    const missing = citations.filter((c) => !fs.existsSync(path.join(ROOT, c.doc))).map((c) => `${c.where} → ${c.doc}`);
    expect(missing).toEqual([]);
  });

  it('every "docs/… .md §N" a comment cites is a section heading of that document', () => {
    const cache = new Map<string, Set<string>>();
    const wrong = citations
      .filter((c) => c.section !== undefined && fs.existsSync(path.join(ROOT, c.doc)))
      .filter((c) => {
        const sections = cache.get(c.doc) ?? sectionsOf(c.doc);
        cache.set(c.doc, sections);
        return !sections.has(c.section ?? '');
      })
      .map((c) => `${c.where} → ${c.doc} §${c.section}`);
    expect(wrong).toEqual([]);
  });

  it('no comment points at a document outside the repository', () => {
    const outside = comments.flatMap((c) =>
      OUTSIDE.filter((p) => c.text.includes(p)).map((p) => `${c.file}:${c.lineAt(c.text.indexOf(p))} ${p}`),
    );
    expect(outside).toEqual([]);
  });

  it('a document of docs/ is cited by its path, not by its bare name', () => {
    const names = ['invoicing-api.md', 'provider-factiliza.md', 'variations.md', 'reference.md', 'decision-table.md'];
    const bare = new RegExp(`(?<![\\w./-])(${names.map((n) => n.replace(/[.-]/g, '\\$&')).join('|')})|(?<![\\w./-])reference §`, 'g');
    const loose = comments.flatMap((c) => [...c.text.matchAll(bare)].map((m) => `${c.file}:${c.lineAt(m.index)} ${m[0]}`));
    expect(loose).toEqual([]);
  });
});
