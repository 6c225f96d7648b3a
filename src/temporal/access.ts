import type { Client, Connection } from '@temporalio/client';
import { connectTemporal, temporalClient } from './connect.js';
import type { Logger } from '../logger.js';
import type { Config } from '../config.js';

/**
 * A Temporal client opened on first use, so the api starts (and answers /readyz with the
 * reason) even while Temporal is still coming up.
 */
export class TemporalAccess {
  private connecting?: Promise<Client>;
  private connection?: Connection;

  constructor(private readonly settings: Config['temporal'], private readonly log: Logger) {}

  get taskQueue(): string {
    return this.settings.taskQueue;
  }

  client(): Promise<Client> {
    this.connecting ??= connectTemporal({ temporal: this.settings }, { connectTimeout: '3s' })
      .then((connection) => {
        this.connection = connection;
        return temporalClient({ temporal: this.settings }, connection);
      })
      .catch((err: unknown) => {
        this.connecting = undefined;
        throw err;
      });
    return this.connecting;
  }

  /** True when the frontend answers a health check within the deadline. */
  async reachable(timeoutMs = 2000): Promise<boolean> {
    try {
      await this.client();
      const connection = this.connection!;
      await connection.withDeadline(Date.now() + timeoutMs, () =>
        connection.healthService.check({ service: 'temporal.api.workflowservice.v1.WorkflowService' }),
      );
      return true;
    } catch (err) {
      this.log.debug({ err: (err as Error).message }, 'temporal not reachable');
      return false;
    }
  }

  async close(): Promise<void> {
    await this.connection?.close();
  }
}
