/**
 * The word forms of the shop's language, for product search (`sf_q` and compliance/v1/search): which folded tokens
 * are forms of one word. Polish by its Hunspell dictionary read backwards (hunspell-lemmas.ts: `kubki`, `kubkami` →
 * `kubek`; a stemmer cannot join those, its stems of `kubek` and `kubki` differ), English and German by their
 * Snowball stemmers (`shirts` → `shirt`, `Hemden` → `hemd`). Other languages match folded tokens only.
 *
 * Both the index and the query go through the same forms, so they can only differ in what a shopper types. Forms are
 * cached per distinct token: a catalog's vocabulary is small next to its products. The Polish dictionary (~290,000
 * lemmas, some 50 MB of heap) is read on the first word asked, and only by a shop in Polish.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { HunspellLemmas, type HunspellSources } from './hunspell-lemmas.js';
import { SortedWordList } from './sorted-word-list.js';

/** The forms of folded tokens, and an id that names the language and the data behind it (for snapshot keys). */
export interface WordForms {
  readonly id: string;
  /**
   * The forms of a folded token: two tokens match when they share one. Empty when the language does not know it.
   * @example wordFormsFor('pl-PL')!.formsOf('kubki') // ['kubek']
   */
  formsOf(token: string): readonly string[];
}

/** Tokens whose forms are kept; past it the cache starts again, so queries of made-up words cannot grow it forever. */
const MAX_CACHED_TOKENS = 200_000;

/** Bumped when the way forms are made changes, so that snapshots made the old way are rebuilt. */
const FORMS_VERSION = 1;

const NONE: readonly string[] = [];

/** Codes, sizes and SKUs (`vt00042`, `36`): no language has forms of them, and each would take a cache entry. */
const HAS_DIGIT = /[0-9]/;

class CachedWordForms implements WordForms {
  readonly #cache = new Map<string, readonly string[]>();

  constructor(
    readonly id: string,
    private readonly compute: (token: string) => readonly string[],
  ) {}

  formsOf(token: string): readonly string[] {
    if (HAS_DIGIT.test(token)) return NONE;
    let forms = this.#cache.get(token);
    if (forms === undefined) {
      if (this.#cache.size >= MAX_CACHED_TOKENS) this.#cache.clear();
      const computed = this.compute(token);
      forms = computed.length === 0 ? NONE : computed;
      this.#cache.set(token, forms);
    }
    return forms;
  }
}

const resolveModule = createRequire(import.meta.url).resolve;

/** The file URL of a package's entry. */
const entryOf = (name: string): URL => pathToFileURL(resolveModule(name));

/** The version of an installed package, read from its package.json (which its `exports` may not list). */
function packageVersion(name: string): string {
  const entry = entryOf(name);
  for (let folder = new URL('./', entry); folder.pathname !== '/'; folder = new URL('../', folder)) {
    try {
      const manifest = JSON.parse(readFileSync(new URL('package.json', folder), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (manifest.name === name) return manifest.version ?? 'unknown';
    } catch {
      // Not this folder: look further up.
    }
  }
  return 'unknown';
}

/**
 * Lemmas of a Hunspell dictionary, with its folded and sorted word list kept in a cache file beside the installed
 * packages (`node_modules/.cache/vitrine/`): reading the dictionary's 300,000 lines, folding and sorting them takes
 * most of a second, which every start of a shop in that language would otherwise pay. The file is named by the
 * dictionary's version and content, written whole and then renamed into place (so a reader never sees half of it),
 * and is only a shortcut: when it cannot be read or written the list is made from the dictionary.
 */
function cachedLemmas(sources: HunspellSources, name: string): HunspellLemmas {
  const digest = createHash('sha256').update(sources.dic).update('\0').digest('hex').slice(0, 16);
  const file = path.join(cacheFolder(), `${name}-${digest}.txt`);
  try {
    return new HunspellLemmas(sources, SortedWordList.fromText(readFileSync(file, 'utf8')));
  } catch {
    // No cache yet, or a damaged one: made again below.
  }
  const lemmas = new HunspellLemmas(sources);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, lemmas.words.text);
    renameSync(partial, file);
  } catch {
    // A read-only install: every start makes the list, as it would without a cache.
  }
  return lemmas;
}

/** `node_modules/.cache/vitrine`, beside the packages the dictionary came from (the usual home of such caches). */
function cacheFolder(): string {
  const packageEntry = fileURLToPath(entryOf('dictionary-pl'));
  const nodeModules = packageEntry.slice(0, packageEntry.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 13);
  return path.join(nodeModules, '.cache', 'vitrine');
}

function polishForms(): WordForms {
  let lemmas: HunspellLemmas | null = null;
  return new CachedWordForms(
    `pl:hunspell:dictionary-pl@${packageVersion('dictionary-pl')}:v${FORMS_VERSION}`,
    (token) => {
      if (!lemmas) {
        const folder = new URL('./', entryOf('dictionary-pl'));
        lemmas = cachedLemmas(
          {
            aff: readFileSync(new URL('index.aff', folder), 'utf8'),
            dic: readFileSync(new URL('index.dic', folder), 'utf8'),
          },
          `dictionary-pl-${packageVersion('dictionary-pl')}-v${FORMS_VERSION}`,
        );
      }
      return lemmas.lemmasOf(token);
    },
  );
}

function snowballForms(language: string, algorithm: string): WordForms {
  // Loaded when an English or German shop first needs it: reading the package costs about half a second of every
  // start, which a Polish shop would pay for nothing.
  const snowball: typeof import('snowball-stemmers').default = createRequire(import.meta.url)('snowball-stemmers');
  const stemmer = snowball.newStemmer(algorithm);
  return new CachedWordForms(
    `${language}:snowball-${algorithm}@${packageVersion('snowball-stemmers')}:v${FORMS_VERSION}`,
    (token) => [stemmer.stem(token)],
  );
}

const MAKERS: Record<string, () => WordForms> = {
  pl: polishForms,
  en: () => snowballForms('en', 'english'),
  de: () => snowballForms('de', 'german'),
};

const byLanguage = new Map<string, WordForms | null>();

/**
 * The word forms of a shop's locale (its language part), one instance per language for the process; null for a
 * language without them.
 * @example wordFormsFor('pl-PL')?.formsOf('butow') // ['but']
 */
export function wordFormsFor(locale: string | null | undefined): WordForms | null {
  const language = String(locale ?? '')
    .split(/[-_]/)[0]!
    .toLowerCase();
  let forms = byLanguage.get(language);
  if (forms === undefined) {
    forms = MAKERS[language]?.() ?? null;
    byLanguage.set(language, forms);
  }
  return forms;
}
