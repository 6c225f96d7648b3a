import type { Config } from '../../config.js';
import type { Em } from '../../db/em.js';
import { newId } from '../../ids.js';
import { DomainError } from '../../errors/domain-error.js';
import { SupportOperator, OPERATOR_ROLES, type OperatorRole } from '../../entities/support-operator.js';
import { SecretBox } from '../../domain/webhooks/secret-box.js';
import { recordSupportAction } from '../../domain/support/audit.js';
import { PASSWORD_MIN_LENGTH, hashPassword, newPassword } from './passwords.js';
import { newTotpSecret, otpauthUri } from './totp.js';
import { endSessions } from './sessions.js';

/**
 * Operators' accounts (docs/supporting.md, "Managing operators"): made, disabled and reset by
 * bin/ctl support operator …; each change recorded in support_actions with who made it.
 */
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
const DISPLAY_NAME = /^[\p{L}\p{N}][\p{L}\p{N} ._@'-]{0,63}$/u;

/** TOTP secrets are stored sealed, under a key of their own derived from the stack's secret key. */
export const totpBox = (config: Config) => new SecretBox(`support-console totp\n${config.webhooks.secretKey}`);

/** What a new or reset account's holder is told once: never stored in the clear. */
export interface Credentials {
  password?: string;
  totpSecret?: string;
  otpauthUri?: string;
}

export async function findOperator(em: Em, email: string): Promise<SupportOperator | null> {
  const [row] = await em.execute<{ id: string }[]>('select id from support_operators where lower(email) = lower(?)', [email.trim()]);
  return row ? em.findOneOrFail(SupportOperator, { id: row.id }) : null;
}

async function operatorOrFail(em: Em, email: string): Promise<SupportOperator> {
  const operator = await findOperator(em, email);
  if (!operator) throw new DomainError('not_found', `No operator ${email}.`);
  return operator;
}

function checkedPassword(password: string | undefined): string {
  const chosen = password ?? newPassword();
  if (chosen.length < PASSWORD_MIN_LENGTH) throw new DomainError('validation_failed', `A password has at least ${PASSWORD_MIN_LENGTH} characters.`);
  return chosen;
}

export async function createOperator(
  em: Em, config: Config, o: { email: string; displayName: string; role: OperatorRole; password?: string; actor: string }, now: Date,
): Promise<{ operator: SupportOperator; credentials: Required<Credentials> }> {
  const email = o.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new DomainError('validation_failed', 'The e-mail reads like dana@example.com.');
  if (!DISPLAY_NAME.test(o.displayName)) throw new DomainError('validation_failed', 'A display name is letters, digits, spaces and . _ @ \' - (64 at most).');
  if (!(OPERATOR_ROLES as readonly string[]).includes(o.role)) throw new DomainError('validation_failed', `The role is one of ${OPERATOR_ROLES.join(', ')}.`);
  if (await findOperator(em, email)) throw new DomainError('invalid_state', `An operator ${email} exists already.`);
  const password = checkedPassword(o.password);
  const totpSecret = newTotpSecret();
  const operator = em.create(SupportOperator, {
    id: newId(), email, displayName: o.displayName, role: o.role, passwordHash: await hashPassword(password),
    totpSecretSealed: totpBox(config).seal(totpSecret), totpLastStep: null, disabled: false, createdAt: now, updatedAt: now,
  });
  await em.flush();
  await recordSupportAction(em, { operator: o.actor, action: 'operator.create', targetId: email, tenantId: null, detail: { role: o.role } }, now);
  return { operator, credentials: { password, totpSecret, otpauthUri: otpauthUri(totpSecret, email) } };
}

export async function listOperators(em: Em): Promise<SupportOperator[]> {
  return em.find(SupportOperator, {}, { orderBy: { email: 'asc' } });
}

/** Disabling ends every session of the operator at once; enabling lets them sign in again. */
export async function setOperatorDisabled(em: Em, email: string, disabled: boolean, actor: string, now: Date): Promise<SupportOperator> {
  const operator = await operatorOrFail(em, email);
  operator.disabled = disabled;
  operator.updatedAt = now;
  await em.flush();
  const ended = disabled ? await endSessions(em, { operatorId: operator.id }, actor, now) : 0;
  await recordSupportAction(em, { operator: actor, action: disabled ? 'operator.disable' : 'operator.enable', targetId: operator.email, tenantId: null, detail: { sessions_ended: ended } }, now);
  return operator;
}

/** A new password (given, or made and returned once); every session of the operator ends. */
export async function resetPassword(em: Em, email: string, password: string | undefined, actor: string, now: Date): Promise<Credentials> {
  const operator = await operatorOrFail(em, email);
  const chosen = checkedPassword(password);
  operator.passwordHash = await hashPassword(chosen);
  operator.updatedAt = now;
  await em.flush();
  const ended = await endSessions(em, { operatorId: operator.id }, actor, now);
  await recordSupportAction(em, { operator: actor, action: 'operator.reset-password', targetId: operator.email, tenantId: null, detail: { sessions_ended: ended } }, now);
  return password === undefined ? { password: chosen } : {};
}

/** A new TOTP secret, returned once (a lost phone); every session of the operator ends. */
export async function resetTotp(em: Em, config: Config, email: string, actor: string, now: Date): Promise<Credentials> {
  const operator = await operatorOrFail(em, email);
  const totpSecret = newTotpSecret();
  operator.totpSecretSealed = totpBox(config).seal(totpSecret);
  operator.totpLastStep = null;
  operator.updatedAt = now;
  await em.flush();
  const ended = await endSessions(em, { operatorId: operator.id }, actor, now);
  await recordSupportAction(em, { operator: actor, action: 'operator.reset-totp', targetId: operator.email, tenantId: null, detail: { sessions_ended: ended } }, now);
  return { totpSecret, otpauthUri: otpauthUri(totpSecret, operator.email) };
}
