/**
 * A visitor with a cookie jar, as a browser without JavaScript: it opens pages, and submits their forms with the
 * form's CSRF token and whatever cookies the shop set, following nothing by itself.
 */
import assert from 'node:assert/strict';

export interface PageAnswer {
  status: number;
  location: string | null;
  html: string;
}

export class Visitor {
  readonly #cookies = new Map<string, string>();
  #lastToken = '';

  constructor(private readonly siteUrl: string) {}

  get cookieHeader(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  cookie(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  async #send(path: string, init: RequestInit): Promise<PageAnswer> {
    const response = await fetch(this.siteUrl + path, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: this.cookieHeader },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      if (/expires=Thu, 01 Jan 1970/i.test(cookie)) this.#cookies.delete(name!);
      else this.#cookies.set(name!, value.join('='));
    }
    const html = await response.text();
    const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
    if (token) this.#lastToken = token;
    return { status: response.status, location: response.headers.get('location'), html };
  }

  get(path: string): Promise<PageAnswer> {
    return this.#send(path, {});
  }

  /** Posts a form with the CSRF token of the last page that had one (as that page's form would). */
  post(
    path: string,
    fields: Record<string, string>,
    options: { withToken?: boolean; headers?: Record<string, string> } = {},
  ): Promise<PageAnswer> {
    const body = new URLSearchParams(fields);
    if (options.withToken ?? true) {
      assert.ok(this.#lastToken, 'a page with a form was opened first');
      body.set('_csrf', this.#lastToken);
    }
    return this.#send(path, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    });
  }

  /** GETs `path` and follows redirects, as a browser shows the page at the end. */
  async open(path: string): Promise<PageAnswer> {
    let answer = await this.get(path);
    for (let hops = 0; answer.location && hops < 5; hops++) answer = await this.get(answer.location);
    return answer;
  }
}
