/**
 * What a customer's message asks, by keywords in Russian, English and Indonesian (the cells'
 * languages): the lead scorer's signals (scoring.ts) and the builtin intent (lead-intent.ts)
 * read the same patterns, so a lead flagged price_asked has the price intent unless a more
 * specific one wins. Stems without word boundaries: JavaScript's \b does not see Cyrillic.
 */

export const PRICE = /(price|cost|how much|discount|цен[аыу]|стоит|стоимост|сколько|скидк|harga|berapa)/i;
export const DELIVERY = /(deliver|shipping|ship to|courier|pick ?up|доставк|доставит|курьер|самовывоз|pengiriman|ongkir)/i;
export const HUMAN = /(operator|human|manager|real person|оператор|менеджер|человек|живой)/i;

/** Wants to buy or order now. */
export const BUY = /(\bbuy|purchas|place an order|\bto order\b|\border (it|this|one|now)\b|checkout|check out|add to (the )?cart|\bi('|’| wi)ll take\b|куп(ить|лю|им)|покупк|заказать|закажу|оформить|оформлю|беру|возьму|\bbeli\b|pesan)/i;

/** Already a customer with a problem: an order that did not come, a return, a defect. */
export const SUPPORT = /(refund|\breturn (it|this|the|an?|my)\b|broken|damaged|defect|does(n't| not) work|not working|complain|warranty|where is my order|my order (has|hasn't|did)|cancel my order|возврат|вернуть|верните|слома|брак|не работает|не пришл|не пришё|не пришел|не доставил|жалоб|гарант|где мой заказ|отмен(ить|ите) заказ|rusak|\bretur\b|garansi|komplain|pesanan saya)/i;

/** Whether it is in stock, in a size or a colour. */
export const AVAILABILITY = /(in stock|availab|do you have|have you got|sizes?\b|в наличии|наличи|остал(ись|ось|ся)|есть размер|размер|stok|tersedia|ukuran|ready stock)/i;
