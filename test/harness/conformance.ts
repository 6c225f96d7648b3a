import { schemaErrors, type Schema } from './json-schema.js';

/**
 * Every answer a test receives through `call` (test/harness/http.ts) is held against the live
 * OpenAPI document of the API that gave it: its status must be documented for the route, its
 * media type named there, and a JSON body must conform to the schema of that status (a Problem
 * to the schema of its code). A drift throws, naming route, status, instance path and keyword.
 * Each document is read once per api (per origin) and its path templates compiled once.
 */

interface Operation {
  template: string;
  pattern: RegExp;
  /** Literal segments: /leads/search is preferred to /leads/{id}. */
  literals: number;
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
  /** The document requires a request body. */
  bodyRequired: boolean;
}

export interface LoadedDocument {
  doc: Schema;
  byMethod: Map<string, Operation[]>;
}

/** The three documents the app serves, by the path prefix of the routes they describe. */
const DOCUMENTS: { prefix: string; document: string; relative: boolean }[] = [
  { prefix: '/api/public/v1/', document: '/api/public/v1/openapi.json', relative: true },
  { prefix: '/api/widget/', document: '/api/widget/openapi.json', relative: false },
  { prefix: '/api/site-module/', document: '/api/site-module/openapi.json', relative: false },
];

const loaded = new Map<string, Promise<LoadedDocument | null>>();

/** The document with its path templates compiled, per method. */
export function compile(doc: Schema): LoadedDocument {
  const byMethod = new Map<string, Operation[]>();
  for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, Schema>>)) {
    const source = template.split('/').map((s) => (/^\{\w+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
    const literals = template.split('/').filter((s) => s && !s.startsWith('{')).length;
    for (const [method, op] of Object.entries(item)) {
      const list = byMethod.get(method.toUpperCase()) ?? [];
      list.push({ template, pattern: new RegExp(`^${source}$`), literals, responses: op.responses ?? {}, bodyRequired: op.requestBody?.required === true });
      byMethod.set(method.toUpperCase(), list);
    }
  }
  for (const list of byMethod.values()) list.sort((a, b) => b.literals - a.literals);
  return { doc, byMethod };
}

/** The document of an origin, read once; null while it cannot be read (the api is down: its answers are not checked then). */
function documentOf(url: string): Promise<LoadedDocument | null> {
  let entry = loaded.get(url);
  if (!entry) {
    entry = fetch(url).then(async (res) => (res.ok ? compile(await res.json() as Schema) : null)).catch(() => null);
    entry.then((d) => { if (!d) loaded.delete(url); }, () => loaded.delete(url));
    loaded.set(url, entry);
  }
  return entry;
}

export interface ReceivedAnswer {
  method: string;
  url: string;
  /** The request carried a body. */
  sentBody: boolean;
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

/** Why the answer does not fit the document; empty when it fits (or no document describes the address). */
export async function documentDrifts(answer: ReceivedAnswer): Promise<string[]> {
  const url = new URL(answer.url);
  const described = DOCUMENTS.find((d) => url.pathname.startsWith(d.prefix));
  if (!described || url.pathname === described.document) return [];
  const loadedDoc = await documentOf(`${url.origin}${described.document}`);
  if (!loadedDoc) return [];
  return answerDrifts(loadedDoc, { ...answer, path: described.relative ? url.pathname.slice(described.prefix.length - 1) : url.pathname });
}

/** Why an answer to `method path` (a path of the document) does not fit it. */
export function answerDrifts({ doc, byMethod }: LoadedDocument, answer: Omit<ReceivedAnswer, 'url'> & { path: string }): string[] {
  const { path } = answer;
  const op = byMethod.get(answer.method.toUpperCase())?.find((o) => o.pattern.test(path));
  const media = answer.contentType.split(';')[0]!.trim().toLowerCase();
  const route = `${answer.method.toUpperCase()} ${op?.template ?? path}`;
  // OPTIONS and HEAD where no operation is documented are HTTP's own answers (Allow), not the API's.
  if (!op && ['OPTIONS', 'HEAD'].includes(answer.method.toUpperCase())) return [];
  if (!op) {
    // No such operation: only a Problem may answer (404 not_found, 405 method_not_allowed).
    if (answer.status < 400) return [`${route}: ${answer.status} answered at an address the document does not have`];
    if (media !== 'application/problem+json') return [`${route}: ${answer.status} is ${media || 'without a body'}, not a Problem`];
    const problem = Object.keys(doc.components.schemas).find((name) => /^(Widget)?Problem$/.test(name));
    return schemaErrors(answer.body, { $ref: `#/components/schemas/${problem}` }, doc).map((e) => `${route} ${answer.status}: ${e}`);
  }
  const drifts: string[] = [];
  if (op.bodyRequired && !answer.sentBody && answer.status < 300) drifts.push(`${route}: ${answer.status} to a request without the body the document requires`);
  const response = op.responses[String(answer.status)];
  if (!response) return [...drifts, `${route}: status ${answer.status} is not documented (documented: ${Object.keys(op.responses).join(', ')})`];
  if (!response.content) return answer.text ? [...drifts, `${route} ${answer.status}: a body (${media}) where the document has none`] : drifts;
  const content = response.content[media];
  if (!content) return [...drifts, `${route} ${answer.status}: media type ${media || 'none'} is not documented (documented: ${Object.keys(response.content).join(', ')})`];
  if (!/json/.test(media) || !content.schema) return drifts;
  return [...drifts, ...schemaErrors(answer.body, content.schema, doc).map((e) => `${route} ${answer.status}: ${e}`)];
}

/** Throws when the answer drifts from its document. */
export async function expectDocumented(answer: ReceivedAnswer): Promise<void> {
  const drifts = await documentDrifts(answer);
  if (drifts.length) throw new Error(`The answer drifts from the OpenAPI document:\n  ${drifts.join('\n  ')}\nbody: ${answer.text.slice(0, 600)}`);
}
