import { createHash } from 'node:crypto';
import type { Em } from './em.js';
import { REQUIRED_SECRETS } from '../config.js';

/** A one-way fingerprint of the secrets every process needs: equal secrets, equal fingerprint; it reveals none of them. */
export function secretsFingerprint(env: NodeJS.ProcessEnv): string {
  const material = REQUIRED_SECRETS.map((name) => `${name}=${env[name] ?? ''}`).join('\n');
  return createHash('sha256').update(`stack-secrets:v1\n${material}`).digest('hex').slice(0, 32);
}

/** The database was first migrated by a stack with other secrets. */
export class OtherSecrets extends Error {}

/**
 * The URL a checkout gives its own database with, in full (user, host, port, options) but for
 * the name and a password, which is its own to type: the refusal goes to logs.
 */
export function ownDatabaseUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const credentials = url.username ? `${url.username}${url.password ? ':<password>' : ''}@` : '';
  return `${url.protocol}//${credentials}${url.host}${url.pathname}_2${url.search}`;
}

/**
 * Refuses a database whose first migration recorded other secrets, naming the checkout that
 * wrote it (docs/decisions.md, "One database, one set of secrets"); reads only, so it runs before
 * any migration. A database not yet recorded (new, or older than the record) passes.
 */
export async function refuseOtherSecrets(em: Em, fingerprint: string, databaseUrl: string): Promise<void> {
  const [owner] = await em.execute<{ fingerprint: string; checkout: string; created_at: Date }[]>(
    'select fingerprint, checkout, created_at from stack_secrets',
  ).catch((err: { code?: string }) => {
    if (err.code === '42P01') return [];
    throw err;
  });
  if (!owner || owner.fingerprint === fingerprint) return;
  const database = new URL(databaseUrl).pathname.slice(1);
  throw new OtherSecrets(
    `the database ${database} was written with other secrets (by the checkout at ${owner.checkout}, since ${new Date(owner.created_at).toISOString()}): `
    + 'its API keys and webhook secrets cannot be read with this .env. Give this checkout a database of its own '
    + `(DATABASE_URL=${ownDatabaseUrl(databaseUrl)} in .env), or drop ${database} to start over.`);
}

/**
 * Records which secrets (and which checkout) write this database, on its first migration; after
 * that, refuses other secrets. Two checkouts on one machine share the default database
 * `sales_api`: the second one's stack would serve the first one's data, whose API keys and
 * sealed webhook secrets its secrets cannot read.
 */
export async function claimForSecrets(em: Em, fingerprint: string, checkout: string, databaseUrl: string): Promise<void> {
  await em.execute(
    `insert into stack_secrets (fingerprint, checkout) values (?, ?) on conflict (singleton) do nothing`, [fingerprint, checkout], 'run');
  await refuseOtherSecrets(em, fingerprint, databaseUrl);
}
