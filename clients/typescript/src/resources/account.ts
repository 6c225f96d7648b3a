import { Resource, sent, unwrap, type Query } from '../resource.js';
import type { RequestOptions } from '../request-options.js';

/** GET /me, GET /me/status. */
export class Me extends Resource {
  /** The key, its integration, tenant, scopes, limits and wallet. */
  retrieve(o: RequestOptions = {}) {
    return unwrap(this.api.GET('/me', { ...sent(o) }));
  }

  /** This integration's share of the status map: subscriptions, what waits, operations. */
  status(o: RequestOptions = {}) {
    return unwrap(this.api.GET('/me/status', { ...sent(o) }));
  }
}

/** GET /wallet (answers while the exchange is suspended). */
export class Wallet extends Resource {
  retrieve(o: RequestOptions = {}) {
    return unwrap(this.api.GET('/wallet', { ...sent(o) }));
  }
}

/** GET /disclosures: the personal-data disclosure log of this integration. */
export class Disclosures extends Resource {
  list(query: Query<'getDisclosures'> = {}, o: RequestOptions = {}) {
    return this.paged((cursor) => this.api.GET('/disclosures', { params: { query: { ...query, cursor } }, ...sent(o) }), query.cursor);
  }
}
