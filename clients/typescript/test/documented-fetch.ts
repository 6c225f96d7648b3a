import { expectDocumented } from '../../../test/harness/conformance.js';

/**
 * A fetch for SalesChat in the suite's tests: every answer the client gets from the stack is
 * held against the OpenAPI document, as test/harness/http.ts holds the suite's own calls.
 */
export const documentedFetch: typeof globalThis.fetch = async (input, init) => {
  const request = input instanceof Request ? input : new Request(input, init);
  const sentBody = request.body !== null;
  const response = await fetch(request);
  const text = await response.clone().text();
  const contentType = response.headers.get('content-type') ?? '';
  const body = contentType.includes('json') && text ? JSON.parse(text) : text;
  await expectDocumented({ method: request.method, url: request.url, sentBody, status: response.status, contentType, text, body });
  return response;
};
