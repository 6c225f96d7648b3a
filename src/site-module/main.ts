import { ReferenceModule } from './reference-module.js';
import { parseArgs, Flags, UsageError } from '../cli/args.js';

/**
 * bin/site-module --site-token T [--platform http://127.0.0.1:3000] [--port 3002] [--poll-seconds 600]
 * The reference site module: serves its blog at http://127.0.0.1:<port>/blog/<slug>, beats
 * hourly, polls every --poll-seconds (and at once when a heartbeat announces jobs).
 */
async function main(): Promise<void> {
  const f = new Flags(parseArgs(process.argv.slice(2)).flags);
  const siteToken = f.required('site-token');
  const platformOrigin = f.optional('platform') ?? 'http://127.0.0.1:3000';
  const port = Number(f.optional('port') ?? '3002');
  const pollSeconds = Number(f.optional('poll-seconds') ?? '600');
  f.done();
  if (!Number.isInteger(port) || !Number.isInteger(pollSeconds) || pollSeconds < 1) throw new UsageError('--port and --poll-seconds are whole numbers');
  const module = new ReferenceModule({ platformOrigin, siteToken, port });
  await module.start();
  console.log(`site module: blog at ${module.origin}/blog/<slug>; bind the site with --url ${module.origin}`);
  const poll = async () => {
    const reported = await module.pollOnce().catch((err: Error) => (console.error(`poll failed: ${err.message}`), 0));
    if (reported) console.log(`reported ${reported} job(s)`);
  };
  const beat = async () => {
    const pending = await module.heartbeat().catch((err: Error) => (console.error(`heartbeat failed: ${err.message}`), 0));
    if (pending) await poll();
  };
  await beat();
  await poll();
  setInterval(() => void beat(), 3600_000);
  setInterval(() => void poll(), pollSeconds * 1000);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(err instanceof UsageError ? 2 : 1);
});
