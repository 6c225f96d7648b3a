import { resolve } from 'node:path';
import { ReferenceModule } from './reference-module.js';
import { BlogStore } from './blog-store.js';
import { parseArgs, Flags, UsageError } from '../cli/args.js';

/**
 * bin/site-module --site-token T [--platform URL] [--site-url URL] [--blog-dir DIR] [--poll-seconds 600]
 * The reference site module: writes articles into the demo shop's blog (the directory bin/up's
 * demo site serves at <site-url>/blog/<slug>), beats hourly, polls every --poll-seconds (and at
 * once when a heartbeat announces jobs). Defaults: the platform at PUBLIC_ORIGIN, the demo
 * site at http://localhost:<DEMO_PORT>, its blog in DEMO_BLOG_DIR (bin/site-module sets both as bin/up does).
 */
async function main(): Promise<void> {
  const f = new Flags(parseArgs(process.argv.slice(2)).flags);
  const siteToken = f.required('site-token');
  const platformOrigin = f.optional('platform') ?? process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:3000';
  const siteUrl = f.optional('site-url') ?? `http://localhost:${process.env.DEMO_PORT ?? '3001'}`;
  const blogDir = f.optional('blog-dir') ?? process.env.DEMO_BLOG_DIR ?? '.state/demo-blog';
  const pollSeconds = Number(f.optional('poll-seconds') ?? '600');
  f.done();
  if (!Number.isInteger(pollSeconds) || pollSeconds < 1) throw new UsageError('--poll-seconds is a whole number of seconds');
  if (!URL.canParse(siteUrl)) throw new UsageError('--site-url is an http(s):// address');
  const module = new ReferenceModule({ platformOrigin, siteToken, blog: new BlogStore(resolve(blogDir)), siteUrl });
  console.log(`site module: pages go to ${resolve(blogDir)}, served at ${new URL(siteUrl).origin}/blog/<slug>`);
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
