import { pino, type Logger } from 'pino';

export type { Logger };

/**
 * JSON lines. Credentials and message text never reach a log line: the paths below are
 * removed wherever they appear, and request logging records no headers or bodies.
 */
export function createLogger(level: string, base: Record<string, unknown> = {}, to: 'stdout' | 'stderr' = 'stdout'): Logger {
  return pino({
    level,
    base: { service: 'public-api', ...base },
    redact: {
      paths: ['authorization', '*.authorization', 'api_key', '*.api_key', 'secret', '*.secret', 'content', '*.content', 'headers', '*.headers'],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  }, pino.destination({ dest: to === 'stdout' ? 1 : 2, sync: to === 'stderr' }));
}
