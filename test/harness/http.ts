import { expect } from '@jest/globals';
import { expectDocumented } from './conformance.js';
import { expectedProblemStatus, type KnownProblemCode } from './spec-problems.js';

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  key?: string | null;
  body?: unknown;
  /** Sent as is (no JSON encoding), with the given Content-Type. */
  raw?: { text: string | Buffer; contentType?: string };
  headers?: Record<string, string>;
  /** Skip holding the answer against the OpenAPI document (test/harness/conformance.ts): only for a test of the check itself. */
  unchecked?: boolean;
}

/**
 * One HTTP call to the api; the body is parsed as JSON when the answer is JSON. The answer is
 * held against the api's OpenAPI document (test/harness/conformance.ts): a drift throws.
 */
export async function call<T = any>(base: string, method: string, path: string, o: CallOptions = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...(o.headers ?? {}) };
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  let body: string | Buffer | undefined;
  if (o.raw) {
    body = o.raw.text;
    if (o.raw.contentType) headers['content-type'] = o.raw.contentType;
  } else if (o.body !== undefined) {
    body = JSON.stringify(o.body);
    headers['content-type'] = 'application/json';
  }
  const url = `${base}${path}`;
  const res = await fetch(url, { method, headers, body });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  const answer = { status: res.status, headers: res.headers, text, body: type.includes('json') && text ? JSON.parse(text) : text };
  if (o.unchecked !== true) await expectDocumented({ method, url, sentBody: body !== undefined, status: res.status, contentType: type, text, body: answer.body });
  return answer;
}

/** The first title met per code in this test file: spec 01 Problem, "the same for a given code". */
const titlesSeen = new Map<string, string>();

/**
 * Checks a whole Problem answer: the status the spec gives the code (test/harness/spec-problems.ts,
 * written from spec 01, not read from the catalogue), media type, type link, a title that stays
 * the same for the code, a detail, and request_id equal to the X-Request-Id header.
 */
export function expectProblem(res: Answer, code: KnownProblemCode, extra: Record<string, unknown> = {}): void {
  const status = expectedProblemStatus(code);
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  const title = typeof res.body?.title === 'string' && res.body.title.length > 0 ? res.body.title : undefined;
  expect({ code, title }).toEqual({ code, title: titlesSeen.get(code) ?? expect.any(String) });
  if (title !== undefined && !titlesSeen.has(code)) titlesSeen.set(code, title);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(res.body).toEqual({
    type: expect.stringMatching(new RegExp(`/developers/errors#${code}$`)),
    title,
    status,
    code,
    detail: expect.any(String),
    request_id: requestId,
    ...extra,
  });
  expect(res.body.detail.length).toBeGreaterThan(0);
  expect(res.text).not.toMatch(/\bat .*\.(js|ts):\d+/);
}
