import type { Context, Next } from 'koa';
import { Stream } from 'node:stream';

/**
 * Every JSON answer (application/json, application/problem+json) ends with a newline, as
 * Stripe's and GitHub's do: in a terminal, one curl's answer never runs into the next command's
 * output or the prompt, and a log of answers is one per line. Parsers ignore the trailing
 * whitespace. Streams (the event streams) and text are left as they are.
 */
export async function jsonEndsWithNewline(ctx: Context, next: Next): Promise<void> {
  await next();
  const body: unknown = ctx.body;
  if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
  if (!ctx.response.is('json', '+json')) return;
  ctx.body = `${JSON.stringify(body)}\n`;
}
