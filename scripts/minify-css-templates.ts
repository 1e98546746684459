/**
 * A Vite plugin that minifies the CSS inside our own Lit `css\`…\`` templates: the JavaScript minifier keeps template
 * strings as they are, comments and indentation included, and the storefront bundle has a 12 KiB gzip budget.
 * Only templates without `${…}` interpolations are touched, so nothing computed can be cut in half.
 */
import type { Plugin } from 'vite';

/**
 * Comments out, whitespace collapsed, no spaces around punctuation that CSS does not need them around, no zero before
 * a decimal point.
 */
export function minifyCss(text: string): string {
  return (
    text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      .replace(/;}/g, '}')
      // A number below one needs no zero before its point: 0.5rem is .5rem.
      .replace(/(^|[^\w.#-])0\.(\d)/g, '$1.$2')
      .trim()
  );
}

export function minifyCssTemplates(): Plugin {
  return {
    name: 'vitrine:minify-css-templates',
    apply: 'build',
    transform(code, id) {
      if (!id.includes('/client/') || !code.includes('css`')) return null;
      return {
        code: code.replace(/(?<![\w.])css`([^`$]*)`/g, (_all, body: string) => `css\`${minifyCss(body)}\``),
        map: null,
      };
    },
  };
}
