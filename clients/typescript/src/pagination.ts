/** A page of a list route: `{data, next_cursor}`; next_cursor null = the list is exhausted. */
export interface Page<T> {
  data: T[];
  next_cursor: string | null;
}

/**
 * What a list method returns: awaited, the first page; iterated with `for await`, every item of
 * every page, following next_cursor (a request per page, made as the loop gets there).
 *
 *   const page = await client.leads.list({ limit: 10 });          // {data, next_cursor}
 *   for await (const lead of client.leads.list({ status: 'new' })) ...
 */
export class PageList<T, P extends Page<T> = Page<T>> implements PromiseLike<P>, AsyncIterable<T> {
  private first?: Promise<P>;

  constructor(private readonly fetchPage: (cursor: string | undefined) => Promise<P>, private readonly startCursor?: string) {}

  then<A = P, B = never>(onfulfilled?: ((page: P) => A | PromiseLike<A>) | null, onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.firstPage().then(onfulfilled, onrejected);
  }

  /** Every page in turn, from the first. */
  async *pages(): AsyncGenerator<P> {
    let page = await this.firstPage();
    yield page;
    while (page.next_cursor) {
      page = await this.fetchPage(page.next_cursor);
      yield page;
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<T> {
    for await (const page of this.pages()) yield* page.data;
  }

  /**
   * Every item, up to `limit` (required: a list may be long, so say how many you can hold).
   * It stops at `limit` without reading further pages; fewer means the list ended.
   */
  async toArray(o: { limit: number }): Promise<T[]> {
    if (!Number.isInteger(o?.limit) || o.limit < 1) throw new TypeError('toArray({ limit }): limit must be a positive integer');
    const items: T[] = [];
    for await (const item of this) {
      items.push(item);
      if (items.length >= o.limit) break;
    }
    return items;
  }

  private firstPage(): Promise<P> {
    this.first ??= this.fetchPage(this.startCursor);
    return this.first;
  }
}
