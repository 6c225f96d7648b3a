import type { Services } from '../../services.js';
import type { Readiness } from './verdicts.js';

/** Whether PostgreSQL, Redis and Temporal answer now (/readyz and the status map). */
export async function readiness(services: Pick<Services, 'orm' | 'redis' | 'temporal'>): Promise<Readiness> {
  const [postgres, redis, temporal] = await Promise.all([
    services.orm.em.fork().execute('select 1').then(() => true, () => false),
    services.redis.ping().then(() => true, () => false),
    services.temporal.reachable(),
  ]);
  return { postgres, redis, temporal };
}
