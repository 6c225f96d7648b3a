import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '../config/config-error.js';
import type { Services } from '../services.js';

/**
 * A process's Prometheus series on a listener of its own (METRICS_PORT for the api,
 * WORKER_METRICS_PORT for the worker), never on the public one: only GET /metrics, all else 404.
 */
export async function serveMetrics(services: Services, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') return res.writeHead(404).end();
    services.metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': services.metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, services.config.host, () => resolve());
  });
  return server;
}

/** The port of `variable` (unset or empty: none). */
export function metricsPort(variable: string, value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ConfigError(`configuration: "${variable}" must be a port number (1-65535)`);
  return port;
}

export function listeningPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}
