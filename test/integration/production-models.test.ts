import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { DIST } from '../harness/in-process-worker.js';

/**
 * A production start without a remote model (issue 37, item 5): the api and the worker refuse
 * to start, naming the settings that choose one, unless the operator opted in to the builtin
 * models. The processes are the built ones, started as a deployment starts them.
 */

/** This run's environment without its development-only settings (which production refuses first) and without any AI setting. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const kept = Object.entries(process.env).filter(([name]) => !/^(AI_|OPENAI_|WEBHOOK_ALLOW_PRIVATE_NETWORKS$|WEBHOOK_RESOLVE$)/.test(name));
  return { ...Object.fromEntries(kept), NODE_ENV: 'production', ...extra };
}

function start(entry: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [join(DIST, entry)], { env, timeout: 30_000 }, (err, _stdout, stderr) =>
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stderr }));
    child.stdin?.end();
  });
}

describe('a production start', () => {
  it.each(['src/server.js', 'src/worker.js'])('%s refuses the builtin models unless opted in, naming AI_PROVIDER and AI_ALLOW_BUILTIN_IN_PRODUCTION', async (entry) => {
    for (const env of [{}, { AI_PROVIDER: 'builtin' }] as Record<string, string>[]) {
      const refused = await start(entry, productionEnv(env));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('NODE_ENV=production needs a remote model for live AI work');
      expect(refused.stderr).toContain('"AI_PROVIDER"=openai');
      expect(refused.stderr).toContain('"AI_ALLOW_BUILTIN_IN_PRODUCTION"=true');
    }
  });

  it('of the OpenAI API without OPENAI_API_KEY is refused too, naming it', async () => {
    const refused = await start('src/server.js', productionEnv({ AI_PROVIDER: 'openai' }));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('"OPENAI_API_KEY" is required');
  });
});
