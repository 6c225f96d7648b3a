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

  /** Every item, up to `max` (default 10,000: a guard against collecting an endless list). */
  async toArray(max = 10_000): Promise<T[]> {
    const items: T[] = [];
    for await (const item of this) {
      if (items.length >= max) break;
      items.push(item);
    }
    return items;
  }

  private firstPage(): Promise<P> {
    this.first ??= this.fetchPage(this.startCursor);
    return this.first;
  }
}
