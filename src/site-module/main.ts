import { resolve } from 'node:path';
import { ReferenceModule } from './reference-module.js';
import { BlogStore } from './blog-store.js';
import { parseArgs, Flags, UsageError } from '../cli/args.js';

/**
 * SITE_TOKEN=st_... bin/site-module [--platform URL] [--site-url URL] [--blog-dir DIR] [--poll-seconds 600]
 * The reference site module: writes articles into the demo shop's blog (the directory bin/up's
 * demo site serves at <site-url>/blog/<slug>), beats hourly, polls every --poll-seconds (and at
 * once when a heartbeat announces jobs). The site token comes from the environment (SITE_TOKEN),
 * never from the command line, where `ps` shows it to every user of the machine. It starts
 * with a heartbeat and prints the site id the token names (a refused token ends it, exit 1);
 * SIGTERM or Ctrl-C stops it (exit 0). Defaults: the platform at PUBLIC_ORIGIN, the demo site
 * at http://localhost:<DEMO_PORT>, its blog in DEMO_BLOG_DIR (bin/site-module sets both as bin/up does).
 */
async function main(): Promise<void> {
  const { flags } = parseArgs(process.argv.slice(2));
  if (flags['site-token'] !== undefined) {
    throw new UsageError('bin/site-module takes its token from SITE_TOKEN, not from --site-token (the command line shows in ps): SITE_TOKEN=st_... bin/site-module');
  }
  const f = new Flags(flags);
  const siteToken = process.env.SITE_TOKEN ?? '';
  const platformOrigin = f.optional('platform') ?? process.env.PUBLIC_ORIGIN ?? 'http://127.0.0.1:3000';
  const siteUrl = f.optional('site-url') ?? `http://localhost:${process.env.DEMO_PORT ?? '3001'}`;
  const blogDir = f.optional('blog-dir') ?? process.env.DEMO_BLOG_DIR ?? '.state/demo-blog';
  const pollSeconds = Number(f.optional('poll-seconds') ?? '600');
  f.done();
  if (!siteToken) throw new UsageError('SITE_TOKEN is not set: put the token bin/ctl site bind printed in it (SITE_TOKEN=st_... bin/site-module)');
  if (!Number.isInteger(pollSeconds) || pollSeconds < 1) throw new UsageError('--poll-seconds is a whole number of seconds');
  if (!URL.canParse(siteUrl)) throw new UsageError('--site-url is an http(s):// address');
  const module = new ReferenceModule({ platformOrigin, siteToken, blog: new BlogStore(resolve(blogDir)), siteUrl });
  // Stopping waits for the poll or beat under way (a page half written is never left), then exits 0.
  let working: Promise<unknown> = Promise.resolve();
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void working.finally(() => {
      console.log('site module: stopped');
      process.exit(0);
    });
  };
  // on, not once: a second signal while stopping must not end it mid-page.
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const pending = await module.heartbeat().catch((err: Error) => {
    throw new Error(`the platform at ${platformOrigin} refused the first heartbeat (${err.message}): is SITE_TOKEN the token bin/ctl site bind printed?`);
  });
  console.log(`site module: site ${module.siteId}; pages go to ${resolve(blogDir)}, served at ${new URL(siteUrl).origin}/blog/<slug>; ${pending} job(s) waiting`);
  const poll = async () => {
    const reported = await module.pollOnce().catch((err: Error) => (console.error(`poll failed: ${err.message}`), 0));
    if (reported) console.log(`reported ${reported} job(s)`);
  };
  const beat = async () => {
    const waiting = await module.heartbeat().catch((err: Error) => (console.error(`heartbeat failed: ${err.message}`), 0));
    if (waiting) await poll();
  };
  /** One piece of work at a time: a beat or a poll starts once the one before has ended. */
  const run = (work: () => Promise<void>) => {
    if (!stopping) working = working.then(work);
  };
  run(poll);
  setInterval(() => run(beat), 3600_000);
  setInterval(() => run(poll), pollSeconds * 1000);
}

main().catch((err: Error) => {
  console.error(err.message);
  process.exit(err instanceof UsageError ? 2 : 1);
});
