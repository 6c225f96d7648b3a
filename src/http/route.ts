import type Joi from 'joi';
import type { Context } from 'koa';
import type { Em } from '../db/em.js';
import type { Services } from '../services.js';
import { PII_SCOPES, type Scope } from '../domain/access/scopes.js';
import type { AuthContext } from './authenticate.js';
import type { WalletView } from '../domain/wallet/wallet-reader.js';
import type { MigrationName } from '../../migrations/index.js';
import type { Disclosure } from '../domain/disclosures/disclosure-log.js';
import type { DomainError } from '../errors/domain-error.js';
import type { ErrorCode } from '../errors/catalogue.js';
import type { RateClass } from './rate-limit.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

import type { Release } from '../config.js';
export { RELEASES, type Release } from '../config.js';

export interface ResponseDoc {
  description: string;
  schema?: Joi.Schema;
  headers?: string[];
}

/** What a handler is given: validated input, the caller, and a unit-of-work EntityManager. */
export interface HandlerInput<Q, P, B> {
  query: Q;
  params: P;
  body: B;
  auth: AuthContext;
  wallet: WalletView;
  em: Em;
  services: Services;
  requestId: string;
  /** Records a personal-data disclosure; written in the same transaction as the read. */
  disclose(disclosure: Disclosure): void;
  /**
   * Runs `fn` once the handler's transaction has committed (wake the relay, signal or cancel
   * workflows): never data changes, which belong in the transaction. Not run on an idempotent
   * replay or when the request fails. A failure is logged, not answered.
   */
  afterCommit(fn: () => Promise<unknown>): void;
  ctx: Context;
}

/** What `settle` is given: the request, after its transaction committed. */
export interface SettleInput<Q = unknown, P = unknown> {
  query: Q;
  params: P;
  auth: AuthContext;
  services: Services;
  ctx: Context;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The answer is this error although what the handler wrote commits (spec 02: a topic whose
   * generation cannot start is approved all the same). Never stored for an Idempotency-Key:
   * a retry runs again and meets the state the first one left.
   */
  refusal?: DomainError;
}

/**
 * One route of the public API: its contract (schemas, scope, rate class, idempotency, PII)
 * and its handler. `registerRoutes` turns it into the middleware chain
 * migration gate -> auth -> rate limit -> wallet gate -> scope/PII -> validate ->
 * idempotency + transaction -> handler, and `openapi.ts` into its document entry.
 */
export interface RouteDefinition<Q = unknown, P = unknown, B = unknown> {
  method: Method;
  /** OpenAPI-style path relative to the base path: `/webhooks/{id}`. */
  path: string;
  /** Route family (`account`, `webhooks`, ...): the OpenAPI tag. */
  family: string;
  /** Release label (Available, Beta, Planned): RELEASED_LABELS decides whether it answers. */
  release: Release;
  summary: string;
  description?: string;
  /** Required scope; undefined for GET /me and GET /wallet. */
  scope?: Scope;
  rateClass: RateClass;
  /** false only for GET /me and GET /wallet, which answer while the exchange is suspended. */
  walletGate?: boolean;
  /** Carries personal data: ru transfer conditions, no-store, disclosure log. */
  pii?: boolean;
  /** POST only; default `optional`. */
  idempotency?: 'required' | 'optional';
  /**
   * An optimistic write: the If-Match header carries the ETag of the version read (its handler
   * checks it: missing 428 precondition_required, stale 412 precondition_failed). Listed as a
   * header parameter in the document.
   */
  ifMatch?: 'required';
  /** Writes run in one transaction with their outbox events (default: true for non-GET). */
  transactional?: boolean;
  /**
   * The transaction may admit paid work: a tenant's such transactions take turns in the
   * process (PAID_ADMISSIONS_AT_ONCE), waiting without a database connection (TenantTurns).
   */
  paidAdmission?: boolean;
  /** The newest migration this route's tables need. */
  migration: MigrationName;
  params?: Joi.ObjectSchema;
  query?: Joi.ObjectSchema;
  body?: Joi.ObjectSchema;
  responses: Record<number, ResponseDoc>;
  /** What an idempotent replay answers instead of the first body (e.g. a secret shown once -> null). */
  replayBody?(body: unknown): unknown;
  /**
   * Runs after the transaction committed, on a fresh answer and on an idempotent replay
   * alike: turns the committed answer into the current one (e.g. holds a paid operation's
   * answer for `wait` seconds and re-reads its state). Holds no database connection while
   * it waits.
   */
  settle?(result: HandlerResult, input: SettleInput<Q, P>): Promise<HandlerResult>;
  /** Error codes beyond the common set, for the document. */
  errors?: string[];
  /** The Problem of a code as this route answers it, when it carries members of its own (src/http/schemas/problems.ts). */
  problems?: Partial<Record<ErrorCode, Joi.ObjectSchema>>;
  handler(input: HandlerInput<Q, P, B>): Promise<HandlerResult>;
}

/** Typed at the definition; stored in the route list with its input types erased. */
export function defineRoute<Q = unknown, P = unknown, B = unknown>(route: RouteDefinition<Q, P, B>): RouteDefinition {
  return route as RouteDefinition;
}

/** A route carries personal data when it says so or when its scope is a personal-data scope. */
export function carriesPii(route: RouteDefinition): boolean {
  return route.pii === true || (route.scope !== undefined && PII_SCOPES.includes(route.scope));
}

/** `/webhooks/{id}` -> `/webhooks/:id` for @koa/router. */
export function routerPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
