import { expect } from '@jest/globals';
import type pg from 'pg';
import type { TestApi } from '../harness/app.js';
import { call, expectProblem, type Answer } from '../harness/http.js';
import type { ErrorCode } from '../../src/http/problem.js';
import { runCtl } from '../../src/cli/ctl.js';
import { parseSessionToken } from '../../src/widget/session-tokens.js';

/**
 * Shared by the widget-*.test.ts files of the visitor chat routes (not the stream's): website
 * channels made through `bin/ctl channel create`, the routes as the chat frame calls them,
 * and the shapes they answer.
 */

export const CONSENT = { text: 'I agree to the processing of my personal data.', url: 'https://shop.example.com/privacy', version: 'v1' };

export const consentFlags = (c: { text: string; url: string; version: string } = CONSENT): string[] =>
  ['--consent-text', c.text, '--consent-url', c.url, '--consent-version', c.version];

/** A website channel of the tenant, by `bin/ctl channel create ... --json`; returns its id. */
export async function websiteChannel(api: TestApi, tenantId: string, flags: string[] = []): Promise<string> {
  const out = await runCtl(['channel', 'create', '--tenant', tenantId, '--type', 'website', ...flags, '--json'], api.services);
  return out.id as string;
}

export const TOKEN = expect.stringMatching(/^wst_[0-9a-f]{32}_[0-9A-Za-z]{32}$/);
export const ISO_TIME = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

export const init = (api: TestApi, body: unknown, headers: Record<string, string> = {}): Promise<Answer> =>
  call(api.origin, 'POST', '/api/widget/init', { body, headers });

export interface SendBody {
  channel_id: string;
  content: string;
  session_token?: string | null;
  page_url?: string;
  page_title?: string;
  consent_version?: string;
}

export const send = (api: TestApi, body: SendBody | Record<string, unknown>, headers: Record<string, string> = {}, query = ''): Promise<Answer> =>
  call(api.origin, 'POST', `/api/widget/messages${query}`, { body, headers });

export const history = (api: TestApi, st: string): Promise<Answer> =>
  call(api.origin, 'GET', `/api/widget/history?st=${encodeURIComponent(st)}`);

export const poll = (api: TestApi, st: string, after: string): Promise<Answer> =>
  call(api.origin, 'GET', `/api/widget/poll?st=${encodeURIComponent(st)}&after=${encodeURIComponent(after)}`);

/** A whole widget Problem: the API's Problem plus `error` equal to its code. */
export function expectWidgetProblem(res: Answer, code: ErrorCode, extra: Record<string, unknown> = {}): void {
  expectProblem(res, code, { error: code, ...extra });
  expect(res.headers.get('access-control-allow-origin')).toBeNull();
}

/** A WidgetMessage as presenters.ts shapes it. */
export function widgetMessage(o: { sender: string; content: string | null; id?: unknown; cards?: unknown[]; attachments?: unknown[]; operator?: string }): Record<string, unknown> {
  return {
    id: o.id ?? expect.stringMatching(/^[0-9a-f-]{36}$/),
    sender: o.sender,
    content: o.content,
    created_at: ISO_TIME,
    ...(o.operator ? { operator: { name: o.operator } } : {}),
    attachments: o.attachments ?? [],
    cards: o.cards ?? [],
  };
}

/** The session row behind a token. */
export async function sessionOf(db: pg.Client, token: string): Promise<any> {
  const id = parseSessionToken(token)!.sessionId;
  return (await db.query('select * from widget_sessions where id = $1', [id])).rows[0];
}

/** The conversation row behind a token. */
export async function conversationOf(db: pg.Client, token: string): Promise<any> {
  const session = await sessionOf(db, token);
  return (await db.query('select * from conversations where id = $1', [session.conversation_id])).rows[0];
}

export const uniqueText = (prefix: string): string => `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
