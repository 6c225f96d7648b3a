import { beforeAll, describe, expect, it } from '@jest/globals';
import { useApiSuite, type ApiSuite } from '../../../test/harness/api-suite.js';
import { newCaller } from '../../../test/harness/fixtures.js';
import { HOOKS_ENV, HOOK_URL } from '../../../test/integration/webhooks-fixtures.js';
import { ConflictError, SalesChat } from '../src/index.js';
import { documentedFetch } from './documented-fetch.js';

/**
 * client.webhooks.recover against the real api (no worker polls this suite's queues, so the
 * recovery stays queued): the OperationEnvelope with its progress, the 409 of an overlapping
 * range as a ConflictError naming the running operation, and cancel through client.operations.
 */

let suite: ApiSuite;
let client: SalesChat;
useApiSuite((s) => { suite = s; }, HOOKS_ENV);

beforeAll(async () => {
  const caller = await newCaller(suite.api.services, { name: 'Client recover tenant' });
  client = new SalesChat({ apiKey: caller.apiKey, baseUrl: suite.api.base, fetch: documentedFetch });
});

describe('client.webhooks.recover', () => {
  it('starts a webhook.recovery operation; an overlapping range is a ConflictError with its operation_id; cancel ends it', async () => {
    const hook = await client.webhooks.create({ url: HOOK_URL, events: ['lead.created'] });
    const since = new Date(Date.now() - 3600_000).toISOString();
    const { operation } = await client.webhooks.recover(hook.id, { since });
    expect(operation).toMatchObject({ type: 'webhook.recovery', status: 'queued', resource: { type: 'webhook', id: hook.id }, progress: { total: 0, redelivered: 0, skipped: 0 } });

    const err = await client.webhooks.recover(hook.id, { since }, { maxRetries: 0 }).catch((e: unknown) => e) as ConflictError;
    expect(err).toBeInstanceOf(ConflictError);
    expect([err.code, err.problem.operation_id]).toEqual(['operation_in_progress', operation.id]);

    expect((await client.operations.cancel(operation.id)).status).toBe('canceled');
    expect((await client.webhooks.recover(hook.id, { since })).operation.id).not.toBe(operation.id);
  });
});
