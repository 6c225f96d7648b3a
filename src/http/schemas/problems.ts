import Joi from 'joi';
import type { ErrorCode } from '../../errors/catalogue.js';
import { FieldErrorSchema, MoneySchema, problemFields } from './common.js';

/**
 * The Problems of the public API, one schema per code that carries members of its own
 * (src/errors/domain-error.ts ErrorExtras): the document answers each status with the schema
 * of every code it may answer there, so an answer never carries a member the document does
 * not name. A code not listed here answers the plain Problem.
 */
const { errors: _errors, ...plain } = problemFields;

/** A Problem of one code: the plain members, the code pinned, and the members it adds. */
export function problemOf(code: ErrorCode, ref: string, members: Joi.PartialSchemaMap = {}): Joi.ObjectSchema {
  return Joi.object({ ...plain, code: Joi.string().valid(code).required(), ...members }).meta({ ref });
}

/** A Problem that carries no member beyond those of RFC 9457 and spec 01 (code, request_id). */
export const PlainProblemSchema = Joi.object(plain).meta({ ref: 'Problem' });

/** validation_failed: every field at fault. */
export const fieldErrors = Joi.array().items(FieldErrorSchema).min(1).required().description('Every field at fault.');

export const PROBLEMS: Partial<Record<ErrorCode, Joi.ObjectSchema>> = {
  validation_failed: problemOf('validation_failed', 'ValidationFailedProblem', { errors: fieldErrors }),
  wrong_cell: problemOf('wrong_cell', 'WrongCellProblem', {
    correct_base_url: Joi.string().uri().required().description('The base URL of the cell the key belongs to.'),
  }),
  // insufficient_funds is the plain Problem: spec 01 gives topup_url to wallet_suspended only (GET /wallet says where to top up).
  wallet_suspended: problemOf('wallet_suspended', 'WalletSuspendedProblem', {
    topup_url: Joi.string().uri().required().description('Where the account tops up. Only this code carries it (spec 01); for insufficient_funds the address is GET /wallet\'s topup_url.'),
    balance: MoneySchema.allow(null).required().description('The balance, null when it cannot be read now.'),
  }),
  precondition_failed: problemOf('precondition_failed', 'PreconditionFailedProblem', {
    current_version: Joi.number().integer().min(1).required().description('The version the resource is at now.'),
    etag: Joi.string().required().description('Its ETag (the quoted version): send it as If-Match after reading the resource again.'),
  }),
};
