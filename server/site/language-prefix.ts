/**
 * Answers a storefront address under a language (`/de/shop`) as the page at the plain address (`/shop`) written in that
 * language: the prefix is taken off the path before any route sees it, the request runs with the language chosen
 * (chosen-language.ts), and a redirect it answers stays in the language. The shop's own language has the plain
 * addresses only (its prefix redirects there), and a language the shop does not offer is not found.
 */
import type { Middleware } from 'koa';
import { inChosenLanguage } from '../i18n/chosen-language.js';
import { languageOfLocale } from '../i18n/languages.js';
import type { Store } from '../store/store.js';
import { localizePath, offeredLanguages, splitLanguagePath } from './storefront-languages.js';

export function languagePrefixMiddleware(store: Store, siteUrl: string): Middleware {
  return async (ctx, next) => {
    const named = splitLanguagePath(ctx.path);
    if (!named) return next();
    const general = store.site.data.settings.general;
    if (named.language === languageOfLocale(general.locale)) {
      // One address per page: a link to the shop's own language under its code goes to the plain one.
      ctx.status = 301;
      ctx.redirect(`${named.path}${ctx.search}`);
      return;
    }
    if (!offeredLanguages(general).includes(named.language)) return next();
    ctx.path = named.path;
    await inChosenLanguage(named.language, next);
    const location = ctx.response.get('Location');
    if (location) ctx.set('Location', locationInLanguage(location, `/${named.language}`, siteUrl));
  };
}

/** A redirect's target in the language: a site path, or an absolute address of the site itself. */
function locationInLanguage(location: string, prefix: string, siteUrl: string): string {
  if (location.startsWith(`${siteUrl}/`)) return `${siteUrl}${localizePath(location.slice(siteUrl.length), prefix)}`;
  return localizePath(location, prefix);
}
