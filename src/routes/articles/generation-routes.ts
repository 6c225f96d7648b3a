import Joi from 'joi';
import type { Context } from 'koa';
import type { Services } from '../../services.js';
import { defineRoute, type HandlerResult } from '../../http/route.js';
import { IsoDate } from '../../http/schemas/common.js';
import { payerOfApiCaller } from '../../http/authenticate.js';
import { paidRateCounter } from '../../http/rate-limit.js';
import { waitLeftMs } from '../../http/wait.js';
import { ARTICLE_LOCALES } from '../../entities/article.js';
import { Operation, OPERATION_STATUSES } from '../../entities/operation.js';
import { findOwnOperation, presentOperation } from '../../domain/operations/operations.js';
import { launchOperation } from '../../domain/operations/operation-starts.js';
import { holdOnOperation } from '../../domain/ai-reply/turn-outcome.js';
import { cellMoney, type ToCellMoney } from '../../domain/wallet/fx.js';
import { domainError } from '../../errors/domain-error.js';
import { generationJobOf, requestGeneration, type GenerationRequest } from '../../domain/articles/generation.js';
import { OperationEnvelopeSchema, UsageSchema, WaitQuery } from '../conversations/ai-reply-schemas.js';
import { articleFamily } from './family.js';

/** What max_cost does, said the same way on every route that takes it. */
export const MAX_COST_RULE = "Money in the cell currency that lowers this operation's cost cap, never raises it: above the account's cost cap for one operation "
  + 'is 422 validation_failed at /max_cost (the message names the cap); below the least the work costs is 402 spend_limit_reached.';

/** max_cost of every route that orders a generation: a Money object, one rule (maxCostRub). */
export const MaxCostSchema = Joi.object({
  amount: Joi.string().pattern(/^\d{1,16}(\.\d{1,2})?$/, 'decimal text').required().description('Decimal text, at most two places, never a float.'),
  currency: Joi.string().pattern(/^[A-Z]{3}$/, 'ISO 4217 code').required().description('The cell currency (RUB on ru, GBP on en, IDR on id); another is 422 validation_failed at /max_cost/currency.'),
}).description(MAX_COST_RULE).meta({ ref: 'MaxCost' });

const GenerationRequestSchema = Joi.object({
  keyword: Joi.string().max(200).pattern(/\S/, 'non-blank text').required().description('The main search query the article answers.'),
  title: Joi.string().max(300).pattern(/\S/, 'non-blank text'),
  locale: Joi.string().valid(...ARTICLE_LOCALES).description("Default: the editorial profile's locale, else the cell's language."),
  topic_id: Joi.string().max(64).description('A strategist topic the article answers (carried into article.generation.failed).'),
  max_cost: MaxCostSchema,
}).meta({ ref: 'ArticleGenerationRequest' });

const GenerationJobSchema = Joi.object({
  id: Joi.string().uuid().required().description('The job id = its operation id.'),
  status: Joi.string().valid(...OPERATION_STATUSES).required(),
  keyword: Joi.string().required(),
  topic_id: Joi.string().allow(null).required(),
  article_id: Joi.string().uuid().allow(null).required().description('The draft written; null until succeeded.'),
  error: Joi.object({ code: Joi.string().required(), message: Joi.string().required() }).allow(null).required(),
  usage: UsageSchema.allow(null).required(),
  created_at: IsoDate.required(),
  completed_at: IsoDate.allow(null).required(),
}).meta({ ref: 'GenerationJob' });

function presentGenerationJob(op: Operation, money: ToCellMoney) {
  const { input, articleId } = generationJobOf(op);
  const operation = presentOperation(op, money);
  return {
    id: op.id, status: op.status, keyword: input.keyword, topic_id: input.topic_id, article_id: articleId,
    error: operation.error ?? null, usage: operation.usage ?? null, created_at: operation.created_at, completed_at: operation.completed_at ?? null,
  };
}

/** A generation job of this integration (another's, or an operation of another type: 404). */
async function findGenerationJob(em: Parameters<typeof findOwnOperation>[0], integrationId: string, id: string): Promise<Operation> {
  const op = /^[0-9a-f-]{36}$/i.test(id) ? await findOwnOperation(em, integrationId, id) : null;
  if (!op || op.type !== 'article.generation') throw domainError('not_found', 'No such generation job.');
  return op;
}

/** After commit: holds the answer up to `wait` seconds; 200 when the generation finished meanwhile, else 202. */
export async function settleGeneration(result: HandlerResult, { query, services, ctx }: { query: { wait: number }; services: Services; ctx: Context }): Promise<HandlerResult> {
  const id = (result.body as { operation: { id: string } }).operation.id;
  await holdOnOperation(services, id, waitLeftMs(ctx, query.wait));
  const em = services.orm.em.fork();
  const op = await em.findOneOrFail(Operation, { id });
  const operation = presentOperation(op, await cellMoney(em, services.config.cell));
  return { status: op.status === 'queued' || op.status === 'running' ? 202 : 200, headers: result.headers, body: { operation } };
}

/** The answers of a route that starts an operation and holds on it up to `wait` (settleGeneration). */
export const STARTED_OPERATION_RESPONSES = {
  200: { description: 'Finished within wait', schema: OperationEnvelopeSchema },
  202: { description: 'Queued or running', schema: OperationEnvelopeSchema },
} as const;

/** A new operation's answer, 202 with its envelope; its workflow is launched after the commit. */
export async function startedOperation(em: Parameters<typeof cellMoney>[0], services: Services, op: Operation, afterCommit: (fn: () => Promise<unknown>) => void): Promise<HandlerResult> {
  afterCommit(() => launchOperation(services, op));
  return { status: 202, body: { operation: presentOperation(op, await cellMoney(em, services.config.cell)) } };
}

export const createGenerationJobRoute = defineRoute<{ wait: number }, unknown, GenerationRequest>({
  ...articleFamily, release: 'planned', method: 'POST', path: '/articles/generation-jobs', scope: 'articles:generate', rateClass: 'paid', idempotency: 'required',
  summary: 'Generate a draft article (a paid operation)',
  description: '409 editorial_profile_required without an editorial profile; 402 insufficient_funds or spend_limit_reached as for AI replies '
    + '(max_cost, in the cell currency, may lower the cap, never raise it: above it is 422). 202 OperationEnvelope (type article.generation, resource {type: generation_job, id}), '
    + 'or 200 when it finished within wait (0..20 s). The workflow writes a draft article, charges once and raises article.ready and '
    + 'operation.completed; a failure raises article.generation.failed and charges nothing. POST /operations/{id}/cancel cancels it.',
  query: WaitQuery,
  body: GenerationRequestSchema,
  responses: STARTED_OPERATION_RESPONSES,
  errors: ['editorial_profile_required', 'insufficient_funds', 'spend_limit_reached', 'idempotency_key_required', 'validation_failed'],
  handler: async ({ body, auth, wallet, em, services, ctx, afterCommit }): Promise<HandlerResult> => {
    const op = await requestGeneration(em, { payer: payerOfApiCaller(auth), wallet, services, rates: paidRateCounter(services, ctx) }, body);
    return startedOperation(em, services, op, afterCommit);
  },
  settle: settleGeneration,
});

export const getGenerationJobRoute = defineRoute<unknown, { id: string }>({
  ...articleFamily, release: 'planned', method: 'GET', path: '/articles/generation-jobs/{id}', scope: 'articles:generate', rateClass: 'read',
  summary: 'A generation job: status, article_id, error, usage',
  description: 'Visible to the integration that started it; any other id is 404.',
  params: Joi.object({ id: Joi.string().max(64).required() }),
  responses: { 200: { description: 'GenerationJob', schema: GenerationJobSchema } },
  errors: ['not_found'],
  handler: async ({ params, auth, em, services }) =>
    ({ status: 200, body: presentGenerationJob(await findGenerationJob(em, auth.integration.id, params.id), await cellMoney(em, services.config.cell)) }),
});
