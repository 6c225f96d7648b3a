import { Decimal } from 'decimal.js';
import { LockMode } from '@mikro-orm/core';
import type { Em } from '../../db/em.js';
import type { Services } from '../../services.js';
import type { WalletView } from '../wallet/wallet-reader.js';
import { Operation } from '../../entities/operation.js';
import { Article, ARTICLE_LOCALES } from '../../entities/article.js';
import { StrategistTopic } from '../../entities/strategist.js';
import { domainError } from '../../errors/domain-error.js';
import { newId } from '../../ids.js';
import { createOperation, finishOperation, isFinished, type Outcome } from '../operations/operations.js';
import { admitPaidOperation, type PaidRateCounter, type Payer } from '../operations/paid-admission.js';
import { changeLockedOperation } from '../operations/locked-operation.js';
import { chargeOperation } from '../wallet/operation-charge.js';
import { announceWalletChange } from '../wallet/wallet-cache.js';
import { cellMoney } from '../wallet/fx.js';
import type { Money } from '../wallet/money.js';
import { maxCostRub } from '../operations/max-cost.js';
import { recordEvent } from '../events/outbox.js';
import { EVENTS } from '../events/catalogue.js';
import { loadAiCatalogue } from '../cards/catalogue.js';
import { findEditorialProfile } from './editorial-profile.js';
import { countWords, sanitizeArticleHtml } from './article-html.js';
import { builtinArticleGenerator, slugOf, type ArticleGenerator, type GeneratedArticle, type GenerationBrief } from './article-generator.js';
import { OpenAiArticleGenerator } from './openai-article-generator.js';
import type { AiSettings } from '../../config/ai.js';
import { aiSettingsFor } from '../ai-seller/index.js';
import { operationInSandbox } from '../sandbox/shadows.js';

/** The generator AI_PROVIDER names: builtin (offline) or openai (Chat Completions). */
export function articleGeneratorOf(ai: AiSettings): ArticleGenerator {
  return ai.provider === 'openai' ? new OpenAiArticleGenerator(ai) : builtinArticleGenerator(ai.builtinArticlePriceRub);
}

/** What POST /articles/generation-jobs takes. */
export interface GenerationRequest {
  keyword: string;
  title?: string;
  locale?: 'ru' | 'en' | 'id';
  topic_id?: string;
  /** Lowers the operation's cost ceiling, in the cell currency, not above the cost cap (maxCostRub). */
  max_cost?: Money;
}

/** The operation's input: the request and the article's id, chosen up front so a retried write finds it. */
export interface GenerationInput {
  keyword: string;
  title: string | null;
  locale: 'ru' | 'en' | 'id' | null;
  topic_id: string | null;
  article_id: string;
}

export interface GenerationAdmission {
  payer: Payer;
  wallet: WalletView;
  services: Services;
  rates: PaidRateCounter;
}

/**
 * Admits an article generation (spec 02, a paid operation on the AI reply's pattern): a
 * max_cost outside its rule is 422 (maxCostRub); 409 editorial_profile_required without a
 * profile; the paid checks (402 insufficient_funds, spend_limit_reached; max_cost may lower
 * the ceiling, and a max_cost below the cheapest outcome is spend_limit_reached); then the
 * queued operation `article.generation` with resource {type: generation_job, id: the operation's id}.
 */
export async function requestGeneration(em: Em, r: GenerationAdmission, body: GenerationRequest): Promise<Operation> {
  const tenantId = r.payer.tenantId;
  const { config } = r.services;
  const maxRub = body.max_cost === undefined ? null : await maxCostRub(em, tenantId, body.max_cost, config);
  if (!await findEditorialProfile(em, tenantId)) {
    throw domainError('editorial_profile_required', 'Set the editorial profile (PUT /editorial-profile, at least the niche) before generating articles.');
  }
  const bounds = articleGeneratorOf(aiSettingsFor(config.ai, r.payer.livemode)).costBounds();
  if (maxRub !== null && maxRub.lessThan(bounds.minRub)) {
    const least = (await cellMoney(em, config.cell))(bounds.minRub);
    throw domainError('spend_limit_reached', `max_cost ${body.max_cost!.amount} ${body.max_cost!.currency} is below the least this generation costs (${least.amount} ${least.currency}).`);
  }
  const admission = await admitPaidOperation(em, { ...r, costBounds: bounds });
  if (!admission.admitted) throw admission.error;
  const ceiling = maxRub === null ? admission.costCeilingRub : Decimal.min(admission.costCeilingRub, maxRub).toFixed(2);
  const input: GenerationInput = {
    keyword: body.keyword, title: body.title ?? null, locale: body.locale ?? null, topic_id: body.topic_id ?? null, article_id: newId(),
  };
  const operation = createOperation(em, {
    tenantId, integrationId: r.payer.integrationId, type: 'article.generation', input: { ...input }, resource: null, costCeilingRub: ceiling,
  }, r.services.clock.now());
  operation.resourceType = 'generation_job';
  operation.resourceId = operation.id;
  await em.flush();
  return operation;
}

type WriterServices = Pick<Services, 'orm' | 'redis' | 'clock' | 'config'>;

type ArticleLocale = (typeof ARTICLE_LOCALES)[number];
const articleLocaleOf = (locale: string | null | undefined): ArticleLocale | null =>
  (ARTICLE_LOCALES as readonly string[]).includes(locale ?? '') ? locale as ArticleLocale : null;

/**
 * The language a generated article is written in, and so its `locale`: the request's, else the
 * editorial profile's, else the cell's language (en when the cell's is none of ru, en, id).
 */
export function generationLocale(requested: string | null, profileLocale: string | null | undefined, cell: string): ArticleLocale {
  return articleLocaleOf(requested) ?? articleLocaleOf(profileLocale) ?? articleLocaleOf(cell) ?? 'en';
}

/** The brief of a generation: the profile, the request (in generationLocale) and the catalogue. */
export async function generationBrief(s: WriterServices, operationId: string): Promise<GenerationBrief> {
  const em = s.orm.em.fork();
  const op = await em.findOneOrFail(Operation, { id: operationId });
  const input = op.input as unknown as GenerationInput;
  const profile = await findEditorialProfile(em, op.tenantId);
  return {
    keyword: input.keyword, title: input.title,
    locale: generationLocale(input.locale, profile?.locale, s.config.cell),
    profile: { niche: profile?.niche ?? '', audience: profile?.audience ?? null, tone: profile?.tone ?? null, avoid: profile?.avoid ?? null },
    products: await loadAiCatalogue(em, op.tenantId, s.config.cell),
  };
}

/** The article of AI_PROVIDER's generator; a provider that cannot answer throws UpstreamUnavailable. */
export async function composeArticle(s: WriterServices, operationId: string, signal?: AbortSignal): Promise<GeneratedArticle> {
  const livemode = !await operationInSandbox(s.orm.em.fork(), operationId);
  return articleGeneratorOf(aiSettingsFor(s.config.ai, livemode)).write(await generationBrief(s, operationId), signal);
}

/** A slug free in the account: the generated one, else with -2, -3, ... */
async function freeSlug(em: Em, tenantId: string, slug: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? slug : `${slug.slice(0, 190)}-${n}`;
    if (!await em.count(Article, { tenantId, slug: candidate })) return candidate;
  }
}

/**
 * A strategist topic that approve-with-generate moved to generating follows its generation in
 * the same transaction: generated with the draft's id, or back to approved when it ended
 * without one. A topic in any other state (or a plain job naming a topic_id) is left alone.
 */
async function settleTopic(tx: Em, tenantId: string, topicId: string | null, change: { status: 'generated' | 'approved'; generatedArticleId?: string }, now: Date): Promise<void> {
  if (!topicId || !/^[0-9a-f-]{36}$/i.test(topicId)) return;
  const topic = await tx.findOne(StrategistTopic, { tenantId, id: topicId, status: 'generating' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  if (!topic) return;
  topic.status = change.status;
  if (change.generatedArticleId) topic.generatedArticleId = change.generatedArticleId;
  topic.updatedAt = now;
}

/**
 * A generation that ended without an article (failed, or canceled: by its workflow, or at once
 * by POST /operations/{id}/cancel) hands its strategist topic back: generating -> approved, in
 * the transaction that ends the operation.
 */
export async function returnGenerationTopic(tx: Em, op: Operation, now: Date): Promise<void> {
  if (op.type !== 'article.generation') return;
  await settleTopic(tx, op.tenantId, (op.input as unknown as GenerationInput).topic_id, { status: 'approved' }, now);
}

/**
 * The result, in one transaction: the draft article (its id chosen at admission, so a write
 * retried after a worker died finds it and writes nothing twice), article.ready (to the
 * tenant's integrations), the operation succeeded with its usage and operation.completed (to the orderer), and the charge (keyed by the operation in
 * the ledger). An operation canceled meanwhile is left alone.
 */
export async function writeGeneratedArticle(s: WriterServices, operationId: string, generated: GeneratedArticle): Promise<boolean> {
  let chargedTenant: string | null = null;
  const written = await changeLockedOperation(s, operationId, async (tx, op) => {
    if (isFinished(op.status)) return false;
    const now = s.clock.now();
    const input = op.input as unknown as GenerationInput;
    const html = sanitizeArticleHtml(generated.html);
    // The language the brief was written in (the profile's when the request named none).
    const locale = generationLocale(input.locale, (await findEditorialProfile(tx, op.tenantId))?.locale, s.config.cell);
    tx.create(Article, {
      id: input.article_id, tenantId: op.tenantId, title: generated.title, slug: await freeSlug(tx, op.tenantId, slugOf(generated.slug)),
      status: 'draft', locale, keyword: input.keyword, metaTitle: generated.metaTitle, metaDescription: generated.metaDescription,
      coverImageUrl: null, wordCount: countWords(html), contentHtml: html, createdAt: now, updatedAt: now, publishedAt: null,
    });
    // The tenant's article, for every integration that reads articles (docs/decisions.md, "Who hears of an article").
    recordEvent(tx, { tenantId: op.tenantId, type: 'article.ready', ...EVENTS['article.ready']({ article_id: input.article_id }) }, now);
    await settleTopic(tx, op.tenantId, input.topic_id, { status: 'generated', generatedArticleId: input.article_id }, now);
    const cost = Decimal.min(new Decimal(generated.costRub), new Decimal(op.costCeilingRub)).toFixed(2);
    if (!finishOperation(tx, op, { status: 'succeeded', usage: { costRub: cost, model: generated.model } }, await cellMoney(tx, s.config.cell), now)) return false;
    if (await chargeOperation(tx, op, cost, `Article generation (${generated.model})`, now)) chargedTenant = op.tenantId;
    return true;
  });
  if (chargedTenant) await announceWalletChange(s.redis, chargedTenant);
  return written;
}

/**
 * Ends a generation without a result; a failure also raises article.generation.failed, like
 * article.ready for every integration of the tenant that reads articles (operation.completed
 * stays the orderer's). Nothing is charged.
 */
export async function endGeneration(s: WriterServices, operationId: string, outcome: Exclude<Outcome, { status: 'succeeded' }>): Promise<boolean> {
  return changeLockedOperation(s, operationId, async (tx, op) => {
    const now = s.clock.now();
    if (!finishOperation(tx, op, outcome, await cellMoney(tx, s.config.cell), now)) return false;
    const input = op.input as unknown as GenerationInput;
    await returnGenerationTopic(tx, op, now);
    if (outcome.status === 'failed') {
      recordEvent(tx, {
        tenantId: op.tenantId, type: 'article.generation.failed',
        ...EVENTS['article.generation.failed']({ operation_id: op.id, topic_id: input.topic_id, error: outcome.error }),
      }, now);
    }
    return true;
  });
}

/** A generation job as GET /articles/generation-jobs/{id} shows it; article_id once the draft exists. */
export function generationJobOf(op: Operation) {
  const input = op.input as unknown as GenerationInput;
  return { input, articleId: op.status === 'succeeded' ? input.article_id : null };
}
