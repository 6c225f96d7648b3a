import { makeTelemetryFilterString, type RuntimeOptions } from '@temporalio/worker';
import type { LogLevel, LogMetadata, Logger as SdkLogger } from '@temporalio/common';
import type { Logger } from '../logger.js';

/** pino's level names for the SDK's; its own level is the process's LOG_LEVEL (pino filters). */
const PINO_LEVEL = { TRACE: 'trace', DEBUG: 'debug', INFO: 'info', WARN: 'warn', ERROR: 'error' } as const;

/** The process's LOG_LEVEL as the SDK's (what Core is asked to forward at all). */
const SDK_LEVEL: Record<string, LogLevel> = { trace: 'TRACE', debug: 'DEBUG', info: 'INFO', warn: 'WARN', error: 'ERROR', fatal: 'ERROR', silent: 'ERROR' };

/**
 * The SDK's log lines as the process's own (JSON lines through pino), under `component:
 * temporal-sdk`. The SDK puts the workflow's identity in each line's metadata (workflowId and
 * runId from workflows, workflowId and workflowRunId from activities, run_id from Core); they
 * leave as `workflow_id` and `run_id`, the names an operator greps for, and the rest as the SDK
 * names them. Symbol keys (the SDK's own timestamp) are dropped by JSON.
 */
export class PinoSdkLogger implements SdkLogger {
  private readonly pino: Logger;

  constructor(log: Logger) {
    this.pino = log.child({ component: 'temporal-sdk' });
  }

  private write(level: LogLevel, message: string, meta: LogMetadata = {}): void {
    const { workflowId, runId, workflowRunId, run_id: coreRunId, workflow_id: coreWorkflowId, error, ...rest } = meta as Record<string, unknown>;
    const ids: Record<string, unknown> = {};
    // Under `err`, pino writes an Error's message and stack (elsewhere it would be `{}`).
    if (error !== undefined) ids[error instanceof Error ? 'err' : 'error'] = error;
    if (workflowId ?? coreWorkflowId) ids.workflow_id = workflowId ?? coreWorkflowId;
    if (runId ?? workflowRunId ?? coreRunId) ids.run_id = runId ?? workflowRunId ?? coreRunId;
    this.pino[PINO_LEVEL[level]]({ ...rest, ...ids }, message);
  }

  log(level: LogLevel, message: string, meta?: LogMetadata): void { this.write(level, message, meta); }
  trace(message: string, meta?: LogMetadata): void { this.write('TRACE', message, meta); }
  debug(message: string, meta?: LogMetadata): void { this.write('DEBUG', message, meta); }
  info(message: string, meta?: LogMetadata): void { this.write('INFO', message, meta); }
  warn(message: string, meta?: LogMetadata): void { this.write('WARN', message, meta); }
  error(message: string, meta?: LogMetadata): void { this.write('ERROR', message, meta); }
}

/**
 * The Temporal runtime of a worker process: the SDK's logs, Core's included (forwarded from
 * the native side), through pino; and with `metricsAddress` (host:port) the SDK's Prometheus
 * series on it (temporal_*: schedule-to-start latency, free slots, sticky cache, workflow task
 * failures; docs/operating.md). Runtime.install takes these once per process.
 */
export function sdkRuntimeOptions(log: Logger, level: string, metricsAddress: string | null): RuntimeOptions {
  const sdkLevel = SDK_LEVEL[level] ?? 'INFO';
  return {
    logger: new PinoSdkLogger(log),
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: sdkLevel, other: 'WARN' }), forward: {} },
      ...(metricsAddress === null ? {} : { metrics: { prometheus: { bindAddress: metricsAddress } } }),
    },
  };
}

/** host:port for a listener, an IPv6 host in brackets. */
export function listenAddress(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
