// The documents the code relies on live in the repository: every comment that cites a document under docs/ names a
// file that exists (and, with a "§", a section that file has), and no comment points at a copy outside the repository
// any more. Only comments are read (with the TypeScript parser), so imports of the shared/api module and test titles do
// not count. The README and every document under docs/ name only paths that exist. Every file is read inside the
// tests (on first use), never while Vitest collects them.
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

interface Citation {
  where: string;
  doc: string;
  section: string | undefined;
}

let scanned: { comments: Comment[]; citations: Citation[] } | undefined;
/** Every comment of the source tree and the documents they cite, parsed once, on the first test that asks. */
function scan(): { comments: Comment[]; citations: Citation[] } {
  if (!scanned) {
    const comments = SOURCE_DIRS.flatMap(sourceFiles).flatMap(commentsOf);
    const citations = comments.flatMap((c) =>
      [...c.text.matchAll(DOC_CITATION)].map((m) => ({ where: `${c.file}:${c.lineAt(m.index)}`, doc: m[1] ?? '', section: m[2] })),
    );
    scanned = { comments, citations };
  }
  return scanned;
}

/** The section numbers a markdown document has as headings ("## 5. Deadlines", "### 2.8 Receipt …"). */
function sectionsOf(doc: string): Set<string> {
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  return new Set([...text.matchAll(/^#+\s+(\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1] ?? ''));
}

// Parsing every source file with TypeScript's parser takes seconds, and tens of them on a machine busy with the other
// test files: the first test that asks pays for the scan, under a ceiling that leaves room for that.
describe('documents cited by source comments', { timeout: 120_000 }, () => {
  it('finds the comments (the scan reads the tree it should)', () => {
    const { comments, citations } = scan();
    expect(comments.length).toBeGreaterThan(1000);
    expect(citations.some((c) => c.doc === 'docs/sunat/reference.md')).toBe(true);
    expect(citations.some((c) => c.doc === 'docs/api/invoicing-api.md')).toBe(true);
  });

  it('every docs/… .md path a comment cites exists in the repository', () => {
    const { citations } = scan();
    const missing = citations.filter((c) => !fs.existsSync(path.join(ROOT, c.doc))).map((c) => `${c.where} → ${c.doc}`);
    expect(missing).toEqual([]);
  });

  it('every "docs/… .md §N" a comment cites is a section heading of that document', () => {
    const { citations } = scan();
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
    const { comments } = scan();
    const outside = comments.flatMap((c) =>
      OUTSIDE.filter((p) => c.text.includes(p)).map((p) => `${c.file}:${c.lineAt(c.text.indexOf(p))} ${p}`),
    );
    expect(outside).toEqual([]);
  });

  it('a document of docs/ is cited by its path, not by its bare name', () => {
    const names = ['invoicing-api.md', 'provider-factiliza.md', 'variations.md', 'reference.md', 'decision-table.md'];
    const { comments } = scan();
    const bare = new RegExp(`(?<![\\w./-])(${names.map((n) => n.replace(/[.-]/g, '\\$&')).join('|')})|(?<![\\w./-])reference §`, 'g');
    const loose = comments.flatMap((c) => [...c.text.matchAll(bare)].map((m) => `${c.file}:${c.lineAt(m.index)} ${m[0]}`));
    expect(loose).toEqual([]);
  });
});

/** The repository's own top-level folders and files: a path that starts with one of them names something in the tree. */
const TREE_ROOTS = ['electron', 'shared', 'renderer', 'tests', 'docs', 'migrations', 'build', '.ci', 'package.json', 'tsconfig.json', 'eslint.config.mjs', 'README.md'];
/** A path into the tree anywhere in a document's text (prose, code spans, tables). */
const TREE_PATH = new RegExp(`(?<![\\w./@<>-])((?:${TREE_ROOTS.map((r) => r.replace(/\./g, '\\.')).join('|')})(?:/[\\w.*+@-]+)*/?)`, 'g');
/** A code span or a link target: may name a path relative to the document (`api/variations.md`, `../sunat/notes.md`). */
const SPAN_OR_LINK = /`([^`\n]+)`|\]\(([^)\s]+)\)/g;

export interface NamedPath {
  line: number;
  path: string;
}

/** Whether `name` exists under `dir`; a `*` in a name matches any run of characters (`migrations/*.sql`). */
function existsIn(dir: string, rel: string): boolean {
  const parts = rel.replace(/\/$/, '').split('/');
  let current = [dir];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      current = current.map((d) => path.dirname(d));
      continue;
    }
    if (!part.includes('*')) {
      current = current.map((d) => path.join(d, part)).filter((f) => fs.existsSync(f));
    } else {
      const re = new RegExp(`^${part.split('*').map((x) => x.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
      current = current.flatMap((d) => (fs.existsSync(d) && fs.statSync(d).isDirectory() ? fs.readdirSync(d).filter((n) => re.test(n)).map((n) => path.join(d, n)) : []));
    }
    if (current.length === 0) return false;
  }
  return current.length > 0;
}

/**
 * The paths a markdown text names that do not exist: every path into the tree (from `root`), and every code span or
 * link that looks like a file of its own folder (has a slash or ends in .md) resolved from `docDir` or from `root`.
 * Addresses, absolute machine paths (`/usr/bin/chromium`), placeholders (`<ABI>`) and API routes are not files here.
 */
export function missingPaths(markdown: string, docDir: string, root: string): NamedPath[] {
  const missing: NamedPath[] = [];
  const lines = markdown.split('\n');
  lines.forEach((text, i) => {
    const seen = new Set<string>();
    const check = (raw: string, fromDoc: boolean) => {
      const name = raw.replace(/[#?].*$/, '').replace(/:\d+(-\d+)?$/, '').replace(/[.,;:)]+$/, '');
      if (!name || seen.has(name)) return;
      seen.add(name);
      const ok = existsIn(root, name) || (fromDoc && existsIn(docDir, name));
      if (!ok) missing.push({ line: i + 1, path: name });
    };
    // docs/sunat/reference.md cites files of its sources' repositories: a path right after a source's key in capitals
    // (GD `docs/faq.md`, the key possibly ending the line before) or after a repository's name (`owner/repo` `docs/x.md`),
    // and the paths in a source's own row of its table (| **OR** | …), are not files of this one.
    const before = `${lines[i - 1] ?? ''} `;
    const sourceRow = /^\|\s*\*\*[A-Z]{2,3}\*\*\s*\|/.test(text);
    const inSource = (index: number) => {
      const lead = (before + text.slice(0, index)).slice(-80);
      return sourceRow || /\b[A-Z]{2,3}\s+`?$/.test(lead) || /`[\w.-]+\/[\w.-]+`\s+`?$/.test(lead);
    };
    for (const m of text.matchAll(TREE_PATH)) {
      if (inSource(m.index)) continue;
      const name = m[1] ?? '';
      // A bare root file's name ("the README") or a folder's alone ("tests") in prose is a word, not a path.
      if (name.includes('/') || /\.\w+$/.test(name)) check(name, false);
    }
    for (const m of text.matchAll(SPAN_OR_LINK)) {
      const target = (m[1] ?? m[2] ?? '').trim();
      if (inSource(m.index) || /^[a-z]+:|^\/|^~|^#|^\.\w+$|[\s<>{}$=]/i.test(target)) continue;
      // A runtime file's name (`modo.json`, `caja.db`) is not a path of the tree; a source file's or a document's is.
      const looksLikeFile = /^\.\.?\//.test(target) || m[2] !== undefined || /\.(md|ts|tsx|mts|mjs|sql)$/.test(target) || (target.includes('/') && /\.json$/.test(target));
      if (looksLikeFile && !TREE_ROOTS.some((r) => target === r || target.startsWith(`${r}/`))) check(target, true);
    }
  });
  return missing;
}

function markdownFiles(): string[] {
  const walk = (dir: string): string[] =>
    fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = path.join(dir, e.name);
      return e.isDirectory() ? walk(rel) : e.name.endsWith('.md') ? [rel] : [];
    });
  return ['README.md', ...walk('docs')];
}

describe('paths named by the README and docs/', () => {
  it('reports a path that does not exist, and takes one that does (the check can fail)', () => {
    const text = [
      'The core lives in `electron/core/` and the drill in tests/integration/drill/no-such-drill.test.ts.',
      'See [the table](api/decision-table.md), [gone](api/gone.md) and `sunat/reference.md`; migrations in `migrations/*.sql`.',
      'Not files: `/usr/bin/chromium`, `.native/electron-v<ABI>/`, `summary/cancel`, https://example.pe/docs/x.md.',
    ].join('\n');
    expect(missingPaths(text, path.join(ROOT, 'docs'), ROOT)).toEqual([
      { line: 1, path: 'tests/integration/drill/no-such-drill.test.ts' },
      { line: 2, path: 'api/gone.md' },
    ]);
  });

  it('every file or folder the README and each document under docs/ name exists', () => {
    const files = markdownFiles();
    expect(files).toContain('docs/architecture.md');
    const missing = files.flatMap((file) =>
      missingPaths(fs.readFileSync(path.join(ROOT, file), 'utf8'), path.dirname(path.join(ROOT, file)), ROOT).map((m) => `${file}:${m.line} → ${m.path}`),
    );
    expect(missing).toEqual([]);
  });
});
