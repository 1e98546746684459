/**
 * The admin's own strings, as its sources write them: every `__()`, `_x()`, `_n()` and `_nx()` call of
 * `@wordpress/i18n` in client/admin, read by a small scanner of JavaScript string literals (no parser package is
 * needed for calls whose arguments are literals, which the catalogue check requires). The catalogue check
 * (test/client/admin/admin-translations.test.ts) compares them with each language's catalogue in
 * client/admin/i18n/.
 *
 * Run directly, it prints what a catalogue lacks and what it holds that no code uses:
 * `node --import tsx scripts/admin-strings.ts pl`
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ADMIN_SOURCE_DIR = fileURLToPath(new URL('../client/admin/', import.meta.url));

/** One translatable string: its catalogue key (`context\u0004msgid` with a context) and, for `_n`, its plural. */
export interface AdminString {
  key: string;
  msgid: string;
  plural?: string;
  /** `file:line` of its first use. */
  where: string;
}

/** A call whose text is not a literal: no scanner can know it, so the check refuses it. */
export interface DynamicCall {
  where: string;
  call: string;
}

const CALL = /(?<![\w$.])(__|_x|_n|_nx)\(/g;
/** How many leading arguments of each function are literal text: msgid, [plural], [context]. */
const TEXT_ARGUMENTS = { __: 1, _x: 2, _n: 2, _nx: 3 } as const;
const CONTEXT_SEPARATOR = '\u0004';

export function sourceFiles(dir = ADMIN_SOURCE_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/** Reads the source from `at` past spaces and comments. */
function skipBlank(source: string, at: number): number {
  let index = at;
  for (;;) {
    while (/\s/.test(source[index] ?? '')) index++;
    if (source.startsWith('//', index)) index = source.indexOf('\n', index) + 1 || source.length;
    else if (source.startsWith('/*', index)) index = source.indexOf('*/', index) + 2;
    else return index;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0' };

/** One quoted literal ('…', "…", or `…` without `${}`) at `at`: its value and where it ends; null when none is. */
function stringLiteral(source: string, at: number): { value: string; end: number } | null {
  const quote = source[at];
  if (quote !== "'" && quote !== '"' && quote !== '`') return null;
  let value = '';
  for (let index = at + 1; index < source.length; index++) {
    const char = source[index]!;
    if (char === quote) return { value, end: index + 1 };
    if (quote === '`' && char === '$' && source[index + 1] === '{') return null;
    if (char !== '\\') {
      value += char;
      continue;
    }
    const next = source[++index]!;
    if (next === 'u') {
      const braced = source[index + 1] === '{';
      const hex = braced ? source.slice(index + 2, source.indexOf('}', index)) : source.slice(index + 1, index + 5);
      value += String.fromCodePoint(Number.parseInt(hex, 16));
      index += braced ? hex.length + 2 : 4;
    } else if (next === 'x') {
      value += String.fromCharCode(Number.parseInt(source.slice(index + 1, index + 3), 16));
      index += 2;
    } else if (next === '\n') {
      // A line continuation adds nothing.
    } else value += ESCAPES[next] ?? next;
  }
  return null;
}

/** An argument made of literals joined by `+`, up to its `,` or `)`; null when anything else is in it. */
function literalArgument(source: string, at: number): { value: string; end: number } | null {
  let value = '';
  let index = skipBlank(source, at);
  for (;;) {
    const literal = stringLiteral(source, index);
    if (!literal) return null;
    value += literal.value;
    index = skipBlank(source, literal.end);
    if (source[index] === '+') index = skipBlank(source, index + 1);
    else if (source[index] === ',' || source[index] === ')') return { value, end: index + 1 };
    else return null;
  }
}

const lineOf = (source: string, index: number) => source.slice(0, index).split('\n').length;

/** The strings and the calls with non-literal text of one source file. */
export function scanSource(source: string, file: string): { strings: AdminString[]; dynamic: DynamicCall[] } {
  const strings: AdminString[] = [];
  const dynamic: DynamicCall[] = [];
  for (const match of source.matchAll(CALL)) {
    const name = match[1] as keyof typeof TEXT_ARGUMENTS;
    const where = `${file}:${lineOf(source, match.index)}`;
    const texts: string[] = [];
    let index = match.index + match[0].length;
    for (let argument = 0; argument < TEXT_ARGUMENTS[name]; argument++) {
      // _n's third argument is the count, _nx's third the context: skip the count.
      if (name === '_nx' && argument === 2) index = skipArgument(source, index);
      const literal = literalArgument(source, index);
      if (!literal) break;
      texts.push(literal.value);
      index = literal.end;
    }
    if (texts.length < TEXT_ARGUMENTS[name]) {
      dynamic.push({ where, call: source.slice(match.index, source.indexOf('\n', match.index)).trim() });
      continue;
    }
    const [msgid, second, third] = texts as [string, string?, string?];
    const context = name === '_x' ? second : name === '_nx' ? third : undefined;
    const plural = name === '_n' || name === '_nx' ? second : undefined;
    strings.push({
      key: context === undefined ? msgid : `${context}${CONTEXT_SEPARATOR}${msgid}`,
      msgid,
      ...(plural === undefined ? {} : { plural }),
      where,
    });
  }
  return { strings, dynamic };
}

/** Skips one argument of any shape (the count of `_nx`), by bracket depth. */
function skipArgument(source: string, at: number): number {
  let depth = 0;
  for (let index = at; index < source.length; index++) {
    const char = source[index]!;
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (char === ',' && depth === 0) return index + 1;
  }
  return source.length;
}

/** Every string of the admin's sources, once per key (its first use), and every call the scanner cannot read. */
export function adminStrings(dir = ADMIN_SOURCE_DIR): { strings: Map<string, AdminString>; dynamic: DynamicCall[] } {
  const strings = new Map<string, AdminString>();
  const dynamic: DynamicCall[] = [];
  for (const file of sourceFiles(dir)) {
    const scanned = scanSource(readFileSync(file, 'utf8'), path.relative(process.cwd(), file));
    for (const found of scanned.strings) if (!strings.has(found.key)) strings.set(found.key, found);
    dynamic.push(...scanned.dynamic);
  }
  return { strings, dynamic };
}

/** A catalogue of client/admin/i18n: Jed 1.x locale data, as `setLocaleData` takes it. */
export type AdminCatalogue = Record<string, string[] | { domain: string; lang: string; plural_forms: string }>;

export function readAdminCatalogue(language: string, dir = ADMIN_SOURCE_DIR): AdminCatalogue {
  return JSON.parse(readFileSync(path.join(dir, 'i18n', `${language}.json`), 'utf8')) as AdminCatalogue;
}

/** The placeholders of a string, in order: `%s`, `%d`, `%1$s`, `%(name)s`; `%%` is a percent sign, not one. */
export function placeholders(text: string): string[] {
  return [...text.matchAll(/%(?:%|(?:\d+\$|\([^)]+\))?[-+0]?\d*(?:\.\d+)?[bcdefgijosuxX])/g)]
    .map((match) => match[0])
    .filter((found) => found !== '%%');
}

/** The same placeholders: in the same order, or in any order when each is numbered (`%1$s`, `%2$d`). */
function samePlaceholders(source: string[], translation: string[]): boolean {
  const numbered = (list: string[]) => list.every((found) => /^%\d+\$/.test(found));
  if (numbered(source) && numbered(translation)) {
    const distinct = (list: string[]) => [...new Set(list)].sort().join(' ');
    return distinct(source) === distinct(translation);
  }
  return source.join(' ') === translation.join(' ');
}

/**
 * What is wrong with a catalogue for the admin's strings, one sentence each: a string it lacks, a key no code uses, a
 * translation with the wrong number of forms (one, or the language's plural count for `_n`), or with placeholders
 * other than the source's.
 */
export function catalogueProblems(strings: Map<string, AdminString>, catalogue: AdminCatalogue, plurals: number) {
  const problems: string[] = [];
  for (const found of strings.values()) {
    const forms = catalogue[found.key];
    if (!Array.isArray(forms)) {
      problems.push(`missing: ${JSON.stringify(found.key)} (${found.where})`);
      continue;
    }
    const expected = found.plural === undefined ? 1 : plurals;
    if (forms.length !== expected || forms.some((form) => typeof form !== 'string' || form === ''))
      problems.push(`${expected} non-empty form(s) wanted: ${JSON.stringify(found.key)}`);
    forms.forEach((form, index) => {
      // The first plural form translates the singular, the others the plural.
      const source = index > 0 && found.plural !== undefined ? found.plural : found.msgid;
      if (!samePlaceholders(placeholders(source), placeholders(form)))
        problems.push(`placeholders differ: ${JSON.stringify(source)} -> ${JSON.stringify(form)}`);
    });
  }
  for (const key of Object.keys(catalogue))
    if (key !== '' && !strings.has(key)) problems.push(`used by no code: ${JSON.stringify(key)}`);
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const language = process.argv[2] ?? 'pl';
  const { strings, dynamic } = adminStrings();
  const catalogue = readAdminCatalogue(language);
  const header = catalogue[''] as { plural_forms: string };
  const plurals = Number(/nplurals=(\d+)/.exec(header.plural_forms)?.[1]);
  for (const problem of catalogueProblems(strings, catalogue, plurals)) console.log(problem);
  for (const call of dynamic) console.log(`not a literal: ${call.call} (${call.where})`);
}
