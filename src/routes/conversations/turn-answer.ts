import type { Services } from '../../services.js';
import type { HandlerResult } from '../../http/route.js';
import { domainError } from '../../errors/domain-error.js';
import { turnOutcome } from '../../domain/ai-reply/turn-outcome.js';
import { presentOperation } from '../../domain/operations/operations.js';
import { cellMoney } from '../../domain/wallet/fx.js';

/** The answer of POST /conversations/{id}/messages (spec 02 table). */
export interface TurnAnswer {
  message: Record<string, unknown>;
  ai_reply: { status: 'queued' | 'replied' | 'skipped' | 'failed' | 'canceled'; reason?: string | null };
  reply?: { id: string; content: string | null; cards: unknown[] };
  operation?: Record<string, unknown> & { id?: string };
}

/**
 * After the commit (fresh or replayed): holds for up to `waitMs` on the operation, then
 * answers from its current state, as Google's WaitOperation does: 202 queued while it runs,
 * 200 replied with the reply, 200 failed or canceled, or 503 upstream_unavailable when the
 * model provider was down. A skipped turn has no operation and answers as committed.
 */
export async function settleTurn(result: HandlerResult, services: Services, waitMs: number): Promise<HandlerResult> {
  const committed = result.body as TurnAnswer;
  const operationId = committed.operation?.id;
  if (!operationId) return result;
  const { operation: op, reply } = await turnOutcome(services, operationId, waitMs);
  const operation = presentOperation(op, await cellMoney(services.orm.em.fork(), services.config.cell));
  const headers = result.headers ?? {};
  const answer = (status: number, body: TurnAnswer): HandlerResult => ({ status, headers, body });
  switch (op.status) {
    case 'succeeded':
      return answer(200, { message: committed.message, ai_reply: { status: 'replied' }, reply: { id: reply!.id, content: reply!.content ?? null, cards: reply!.cards }, operation });
    case 'failed':
      if (op.errorCode === 'upstream_unavailable') {
        throw domainError('upstream_unavailable', `The language model is unavailable: ${op.errorMessage ?? 'no answer'}. Nothing was charged; the message is stored.`, { message: committed.message, operation }, { retryAfterSeconds: 30 });
      }
      return answer(200, { message: committed.message, ai_reply: { status: 'failed', reason: op.errorCode }, operation });
    case 'canceled':
      return answer(200, { message: committed.message, ai_reply: { status: 'canceled' }, operation });
    default:
      return answer(202, { message: committed.message, ai_reply: { status: 'queued' }, operation });
  }
}
