/**
 * What the test proxies share: passing one request on to the server behind them with some headers set, and its
 * answer back unchanged.
 */
import http from 'node:http';

export function forwardRequest(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  upstream: URL,
  headers: http.OutgoingHttpHeaders,
  localAddress?: string,
): void {
  const forwarded = http.request(
    {
      host: upstream.hostname,
      port: upstream.port,
      localAddress,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, ...headers },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  forwarded.on('error', () => response.destroy());
  request.pipe(forwarded);
}
