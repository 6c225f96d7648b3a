import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startApi, type TestApi } from '../harness/app.js';
import { newCaller, type Caller } from '../harness/fixtures.js';
import { call, expectProblem } from '../harness/http.js';
import { ctlProcess, onlyJson } from '../harness/ctl.js';
import { announceAccessChange } from '../../src/domain/access/access-changes.js';

// Two api processes (two apps, each with its own caller cache and Redis subscriber) keep
// key -> integration -> tenant for a minute. An access change made with bin/ctl (a child
// process, as an operator runs it) must be refused by the very next request on BOTH, with
// no waiting: the command returns only once every api process has dropped its entries.
let first: TestApi;
let second: TestApi;

beforeAll(async () => {
  first = await startApi({ AUTH_CACHE_MS: '60000' });
  second = await startApi({ AUTH_CACHE_MS: '60000' });
  await Promise.all([first.services.callers.whenListening(), second.services.callers.whenListening()]);
});
afterAll(async () => {
  await first?.close();
  await second?.close();
});

const me = (api: TestApi, caller: Caller) => call(api.base, 'GET', '/me', { key: caller.apiKey });
const apis = () => [first, second];

/** A caller whose key both api processes have cached. */
async function warmCaller(): Promise<Caller> {
  const caller = await newCaller(first.services);
  for (const api of apis()) expect((await me(api, caller)).status).toBe(200);
  return caller;
}

describe('an access change through bin/ctl ends access on every api process before the command returns', () => {
  it('key revoke: the next request on both answers 401 invalid_api_key; another key of the integration still works', async () => {
    const caller = await warmCaller();
    const sibling = await newCaller(first.services);
    for (const api of apis()) expect((await me(api, sibling)).status).toBe(200);
    onlyJson(await ctlProcess(['key', 'revoke', '--key', caller.keyId, '--json']));
    for (const api of apis()) {
      expectProblem(await me(api, caller), 'invalid_api_key');
      expect((await me(api, sibling)).status).toBe(200);
    }
  });

  it('integration set-status suspended: 401 integration_inactive on both at once, and 200 again at once after active', async () => {
    const caller = await warmCaller();
    onlyJson(await ctlProcess(['integration', 'set-status', '--integration', caller.integrationId, '--status', 'suspended', '--json']));
    for (const api of apis()) expectProblem(await me(api, caller), 'integration_inactive');
    onlyJson(await ctlProcess(['integration', 'set-status', '--integration', caller.integrationId, '--status', 'active', '--json']));
    for (const api of apis()) expect((await me(api, caller)).status).toBe(200);
  });

  it('tenant set-status inactive: 403 tenant_inactive on both at once', async () => {
    const caller = await warmCaller();
    onlyJson(await ctlProcess(['tenant', 'set-status', '--tenant', caller.tenantId, '--status', 'inactive', '--json']));
    for (const api of apis()) expectProblem(await me(api, caller), 'tenant_inactive');
  });

  it('without an announcement the cache is still used (the control: the drop above is the announcement\'s doing)', async () => {
    const caller = await warmCaller();
    await first.services.orm.em.fork().getConnection().execute('update tenants set status = \'inactive\' where id = ?', [caller.tenantId]);
    for (const api of apis()) expect((await me(api, caller)).status).toBe(200);
  });
});

describe('announceAccessChange', () => {
  it('{integrationId} after a scope change: the next GET /me on both lists the new scopes (the hook for a scopes command)', async () => {
    const caller = await warmCaller();
    await first.services.orm.em.fork().getConnection().execute('update integrations set scopes = array[?] where id = ?', ['cards:read', caller.integrationId]);
    const result = await announceAccessChange(first.services.redis, first.services.config.redisKeyPrefix, { integrationId: caller.integrationId });
    expect(result.confirmed).toBe(result.listeners);
    for (const api of apis()) expect((await me(api, caller)).body.key.scopes).toEqual(['cards:read']);
  });


  it('counts the api processes that heard it and waits for each to confirm', async () => {
    const result = await announceAccessChange(first.services.redis, first.services.config.redisKeyPrefix, { keyId: 'no-such-key' });
    expect(result.listeners).toBeGreaterThanOrEqual(2);
    expect(result.confirmed).toBe(result.listeners);
  });

  it('is not heard by a stack under another key prefix', async () => {
    const result = await announceAccessChange(first.services.redis, `other:${first.services.config.redisKeyPrefix}`, { keyId: 'no-such-key' });
    expect(result).toEqual({ listeners: 0, confirmed: 0 });
  });
});
