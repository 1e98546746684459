/**
 * The outermost middleware: whatever escapes the others becomes a generic 500 that leaks no stack or message,
 * and is logged once through `app.on('error')`. REST errors are already shaped by the REST middleware.
 */
import type { Middleware } from 'koa';

export function errorBoundaryMiddleware(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } catch (error) {
      const status = (error as { status?: number; expose?: boolean }).status;
      const exposed = (error as { expose?: boolean }).expose && status && status < 500;
      if (!exposed) ctx.app.emit('error', error, ctx);
      ctx.status = exposed ? status : 500;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = exposed ? (error as Error).message : 'Something went wrong on our side. Please try again in a moment.';
    }
  };
}
