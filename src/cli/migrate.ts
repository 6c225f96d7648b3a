import { loadConfig } from '../config.js';
import { initORM } from '../db/orm.js';
import { ensureDatabase } from '../db/database.js';
import { migrateUp } from '../db/migrations.js';
import { claimForSecrets, refuseOtherSecrets, secretsFingerprint } from '../db/stack-secrets.js';

/**
 * Creates the database when missing and applies pending migrations (forward-only). Outside
 * production, refuses a database another checkout's secrets wrote, before it migrates it
 * (production rotates its secrets through its own deploys; its database is its own).
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (await ensureDatabase(config.databaseUrl)) console.error(`created database ${new URL(config.databaseUrl).pathname.slice(1)}`);
  const orm = await initORM(config);
  const local = config.env !== 'production';
  const fingerprint = secretsFingerprint(process.env);
  try {
    if (local) await refuseOtherSecrets(orm.em.fork(), fingerprint, config.databaseUrl);
    const applied = await migrateUp(orm);
    console.error(applied.length ? `applied ${applied.join(', ')}` : 'migrations: up to date');
    if (local) await claimForSecrets(orm.em.fork(), fingerprint, process.cwd(), config.databaseUrl);
  } finally {
    await orm.close(true);
  }
}

main().catch((err: unknown) => {
  console.error(`migrate: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
