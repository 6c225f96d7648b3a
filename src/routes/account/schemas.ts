import Joi from 'joi';
import { MoneySchema } from '../../http/schemas/common.js';
import { WALLET_STATES } from '../../domain/wallet/wallet-state.js';
import { SCOPES } from '../../domain/access/scopes.js';

const walletCore = {
  balance: MoneySchema.allow(null).required().description('Roubles; null = state unknown or tenant not billed.'),
  state: Joi.string().valid(...WALLET_STATES).required(),
  exchange: Joi.string().valid('active', 'suspended').required(),
  topup_url: Joi.string().uri().required(),
};

export const WalletSchema = Joi.object({
  ...walletCore,
  daily_spend: Joi.object({
    limit: MoneySchema.allow(null).required().description('Daily spend limit of the calling integration; null = none set.'),
    used: MoneySchema.required().description('Charged to the calling integration today (UTC).'),
    resets_at: Joi.string().isoDate().required().description('Next UTC midnight, when used starts again from zero.'),
    account: Joi.object({
      limit: MoneySchema.allow(null).required().description('Daily spend limit of the whole account (every integration and the website chat); null = none set.'),
      used: MoneySchema.required().description('Charged to the account today (UTC).'),
    }).required(),
  }).required(),
  operation_cost_cap: MoneySchema.allow(null).required().description('The most one paid operation of the account may cost; null = none.'),
}).meta({ ref: 'Wallet' });

export const MeSchema = Joi.object({
  tenant: Joi.object({ id: Joi.string().required(), name: Joi.string().required() }).required(),
  cell: Joi.string().valid('ru', 'en', 'id').required(),
  base_url: Joi.string().uri().required(),
  integration: Joi.object({ id: Joi.string().required(), name: Joi.string().required() }).required(),
  channel_id: Joi.string().allow(null).required(),
  key: Joi.object({
    key_id: Joi.string().required(),
    mode: Joi.string().valid('live', 'test').required(),
    scopes: Joi.array().items(Joi.string().valid(...SCOPES)).required()
      .description("The key's effective scopes: the integration's scopes that its owner's current permissions and the tenant's plan also allow "
        + '(a scope of a module the plan lacks is left out). A route whose scope (x-required-scope) is not here answers 403 scope_missing; '
        + 'on the ru cell the personal-data scopes are left out while a transfer condition is missing, and their routes answer 403 pii_transfer_not_allowed.'),
    expires_at: Joi.string().isoDate().required(),
    ip_allowlist: Joi.array().items(Joi.string()).allow(null).required()
      .description("The addresses and CIDR networks this key is accepted from: the key's own allowlist and its integration's both apply, "
        + 'so this is where they overlap (an address must be in each list that is set). null = any address; elsewhere 403 ip_not_allowed.'),
    ip_allowlist_sources: Joi.object({
      key: Joi.array().items(Joi.string()).allow(null).required().description("The key's own allowlist; null = none."),
      integration: Joi.array().items(Joi.string()).allow(null).required().description("The integration's allowlist, which applies to every key of it; null = none."),
    }).required().description('The two lists ip_allowlist is made of.'),
  }).required(),
  limits: Joi.object({
    read_per_min: Joi.number().integer().required(),
    write_per_min: Joi.number().integer().required(),
    paid_per_min: Joi.number().integer().required(),
    paid_concurrency: Joi.number().integer().required(),
  }).required(),
  wallet: Joi.object({
    ...walletCore,
    daily_spend: Joi.object({ limit: MoneySchema.allow(null).required(), used: MoneySchema.required() }).required(),
  }).required(),
  crm_mode: Joi.string().required(),
}).meta({ ref: 'Me' });
