import { randomUUID } from 'node:crypto';
import type { Client } from '@temporalio/client';
import type { Payload } from '@temporalio/common';
import type { Services } from '../../src/services.js';
import { newId } from '../../src/ids.js';
import { SESSION_COOKIE, startSession } from '../../src/support/operators/sessions.js';

/**
 * What the codec endpoint's tests share (test/integration/codec-endpoint.test.ts,
 * test/e2e/codec-endpoint.e2e.test.ts): an operator signed in to the console, and a workflow
 * whose input is customer text as the project's client writes it (sealed by its codec).
 */

export interface SignedInOperator { id: string; email: string; token: string; cookie: string }

/** An operator account with a live session: `token` is the value of the cookie the console's sign-in sets. */
export async function signedInOperator(services: Services, role: 'viewer' | 'operator' | 'admin' = 'viewer'): Promise<SignedInOperator> {
  const em = services.orm.em.fork();
  const id = newId();
  const email = `codec-${id.slice(0, 8)}@support.example`;
  const now = new Date();
  await em.execute(
    `insert into support_operators (id, email, display_name, role, password_hash, totp_secret_sealed, created_at, updated_at)
     values (?, ?, 'Codec Reader', ?, 'unused', 'unused', ?, ?)`,
    [id, email, role, now.toISOString(), now.toISOString()],
    'run',
  );
  const token = await startSession(em, { operatorId: id, method: 'password', address: null }, { idleMs: 3600_000, maxMs: 8 * 3600_000 }, now);
  return { id, email, token, cookie: `${SESSION_COOKIE}=${token}` };
}

export interface SealedWorkflow { workflowId: string; runId: string; stored: Payload }

/** A run (no worker polls its queue: it only has to exist) whose input is `input`; its input payload as the history stores it. */
export async function sealedWorkflow(client: Client, input: unknown): Promise<SealedWorkflow> {
  const workflowId = `codec-endpoint-${randomUUID()}`;
  const handle = await client.workflow.start('codecProbe', { taskQueue: `codec-endpoint-${randomUUID()}`, workflowId, args: [input] });
  const history = await handle.fetchHistory();
  const stored = history.events![0]!.workflowExecutionStartedEventAttributes!.input!.payloads![0]!;
  return { workflowId, runId: handle.firstExecutionRunId, stored };
}
