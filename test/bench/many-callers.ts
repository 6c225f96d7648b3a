import type { Config } from '../../src/config.js';
import type { Orm } from '../../src/db/em.js';
import { generateApiKey, hashApiKey } from '../../src/domain/access/api-key-format.js';
import { issuedKeysOf, provisionCaller } from './bench-support.js';

/**
 * `count` callers, each a tenant of its own with a wallet (1000 RUB), an integration with its
 * api channel and one live key, made fast: one caller through the real provisioning
 * functions (provisionCaller), then `count - 1` copies of its rows in one transaction of bulk
 * INSERT ... SELECT (each row the template's through jsonb, with new ids), so the copies are
 * whatever the provisioning writes. Keys and their hashes are made here, as issueApiKey does.
 * Answers the api keys, the template's first.
 */
export async function seedManyCallers(orm: Orm, config: Config, count: number, now: Date): Promise<string[]> {
  const em = orm.em.fork();
  const template = await em.transactional((tx) => provisionCaller(tx, config, 'Bench tenant 0', now));
  const keys = Array.from({ length: count - 1 }, () => generateApiKey('live', config.cell));
  const pepper = config.secrets.apiKeyPepper;
  await issuedKeysOf(config).addAll(keys.map((k) => k.keyId));
  await em.transactional(async (tx) => {
    await tx.execute(`create temporary table bench_callers on commit drop as
      select row_number() over () as n, gen_random_uuid() as tenant_id, gen_random_uuid() as integration_id, gen_random_uuid() as channel_id, key_id, secret_hash
        from jsonb_to_recordset(?::jsonb) as k(key_id text, secret_hash text)`,
    [JSON.stringify(keys.map((k) => ({ key_id: k.keyId, secret_hash: hashApiKey(k.apiKey, pepper) })))]);
    const copy = (table: string, from: string, changes: string) => tx.execute(
      `insert into ${table} select (jsonb_populate_record(null::${table}, to_jsonb(r) || ${changes})).* from ${table} r cross join bench_callers b where ${from}`);
    await copy('tenants', `r.id = '${template.tenantId}'`, `jsonb_build_object('id', b.tenant_id, 'name', 'Bench tenant ' || b.n)`);
    await copy('wallets', `r.tenant_id = '${template.tenantId}'`, `jsonb_build_object('tenant_id', b.tenant_id, 'balance_rub', 1000)`);
    await copy('integrations', `r.id = '${template.integrationId}'`, `jsonb_build_object('id', b.integration_id, 'tenant_id', b.tenant_id)`);
    await copy('channels', `r.integration_id = '${template.integrationId}' and r.type = 'api'`, `jsonb_build_object('id', b.channel_id, 'tenant_id', b.tenant_id, 'integration_id', b.integration_id)`);
    await copy('api_keys', `r.integration_id = '${template.integrationId}'`, `jsonb_build_object('key_id', b.key_id, 'secret_hash', b.secret_hash, 'tenant_id', b.tenant_id, 'integration_id', b.integration_id)`);
  });
  await em.execute('analyze tenants, wallets, integrations, channels, api_keys');
  return [template.apiKey, ...keys.map((k) => k.apiKey)];
}
