import { isGrpcServiceError, type Connection } from '@temporalio/client';
import { connectTemporal, temporalClient } from './connect.js';
import proto from '@temporalio/proto';
import { ALL_SEARCH_ATTRIBUTES } from '../../workflows/search-attributes.js';
import type { Config } from '../config.js';
import { reconcileSchedules, schedulePlan, type ScheduleChange } from './schedules.js';

/**
 * How long a closed workflow's history is kept in the namespace this setup creates: a week to
 * look into a failed delivery or operation, after which the project's own tables (delivery log,
 * operations) are the record. The same as docker-compose's cluster.
 */
export const NAMESPACE_RETENTION_DAYS = 7;

// gRPC status codes (the ones the setup tells apart).
const INVALID_ARGUMENT = 3;
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const UNAVAILABLE = 14;

export interface TemporalSetupResult {
  namespace: string;
  namespace_created: boolean;
  search_attributes_added: string[];
  /** What the setup did to each Schedule of this deployment (src/temporal/schedules.ts, reconcileSchedules). */
  schedules: ScheduleChange[];
}

/**
 * The one setup step of a Temporal server for this project (`bin/ctl temporal setup`, run once
 * per deploy before any worker starts: bin/up, bin/up --cluster, compose's temporal-setup):
 * registers the namespace when missing and any missing custom search attribute, and brings the
 * Schedules to what this release's configuration wants (created, updated, the project's own no
 * longer wanted deleted). Re-runs change nothing. On a fresh cluster the services answer UNAVAILABLE
 * for a while and a new namespace is NOT_FOUND until the frontend's namespace cache refreshes
 * (up to 10 s): both are waited out, up to `timeoutMs`.
 */
export async function setupTemporal(config: Config, timeoutMs = 120_000): Promise<TemporalSetupResult> {
  const { namespace } = config.temporal;
  const deadline = Date.now() + timeoutMs;
  const connection = await retrying(deadline, () => connectTemporal(config, { connectTimeout: '3s' }));
  try {
    const created = await retrying(deadline, () => ensureNamespace(connection, namespace));
    const added = await retrying(deadline, () => ensureSearchAttributes(connection, namespace));
    if (created || added.length) await retrying(deadline, () => searchAttributesUsable(connection, namespace), [INVALID_ARGUMENT]);
    const schedules = await retrying(deadline, () => reconcileSchedules(temporalClient(config, connection), schedulePlan(config)));
    return { namespace, namespace_created: created, search_attributes_added: added, schedules };
  } finally {
    await connection.close();
  }
}

async function ensureNamespace(connection: Connection, namespace: string): Promise<boolean> {
  try {
    await connection.workflowService.describeNamespace({ namespace });
    return false;
  } catch (err) {
    if (!isGrpcServiceError(err) || err.code !== NOT_FOUND) throw err;
  }
  try {
    await connection.workflowService.registerNamespace({
      namespace,
      workflowExecutionRetentionPeriod: proto.google.protobuf.Duration.fromObject({ seconds: NAMESPACE_RETENTION_DAYS * 24 * 3600 }),
      description: 'registered by bin/ctl temporal setup',
    });
    return true;
  } catch (err) {
    // Another setup registered it first.
    if (isGrpcServiceError(err) && err.code === ALREADY_EXISTS) return false;
    throw err;
  }
}

/** Registers any missing custom search attribute; answers the names it added. */
async function ensureSearchAttributes(connection: Connection, namespace: string): Promise<string[]> {
  const operator = connection.operatorService;
  const existing = await operator.listSearchAttributes({ namespace });
  const missing = ALL_SEARCH_ATTRIBUTES.filter((k) => !(k.name in (existing.customAttributes ?? {})));
  if (!missing.length) return [];
  await operator.addSearchAttributes({
    namespace,
    searchAttributes: Object.fromEntries(missing.map((k) => [k.name, proto.temporal.api.enums.v1.IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD])),
  });
  return missing.map((k) => k.name);
}

/**
 * A namespace or search attribute just registered is not usable at once: each frontend and
 * history host sees it when its cache refreshes (about 10 s), and until then a start carrying
 * the attribute fails with INVALID_ARGUMENT. A visibility query naming every custom attribute is
 * checked against the same cache, so the setup ends only when the first worker's starts can work.
 */
async function searchAttributesUsable(connection: Connection, namespace: string): Promise<void> {
  const query = ALL_SEARCH_ATTRIBUTES.map((k) => `${k.name} = 'setup-probe'`).join(' AND ');
  await connection.workflowService.countWorkflowExecutions({ namespace, query });
}

/** Runs `step` again while the cluster is still coming up (UNAVAILABLE, or a namespace not yet seen), and on the codes `alsoRetry` names. */
async function retrying<T>(deadline: number, step: () => Promise<T>, alsoRetry: number[] = []): Promise<T> {
  for (;;) {
    try {
      return await step();
    } catch (err) {
      const transient = isGrpcServiceError(err) ? [UNAVAILABLE, NOT_FOUND, ...alsoRetry].includes(err.code) : /connect|UNAVAILABLE|ECONNREFUSED/i.test(String(err));
      if (!transient || Date.now() > deadline) throw err;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
