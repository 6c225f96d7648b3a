import { Resource, unwrap, type Query } from '../resource.js';

/** GET /me, GET /me/status. */
export class Me extends Resource {
  /** The key, its integration, tenant, scopes, limits and wallet. */
  retrieve() {
    return unwrap(this.api.GET('/me'));
  }

  /** This integration's share of the status map: subscriptions, what waits, operations. */
  status() {
    return unwrap(this.api.GET('/me/status'));
  }
}

/** GET /wallet (answers while the exchange is suspended). */
export class Wallet extends Resource {
  retrieve() {
    return unwrap(this.api.GET('/wallet'));
  }
}

/** GET /disclosures: the personal-data disclosure log of this integration. */
export class Disclosures extends Resource {
  list(query: Query<'getDisclosures'> = {}) {
    return this.paged((cursor) => this.api.GET('/disclosures', { params: { query: { ...query, cursor } } }), query.cursor);
  }
}
