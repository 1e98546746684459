/**
 * Arbitrary requests to the public surface of a Vitrine server, for fast-check: pages with odd query strings
 * (broken percent-escapes, encoded lone surrogates, shortcodes), `POST /filter` bodies of every shape and nesting,
 * `?rest_route=` with method overrides, the public search, and login forms. Shared by the CI-sized property test
 * (`test/stress/public-fuzz.test.ts`, run by `npm run test:stress`) and `npm run fuzz`, which sends 100,000 of them.
 */
import fc from 'fast-check';

export interface PublicRequest {
  /** A label for the summary: which endpoint family. */
  readonly kind: string;
  readonly method: string;
  /** Path and query, sent as they are (not re-encoded). */
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string;
  /** A form post that carries the login form's CSRF token and visitor cookie, so it reaches what lies behind them. */
  readonly withFormTicket?: boolean;
  /**
   * The client address claimed through X-Forwarded-For (heeded with TRUST_PROXY=1), so throttling does not stop every
   * post.
   */
  readonly clientAddress?: string;
}

/** The login form's token and the visitor cookie it is bound to. */
export interface FormTicket {
  cookie: string;
  token: string;
}

/** Fetches a login form ticket from the server, once per run. */
export async function fetchFormTicket(baseUrl: string): Promise<FormTicket> {
  const response = await fetch(`${baseUrl}/login`);
  const token = /name="_csrf" value="([^"]+)"/.exec(await response.text())?.[1];
  if (!token) throw new Error('The login form has no CSRF token.');
  return { cookie: (response.headers.get('set-cookie') ?? '').split(';')[0]!, token };
}

/** Text with everything that has broken servers: markup, shortcodes, controls, lone surrogates, long runs. */
const nastyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '[facet]',
    '[facet per_page="1"]',
    '<script>',
    '\ud800',
    '\udfff',
    '%',
    '%ZZ',
    '\u0000',
    'constructor',
    '__proto__',
    'a'.repeat(5000),
  ),
);

/** Percent-encodes by UTF-16 unit, so that a lone surrogate goes out as the bytes a careless client would send. */
function encodeLoosely(text: string): string {
  let encoded = '';
  for (const unit of text) {
    encoded += /^[\w.~-]$/.test(unit)
      ? unit
      : unit.length === 1 && unit.charCodeAt(0) >= 0xd800 && unit.charCodeAt(0) <= 0xdfff
        ? `%ED%${(0xa0 + ((unit.charCodeAt(0) >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (unit.charCodeAt(0) & 0x3f)).toString(16).toUpperCase()}`
        : encodeURIComponent(unit);
  }
  return encoded;
}

const queryName = fc.constantFrom(
  'sf_q',
  'sf_color',
  'sf_price',
  'sf_paged',
  'sf_orderby',
  'sf_category',
  'sf_in_stock',
  '_method',
  'rest_route',
  'redirect_to',
  'constructor',
);
const rawQueryPiece = fc.oneof(
  fc.tuple(queryName, nastyText).map(([name, value]) => `${name}=${encodeLoosely(value)}`),
  fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', 'sf_q', '=', '&&', 'sf_color[]=a', 'sf_paged=99999999999999999999'),
);
const queryString = fc
  .array(rawQueryPiece, { maxLength: 6 })
  .map((pieces) => (pieces.length ? `?${pieces.join('&')}` : ''));

const pagePath = fc.constantFrom(
  '/',
  '/shop',
  '/login',
  '/product/unknown',
  '/product-category/shoes',
  '/no-such-page',
  '/media/products/1.svg',
  '/assets/none.js',
  '/assets/x.js.map',
  '/rest-nonce',
);

const pageRequest = fc.record({ path: pagePath, query: queryString }).map(
  ({ path, query }): PublicRequest => ({
    kind: 'GET page',
    method: 'GET',
    path: path + query,
    headers: {},
  }),
);

/** JSON nested to a random depth, sometimes far over the limit. */
const deepJson = fc.integer({ min: 0, max: 8000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const jsonText = (value: unknown) => JSON.stringify(value);
const filterBody = fc.oneof(
  fc
    .record({
      query: fc.dictionary(
        fc.constantFrom('sf_q', 'sf_color', 'sf_size', 'sf_price', 'sf_paged', 'sf_orderby'),
        fc.constantFrom('navy', 'red,blue', '10-50', '2', 'price', 'shirt', ''),
      ),
    })
    .map(jsonText),
  fc
    .record({
      query: fc.dictionary(queryName, fc.oneof(nastyText, fc.array(nastyText, { maxLength: 3 }))),
      widget: fc.option(fc.jsonValue({ maxDepth: 3 }), { nil: undefined }),
    })
    .map(jsonText),
  fc.jsonValue({ maxDepth: 4 }).map(jsonText),
  deepJson.map((deep) => `{"query":{},"widget":${deep}}`),
  nastyText.map((text) => `{"query":{"sf_q":${JSON.stringify(text)}}}`),
  fc.constantFrom('{"query":{"sf_q":"\\ud800"}}', '{"query":', '', 'null', '{"__proto__":{"x":1}}'),
);

// Mostly well-formed requests, so that the filter itself is exercised and not only the refusals in front of it.
const methodOverride = fc.oneof(
  { arbitrary: fc.constant(''), weight: 6 },
  { arbitrary: fc.constantFrom('?_method=a&_method=b', '?_method=PUT', '?_method=', '?_method=delete'), weight: 1 },
);
const filterRequest = fc
  .record({
    body: filterBody,
    override: methodOverride,
    header: fc.oneof(
      { arbitrary: fc.constant(undefined), weight: 6 },
      { arbitrary: fc.constantFrom('FOO', 'PUT, DELETE', 'GET', ''), weight: 1 },
    ),
    type: fc.oneof(
      { arbitrary: fc.constant('application/json'), weight: 6 },
      { arbitrary: fc.constantFrom('text/plain', '', 'application/x-www-form-urlencoded'), weight: 1 },
    ),
  })
  .map(
    ({ body, override, header, type }): PublicRequest => ({
      kind: 'POST /filter',
      method: 'POST',
      path: `/wp-json/facet/v1/filter${override}`,
      headers: {
        ...(type ? { 'content-type': type } : {}),
        ...(header !== undefined ? { 'x-http-method-override': header } : {}),
      },
      body,
    }),
  );

const restRouteRequest = fc
  .record({
    route: fc.oneof(
      fc.constantFrom('/facet/v1/filter', '/compliance/v1/search', '/', '/facet/v1', '/nope'),
      nastyText.map(encodeLoosely),
    ),
    query: queryString,
    method: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
    body: filterBody,
  })
  .map(
    ({ route, query, method, body }): PublicRequest => ({
      kind: '?rest_route=',
      method,
      path: `/?rest_route=${route}${query.replace('?', '&')}`,
      headers: { 'content-type': 'application/json' },
      body: method === 'GET' ? undefined : body,
    }),
  );

const searchRequest = fc.record({ q: nastyText, extra: queryString }).map(
  ({ q, extra }): PublicRequest => ({
    kind: 'GET search',
    method: 'GET',
    path: `/wp-json/compliance/v1/search?q=${encodeLoosely(q)}${extra.replace('?', '&')}`,
    headers: {},
  }),
);

const loginRequest = fc
  .record({
    fields: fc.dictionary(fc.constantFrom('login', 'password', 'redirect_to', 'login[]', 'x'), nastyText, {
      maxKeys: 4,
    }),
    withFormTicket: fc.boolean(),
    clientAddress: fc.ipV4(),
  })
  .map(
    ({ fields, withFormTicket, clientAddress }): PublicRequest => ({
      kind: 'POST /login',
      method: 'POST',
      path: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: Object.entries(fields)
        .map(([name, value]) => `${encodeLoosely(name)}=${encodeLoosely(value)}`)
        .join('&'),
      withFormTicket,
      clientAddress,
    }),
  );

/** One arbitrary public request; login requests are rarer, since each costs a password hash. */
export const publicRequest: fc.Arbitrary<PublicRequest> = fc.oneof(
  { arbitrary: pageRequest, weight: 3 },
  { arbitrary: filterRequest, weight: 4 },
  { arbitrary: restRouteRequest, weight: 2 },
  { arbitrary: searchRequest, weight: 2 },
  { arbitrary: loginRequest, weight: 1 },
);

/** Sends one request and answers its status (the body is read and dropped). */
export async function sendPublicRequest(baseUrl: string, request: PublicRequest, ticket?: FormTicket): Promise<number> {
  const headers = { ...request.headers };
  let body = request.body;
  if (request.withFormTicket && ticket) {
    headers.cookie = ticket.cookie;
    body = `${body ? `${body}&` : ''}_csrf=${ticket.token}`;
  }
  if (request.clientAddress) headers['x-forwarded-for'] = request.clientAddress;
  const response = await fetch(baseUrl + request.path, { method: request.method, headers, body, redirect: 'manual' });
  await response.arrayBuffer();
  return response.status;
}
