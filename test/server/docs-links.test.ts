/**
 * Every relative link in the README and in docs/ leads somewhere: the file or folder exists, and a `#anchor` names a
 * heading (or an `id`/`name` anchor) of the page it points into, by GitHub's heading slugs. A page renamed or a
 * heading reworded fails here with each link it broke, named by file and line.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';

const root = path.resolve(import.meta.dirname, '../..');

interface MarkdownLink {
  line: number;
  target: string;
}

/** The lines outside fenced code blocks, each with its 1-based number; inline code spans are blanked out. */
function proseLines(markdown: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let fence: string | null = null;
  markdown.split('\n').forEach((text, index) => {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(text.replace(/^(?:\s*>)+/, ''));
    if (opening) {
      const marker = opening[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return;
    }
    if (fence !== null) return;
    lines.push({ line: index + 1, text: text.replace(/(`+)[^`]*?\1/g, (span) => ' '.repeat(span.length)) });
  });
  return lines;
}

/** GitHub's anchor for a heading's text: its visible text lowercased, punctuation dropped, spaces made hyphens. */
export function headingSlug(heading: string): string {
  const visible = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML tags
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(?=\S)([^*_]*?\S)\1/g, '$2'); // emphasis markers around words
  return visible
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors a page offers: its headings' slugs (a repeated slug gets `-1`, `-2`, …) and explicit ids. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const fenced = markdown.split('\n');
  let fence: string | null = null;
  for (const text of fenced) {
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(text);
    if (opening) {
      const marker = opening[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (heading) {
      const slug = headingSlug(heading[1]!);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const match of text.matchAll(/<a\s[^>]*\b(?:id|name)=["']([^"']+)["']/gi)) anchors.add(match[1]!);
  }
  return anchors;
}

/** Inline links and images `[text](target "title")` and reference definitions `[name]: target`, outside code. */
export function linksOf(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  for (const { line, text } of proseLines(markdown)) {
    for (const match of text.matchAll(/\]\(\s*(<[^>]*>|[^\s)]+)(?:\s+["'(][^)]*)?\)/g)) {
      links.push({ line, target: match[1]!.replace(/^<|>$/g, '') });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(text);
    if (definition) links.push({ line, target: definition[1]!.replace(/^<|>$/g, '') });
  }
  return links;
}

/** Whether a link leaves the repository (a scheme such as https: or mailto:, or a protocol-relative address). */
function isExternal(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/** The broken relative links of one Markdown file, as `file:line → target (reason)`. */
export function brokenLinks(
  file: string,
  readPage: (file: string) => string = (name) => readFileSync(name, 'utf8'),
): string[] {
  const problems: string[] = [];
  const name = path.relative(root, file);
  for (const { line, target } of linksOf(readPage(file))) {
    if (isExternal(target)) continue;
    const [rawPath = '', rawAnchor] = target.split('#', 2) as [string, string | undefined];
    let pathPart: string;
    try {
      pathPart = decodeURIComponent(rawPath);
    } catch {
      problems.push(`${name}:${line} → ${target} (not a valid address)`);
      continue;
    }
    const resolved =
      pathPart === ''
        ? file
        : pathPart.startsWith('/')
          ? path.join(root, pathPart)
          : path.resolve(path.dirname(file), pathPart);
    if (pathPart !== '' && !existsSync(resolved)) {
      problems.push(`${name}:${line} → ${target} (no such file: ${path.relative(root, resolved)})`);
      continue;
    }
    if (rawAnchor === undefined || rawAnchor === '' || !resolved.endsWith('.md')) continue;
    if (pathPart !== '' && statSync(resolved).isDirectory()) continue;
    const anchor = decodeURIComponent(rawAnchor);
    if (!anchorsOf(readPage(resolved)).has(anchor)) {
      problems.push(`${name}:${line} → ${target} (no heading "#${anchor}" in ${path.relative(root, resolved)})`);
    }
  }
  return problems;
}

/** README.md and every Markdown file under docs/. */
function documentationFiles(): string[] {
  const docs = readdirSync(path.join(root, 'docs'), { recursive: true })
    .map((entry) => path.join(root, 'docs', String(entry)))
    .filter((file) => file.endsWith('.md'))
    .sort();
  return [path.join(root, 'README.md'), ...docs];
}

describe('documentation links', () => {
  it('makes GitHub heading slugs', () => {
    assert.equal(headingSlug('Running Vitrine in production'), 'running-vitrine-in-production');
    assert.equal(headingSlug("The shop manager's screens"), 'the-shop-managers-screens');
    assert.equal(headingSlug('wc/v3: the WooCommerce-compatible API'), 'wcv3-the-woocommerce-compatible-api');
    assert.equal(
      headingSlug("Importing and exporting products (WooCommerce's product CSV)"),
      'importing-and-exporting-products-woocommerces-product-csv',
    );
    assert.equal(headingSlug('`GET /facet/v1/filter` and **kept** answers'), 'get-facetv1filter-and-kept-answers');
    assert.equal(headingSlug('snake_case stays'), 'snake_case-stays');
    assert.equal(headingSlug('Żółta miska'), 'żółta-miska');
  });

  it('numbers repeated headings and ignores headings in code', () => {
    const anchors = anchorsOf('# Notes\n## Notes\n```md\n# Not a heading\n```\n<a id="kept"></a>\n');
    assert.deepEqual([...anchors].sort(), ['kept', 'notes', 'notes-1']);
  });

  it('finds links outside code only', () => {
    const links = linksOf(
      'See [a](a.md#x) and ![b](img/b.png "title").\n`[c](c.md)`\n```\n[d](d.md)\n```\n[e]: <e e.md>\n',
    );
    assert.deepEqual(links, [
      { line: 1, target: 'a.md#x' },
      { line: 1, target: 'img/b.png' },
      { line: 6, target: 'e e.md' },
    ]);
  });

  it('names a missing file and a missing anchor', () => {
    const pages: Record<string, string> = {
      [path.join(root, 'docs', 'one.md')]:
        '# One\n[ok](#one) [gone](missing.md) [bad anchor](#two) [readme](../README.md#no-such-heading)\n',
      [path.join(root, 'README.md')]: '# Vitrine\n',
    };
    const problems = brokenLinks(
      path.join(root, 'docs', 'one.md'),
      (file) => pages[file] ?? readFileSync(file, 'utf8'),
    );
    assert.deepEqual(problems, [
      'docs/one.md:2 → missing.md (no such file: docs/missing.md)',
      'docs/one.md:2 → #two (no heading "#two" in docs/one.md)',
      'docs/one.md:2 → ../README.md#no-such-heading (no heading "#no-such-heading" in README.md)',
    ]);
  });

  it('has no broken relative link in README.md or docs/', () => {
    const files = documentationFiles();
    assert.ok(files.length > 1, 'docs/ holds Markdown pages');
    const problems = files.flatMap((file) => brokenLinks(file));
    assert.deepEqual(problems, [], `Broken links:\n${problems.join('\n')}`);
  });
});
