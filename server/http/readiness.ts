/**
 * `GET /readyz`: whether this instance should be given shoppers' traffic, for a load balancer's health check or an
 * orchestrator's readiness probe. The server listens before it is ready (the facet index is read back or built, then
 * the first answers' code paths are warmed: server/warm-up.ts); until then the check answers 503, so that a
 * restarted instance joins the pool only once its first requests cost what the rest do. Answered before every other
 * middleware: a probe every second costs no session, no store read and no catalog load.
 */
import type { Middleware } from 'koa';

export const READINESS_PATH = '/readyz';

/** Whether the instance is ready; set once, when the start's work is done. */
export class Readiness {
  #ready = false;

  get ready(): boolean {
    return this.#ready;
  }

  markReady(): void {
    this.#ready = true;
  }
}

/**
 * Answers `GET`/`HEAD /readyz` with `200 {"ready":true}` once ready, `503 {"ready":false}` (with `Retry-After: 1`)
 * before; never stored by a cache.
 *
 * @example app.use(readinessMiddleware(readiness))
 */
export function readinessMiddleware(readiness: Readiness): Middleware {
  return async (ctx, next) => {
    if (ctx.path !== READINESS_PATH || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
    const { ready } = readiness;
    ctx.status = ready ? 200 : 503;
    ctx.set('Cache-Control', 'no-store');
    if (!ready) ctx.set('Retry-After', '1');
    ctx.body = { ready };
  };
}
