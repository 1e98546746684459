/**
 * A theme's own stylesheet: `theme.css` in the data folder, if there is one, served at
 * `/theme.css` and linked on every shop page after the shop's own CSS, so that its rules win over the defaults at equal
 * specificity (the widget's fragment styles have none: see client/facet-filter/facet-filter-fragments.css). An
 * administrator edits the file; pages link it with its version (`?v=` from its size and time), so that browsers keep
 * it for a year yet see an edit on the next page. Same origin: the Content-Security-Policy (`style-src 'self'`) holds.
 * With several instances (PostgreSQL), each data folder holds its copy, as each holds the deployed code.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import { matchesEtag } from '../http/etag.js';

export const THEME_STYLESHEET_PATH = '/theme.css';
export const THEME_STYLESHEET_FILE = 'theme.css';
/** A stylesheet past this is a mistake (an image inlined as data, a bundle of a whole framework): it is not served. */
export const MAX_THEME_STYLESHEET_BYTES = 1024 * 1024;

export interface ThemeStylesheet {
  /** The address pages link, with the file's version; null when there is no usable file. */
  href(): Promise<string | null>;
  middleware(): Middleware;
}

/** @example const theme = themeStylesheet(config.dataDir); await theme.href() // '/theme.css?v=1042-1732441200000' */
export function themeStylesheet(dataDir: string, log: (message: string) => void = console.warn): ThemeStylesheet {
  const file = path.join(dataDir, THEME_STYLESHEET_FILE);
  let warnedAbout = '';
  /**
   * The file's version, or null when it is missing, not a file, or too large (said once in the log). Read on every
   * page, so that an edit shows on the next one: a stat of a file the system has cached takes microseconds done
   * synchronously, where one through the thread pool cost a page about 4 % of its time.
   */
  const version = (): string | null => {
    let info: ReturnType<typeof statSync>;
    try {
      info = statSync(file, { throwIfNoEntry: false });
    } catch {
      return null;
    }
    if (!info?.isFile()) return null;
    const current = `${info.size}-${Math.trunc(info.mtimeMs)}`;
    if (info.size > MAX_THEME_STYLESHEET_BYTES) {
      if (warnedAbout !== current)
        log(
          `${file} is ${info.size} bytes, over the ${MAX_THEME_STYLESHEET_BYTES} a theme stylesheet may have: it is not linked.`,
        );
      warnedAbout = current;
      return null;
    }
    return current;
  };
  return {
    href: async () => {
      const current = version();
      return current === null ? null : `${THEME_STYLESHEET_PATH}?v=${current}`;
    },
    middleware: () => async (ctx) => {
      const current = version();
      if (current === null) return; // 404
      ctx.type = 'text/css; charset=utf-8';
      // The versioned address never changes its content; the bare one is asked again each time.
      ctx.set('Cache-Control', ctx.query.v === current ? 'public, max-age=31536000, immutable' : 'no-cache');
      const etag = `"${current}"`;
      ctx.set('ETag', etag);
      if (matchesEtag(ctx.get('If-None-Match'), etag)) {
        ctx.status = 304;
        return;
      }
      ctx.body = await readFile(file);
    },
  };
}
