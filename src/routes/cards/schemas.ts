import Joi from 'joi';
import { IsoDate, MoneySchema, cursorParam, limitParam, pageOf } from '../../http/schemas/common.js';
import { CARD_CODE, CARD_LIMITS } from '../../domain/cards/card-rules.js';
import { cardShownFields } from '../conversations/schemas.js';

/** Wire shapes of spec 02 "CardButton and Card": validation and the OpenAPI document in one place. */

const CURRENCY_FORM = /^[A-Z]{3}$/;
/** ISO 4217 codes as the runtime's ICU knows them; the form itself is the pattern's to report. */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

const code = Joi.string().pattern(CARD_CODE).description('Unique in the account; lowercase latin letters, digits, _ and -; at most 40. The AI seller writes [CARD:<code>].');
const url = Joi.string().max(CARD_LIMITS.url);
const imageUrl = url.allow(null).description("https:// address or a file of the account's storage: /storage/<tenant id>/<file path> (also under the cell's host).");
const pageUrl = url.allow(null).description("https:// address or a path starting with / (resolved against the account's primary domain).");

const ButtonCreateSchema = Joi.object({
  label: Joi.string().max(CARD_LIMITS.buttonLabel).required(),
  url: url.required().description('https:// address or a path starting with /.'),
}).meta({ ref: 'CardButtonCreate' });

export const PriceSchema = Joi.object({
  amount: Joi.string().pattern(/^\d{1,16}(\.\d{1,2})?$/).required().description('Decimal text, at most two places, never a float.'),
  currency: Joi.string().pattern(CURRENCY_FORM).custom((v: string, h) => (!CURRENCY_FORM.test(v) || CURRENCIES.has(v) ? v : h.error('any.invalid'))).required()
    .description('ISO 4217.'),
}).meta({ ref: 'CardPrice' });

const createFields = {
  name: Joi.string().max(CARD_LIMITS.name),
  description: Joi.string().max(CARD_LIMITS.description).allow(null),
  image_url: imageUrl,
  page_url: pageUrl,
  badge: Joi.string().max(CARD_LIMITS.badge).allow(null),
  price_text: Joi.string().max(CARD_LIMITS.priceText).allow(null).description('Shown as is; null or not set = derived from price.'),
  price: PriceSchema.allow(null).description('The product price; price_text is derived from it when price_text is not set.'),
  buttons: Joi.array().items(ButtonCreateSchema).max(CARD_LIMITS.buttons).description('Up to 3. Empty = one default detail button to page_url.'),
  ai_enabled: Joi.boolean().description("The card enters the AI seller's catalogue (code, name, price)."),
  sort: Joi.number().integer().min(-2147483648).max(2147483647).description('Ascending order in the AI catalogue and the operator picker.'),
  active: Joi.boolean().description('An inactive card cannot be sent.'),
};

export const CardCreateSchema = Joi.object({
  code: code.required(),
  ...createFields,
  name: createFields.name.required(),
}).meta({ ref: 'CardCreate' });

export const CardUpdateSchema = Joi.object({ code, ...createFields })
  .meta({ ref: 'CardUpdate' }).description('Any of the create fields, code included; at least one must be sent.');

export const CardSchema = Joi.object({
  id: Joi.string().uuid().required().description('Product id.'),
  ...cardShownFields,
  price_text: cardShownFields.price_text.description('As set, else derived from price for the cell; null = no price.'),
  price: MoneySchema.allow(null).required(),
  buttons: cardShownFields.buttons.max(CARD_LIMITS.buttons).description('Empty = one default detail button to page_url.'),
  ai_enabled: Joi.boolean().required(),
  sort: Joi.number().integer().required(),
  active: Joi.boolean().required(),
  created_at: IsoDate.required(),
  updated_at: IsoDate.required(),
}).meta({ ref: 'Card' });

export const CardPageSchema = pageOf(CardSchema, 'CardPage');

/** A code that cannot exist finds nothing: 404, like a missing one. */
export const CardParams = Joi.object({ code: Joi.string().pattern(CARD_CODE).required() });

export const CardListQuery = Joi.object({
  limit: limitParam(50),
  cursor: cursorParam(),
  ai_enabled: Joi.boolean().description('Only cards with this ai_enabled.'),
});

export const CardSendSchema = Joi.object({
  code: code.required().description('The card to send; an unknown code is 422 at /code.'),
  content: Joi.string().max(4000).description('Text sent along in the same message.'),
}).meta({ ref: 'CardSend' });
