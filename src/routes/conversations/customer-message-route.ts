import Joi from 'joi';
import { defineRoute, type HandlerResult, type SettleInput } from '../../http/route.js';
import { domainError } from '../../errors/domain-error.js';
import { takeCustomerTurn } from '../../domain/ai-reply/customer-turn.js';
import { payerOfApiCaller } from '../../http/authenticate.js';
import { paidRateCounter } from '../../http/rate-limit.js';
import { presentOperation } from '../../domain/operations/operations.js';
import { cellMoney } from '../../domain/wallet/fx.js';
import { settleTurn, type TurnAnswer } from './turn-answer.js';
import { waitLeftMs } from '../../http/wait.js';
import { launchOperation } from '../../domain/operations/operation-starts.js';
import { presentMessage } from './presenters.js';
import { refuseOverlongContent } from '../../domain/conversations/messages.js';
import { requireShowableAttachments } from './attachment-rules.js';
import { CustomerMessageAnswerSchema, CustomerMessageCreateSchema, CustomerMessageUpstreamProblemSchema, WaitQuery } from './ai-reply-schemas.js';
import type { Attachment } from '../../entities/conversation.js';
import { noticeLeadChange } from '../../temporal/lead-scoring.js';

interface Body {
  content: string;
  attachments?: { url: string; name?: string; content_type?: string }[];
}

/**
 * POST /conversations/{id}/messages (spec 02): a customer turn. The message is stored; the AI
 * reply, when the AI answers, is a paid operation (`conversation.ai_reply`, workflow
 * `op:<id>`). `wait` holds the answer on the operation for up to 20 s, after the commit and
 * also on an idempotent replay, so a retry shows the reply once it exists.
 */
export const postCustomerMessage = defineRoute<{ wait: number }, { id: string }, Body>({
  release: 'planned', method: 'POST', path: '/conversations/{id}/messages', family: 'conversations', migration: 'Migration20261124001020LeadScoreSource',
  summary: "A customer's message; the AI reply runs as a paid operation",
  description: [
    'Stores the customer message and, unless the AI does not answer (ai_reply.status skipped, with a reason: ai_not_permitted without the ai_seller:invoke scope, operator_mode, handoff_pending; no operation, no charge), starts a conversation.ai_reply operation.',
    'Answers 202 with the operation while the reply is prepared (or when wait elapsed), 200 with the reply when it is ready within wait. A failed operation answers 200 with ai_reply.status failed and its error, except when the model provider is down: 503 upstream_unavailable (nothing charged).',
    'One Idempotency-Key per customer turn: a retry returns the same message and operation, never a second charge.',
  ].join(' '),
  scope: 'conversations:write',
  rateClass: 'write',
  idempotency: 'required',
  paidAdmission: true,
  params: Joi.object({ id: Joi.string().uuid().required() }),
  query: WaitQuery,
  body: CustomerMessageCreateSchema,
  responses: {
    200: { description: 'Replied within wait, or skipped (no operation, no charge)', schema: CustomerMessageAnswerSchema },
    202: { description: 'Reply being prepared, or wait elapsed', schema: CustomerMessageAnswerSchema },
  },
  errors: ['not_found', 'insufficient_funds', 'spend_limit_reached', 'upstream_unavailable', 'validation_failed', 'payload_too_large', 'idempotency_key_required', 'idempotency_conflict', 'operation_in_progress'],
  problems: { upstream_unavailable: CustomerMessageUpstreamProblemSchema },
  handler: async ({ params, body, auth, wallet, em, services, ctx, afterCommit, disclose }): Promise<HandlerResult> => {
    refuseOverlongContent(body.content);
    const attachments: Attachment[] = (body.attachments ?? []).map((a) => ({ url: a.url, name: a.name ?? null, content_type: a.content_type ?? null }));
    if (!body.content && !attachments.length) throw domainError('validation_failed', 'Send content or an attachment.', { errors: [{ field: '/content', code: 'required', message: 'content is required without an attachment' }] });
    requireShowableAttachments(attachments.map((a) => a.url), { tenantId: auth.tenant.id, cellOrigin: services.config.publicOrigin });
    const turn = await takeCustomerTurn(em, { payer: payerOfApiCaller(auth), wallet, services, rates: paidRateCounter(services, ctx), unpaid: 'refuse' }, params.id, { text: body.content || null, attachments });
    disclose({ resourceType: 'message', resourceIds: [turn.message.id] });
    const { leadId, tenantId } = turn.conversation;
    if (leadId) afterCommit(() => noticeLeadChange(services, { id: leadId, tenantId }));
    const message = presentMessage(turn.message);
    if (!turn.operation) {
      return { status: 200, body: { message, ai_reply: { status: 'skipped', reason: turn.skipped } } satisfies TurnAnswer };
    }
    const op = turn.operation;
    afterCommit(() => launchOperation(services, op));
    const money = await cellMoney(em, services.config.cell);
    return { status: 202, body: { message, ai_reply: { status: 'queued' }, operation: presentOperation(op, money) } satisfies TurnAnswer };
  },
  settle: (result, input: SettleInput<{ wait: number }, { id: string }>) => settleTurn(result, input.services, waitLeftMs(input.ctx, input.query.wait)),
});
