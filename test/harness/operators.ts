import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import type { Services } from '../../src/services.js';
import type { OperatorRole } from '../../src/entities/support-operator.js';
import { createOperator } from '../../src/console/operators/accounts.js';
import { startSession } from '../../src/console/operators/sessions.js';
import { totpCode, totpStep } from '../../src/console/operators/totp.js';

/** Support console operators for tests: an account made as bin/ctl makes one, its TOTP codes, a session without a sign-in. */
export interface TestOperator {
  id: string;
  email: string;
  displayName: string;
  role: OperatorRole;
  password: string;
  totpSecret: string;
}

export async function newOperator(s: Services, role: OperatorRole, name = `Dana ${role}`): Promise<TestOperator> {
  const email = `${role}-${randomUUID().slice(0, 8)}@support.test`;
  const { operator, credentials } = await s.orm.em.fork().transactional((em) =>
    createOperator(em, s.config, { email, displayName: name, role, actor: 'test' }, s.clock.now()));
  return { id: operator.id, email, displayName: name, role, password: credentials.password, totpSecret: credentials.totpSecret };
}

/** The operator's authenticator app at `at` (a step later with `ahead`: a code not yet used). */
export const codeOf = (o: TestOperator, at: Date, ahead = 0) => totpCode(o.totpSecret, totpStep(at) + ahead);

/** A live session of the operator: the cookie's value. */
export function sessionOf(s: Services, o: TestOperator): Promise<string> {
  return startSession(s.orm.em.fork(), { operatorId: o.id, method: 'password', address: null }, { idleMs: 30 * 60_000, maxMs: 12 * 3600_000 }, s.clock.now());
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP request to a console, from a loopback address of our choosing (`from`, e.g. 127.0.0.2 for a trusted proxy). */
export function consoleRequest(origin: string, path: string, o: { method?: string; body?: string; headers?: Record<string, string>; from?: string } = {}): Promise<Answer> {
  const url = new URL(path, origin);
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: o.method ?? (o.body === undefined ? 'GET' : 'POST'),
      localAddress: o.from,
      headers: { ...(o.body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }), ...o.headers },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(o.body);
  });
}

/** The session cookie's value a sign-in set, or null. */
export function setSession(a: Answer): string | null {
  const header = ([] as string[]).concat(a.headers['set-cookie'] ?? []).find((c) => c.startsWith('support_session='));
  const value = header?.split(';')[0]!.slice('support_session='.length);
  return value ? value : null;
}
