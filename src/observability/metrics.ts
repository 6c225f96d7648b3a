import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { RecentRequests } from './recent-requests.js';

/** Prometheus series of one process. Later families add theirs through `registry`. */
export class Metrics {
  readonly registry = new Registry();
  /** The last 15 minutes of answers, for the status map's error rate. */
  readonly recentRequests = new RecentRequests();
  readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by route, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 25],
    registers: [this.registry],
  });
  readonly rateLimitRefusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 by rate class',
    labelNames: ['rate_class'] as const,
    registers: [this.registry],
  });
  /** Set by the worker's outbox relay after each run. */
  readonly outboxLag = new Gauge({
    name: 'webhook_outbox_lag_seconds',
    help: 'Age of the oldest committed event not yet turned into deliveries (0 when none waits)',
    registers: [this.registry],
  });
  readonly deliveryTransitions = new Counter({
    name: 'webhook_delivery_transitions_total',
    help: 'Webhook deliveries entering a state (pending when created, then delivered, failed or dead)',
    labelNames: ['state'] as const,
    registers: [this.registry],
  });
  /** A recheck or cancel Temporal did not take (unavailable): the delivery's own timer or attempt is the backstop. */
  readonly deliveryNoticesNotSent = new Counter({
    name: 'webhook_delivery_notices_not_sent_total',
    help: 'Recheck or cancel notices to delivery workflows that Temporal did not take, by notice',
    labelNames: ['notice'] as const,
    registers: [this.registry],
  });
  readonly attemptLatency = new Histogram({
    name: 'webhook_attempt_duration_seconds',
    help: 'Time of one delivery attempt, from connecting to the subscriber\'s answer, by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  /** Counted by the reconciler (workflows/reconciler.ts) in the worker that settled the row. */
  readonly reconcilerRows = new Counter({
    name: 'reconciler_rows_total',
    help: 'Rows whose workflow had closed without settling them or vanished, by kind (delivery, operation, publication) and what the reconciler did (restarted, ended)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }
}
