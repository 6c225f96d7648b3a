import { Decimal } from 'decimal.js';
import type { Em } from '../../db/em.js';
import type { Operation } from '../../entities/operation.js';
import { postToLedger } from './ledger.js';

/**
 * The charge of a succeeded paid operation: one ledger entry keyed by the operation (the
 * database refuses a second), last in the caller's transaction. Work priced 0 (live builtin
 * work by default: AI_BUILTIN_*_PRICE_RUB) moves no money and writes no entry; its operation's
 * usage says 0. Answers whether money moved (so the wallet's change is announced).
 */
export async function chargeOperation(tx: Em, op: Operation, costRub: string, description: string, now: Date): Promise<boolean> {
  if (new Decimal(costRub).isZero()) return false;
  await postToLedger(tx, { tenantId: op.tenantId, kind: 'charge', amountRub: new Decimal(costRub).negated(), integrationId: op.integrationId, operationId: op.id, description }, now);
  return true;
}
