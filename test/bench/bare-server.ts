import http from 'node:http';
import { loadConfig } from '../../src/config.js';
import { initORM } from '../../src/db/orm.js';
import { apiKeyMatches, parseApiKey } from '../../src/domain/access/api-key-format.js';

/**
 * The baseline of the GET /me benchmark: a bare node:http server that, per request, parses
 * the Bearer key and runs the api_keys lookup the Authenticator runs, on the same kind of
 * pool (MikroORM's, opened by the same initORM and config), then answers a small JSON.
 * Started as a child process by me.bench.ts; reads the same environment as the api.
 */

/** The SQL that `em.findOne(ApiKey, { keyId })` emits (MikroORM 7.2; seen with debug: ['query']). */
const KEY_LOOKUP_SQL = 'select "a0".* from "api_keys" as "a0" where "a0"."key_id" = ? limit 1';

interface KeyRow {
  key_id: string;
  secret_hash: string;
  mode: string;
  expires_at: Date;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const orm = await initORM(config);
  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const match = /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '');
    const parsed = match ? parseApiKey(match[1]!) : null;
    if (!parsed) return send(res, 401, { code: 'invalid_api_key' });
    orm.em.fork().execute<KeyRow[]>(KEY_LOOKUP_SQL, [parsed.keyId]).then(
      ([row]) => {
        if (!row || !apiKeyMatches(match![1]!, row.secret_hash, config.secrets.apiKeyPepper)) return send(res, 401, { code: 'invalid_api_key' });
        send(res, 200, { key_id: row.key_id, mode: row.mode, expires_at: row.expires_at });
      },
      (err: Error) => send(res, 500, { code: 'internal', detail: err.message }),
    );
  });
  server.keepAliveTimeout = 65_000;
  server.listen(config.port, config.host);
  process.on('SIGTERM', () => {
    server.close(() => void orm.close(true).then(() => process.exit(0)));
    server.closeAllConnections();
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
