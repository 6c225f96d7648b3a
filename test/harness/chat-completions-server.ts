import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as it arrived. */
export interface ChatRequestRecord {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body (the raw text when it is not JSON). */
  body: any;
}

/**
 * How the server answers one call. Combine freely: `{delayMs: 500, reply: 'x'}` answers late;
 * `{hold: true}` waits for release(); `{status, retryAfter?, body?}` answers an error (or, with
 * status 200 and a text body, a malformed answer); `{destroy: true}` drops the socket. Without
 * reply, status or destroy the default reply is sent: streamed as server-sent chunks when the
 * request asks `stream: true` (as OpenAI, vLLM, llama.cpp and Ollama do), one JSON completion
 * otherwise or with `plain: true` (an endpoint that ignores `stream`).
 */
export interface ChatStep {
  reply?: string;
  /** null: a completion without usage. */
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  /** The model the answer names (default: the requested one). */
  model?: string;
  status?: number;
  retryAfter?: number;
  /** Error or raw body: an object is sent as JSON, a string as it is. */
  body?: unknown;
  delayMs?: number;
  hold?: boolean;
  destroy?: boolean;
  /** Answer one JSON completion even when the request asks to stream. */
  plain?: boolean;
  /** The streamed content pieces (default: the reply a word at a time). */
  pieces?: string[];
  /** Pause before each streamed piece after the first: a slow model. */
  pieceDelayMs?: number;
  /** Drop the connection after this many pieces, mid-stream (no finish, no [DONE]). */
  breakAfter?: number;
  /** Send an error event after this many pieces (as vLLM does when generation fails mid-way). */
  errorAfter?: number;
  /** llama.cpp's own counts on the last chunk (with `usage: null`, its only counts). */
  timings?: { prompt_n: number; cache_n?: number; predicted_n: number };
}

const DEFAULT_USAGE = { prompt_tokens: 120, completion_tokens: 30 };

/** The parts of a streamed request the server reads. */
interface StreamRequest {
  model?: string;
  stream_options?: { include_usage?: boolean };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A real OpenAI-compatible Chat Completions server for the tests: node:http on 127.0.0.1 at a
 * random port, POST /v1/chat/completions. It records every request and answers each by the next
 * scripted step (the default reply when the script is empty).
 */
export class ChatCompletionsServer {
  readonly requests: ChatRequestRecord[] = [];
  private readonly steps: ChatStep[] = [];
  private held: (() => void)[] = [];
  private arrivals: { count: number; resolve: () => void }[] = [];
  private readonly closing = new AbortController();
  private calls = 0;
  private openStreams = 0;

  private readonly server: Server = createServer((req, res) => void this.handle(req, res));
  private baseUrl = '';
  private fallback: ChatStep = {};

  private constructor(private readonly defaultReply: string) {}

  static async start(defaultReply = 'Hello from the test model.'): Promise<ChatCompletionsServer> {
    const self = new ChatCompletionsServer(defaultReply);
    await new Promise<void>((resolve) => self.server.listen(0, '127.0.0.1', resolve));
    self.baseUrl = `http://127.0.0.1:${(self.server.address() as AddressInfo).port}/v1`;
    return self;
  }

  /** Base URL ending in /v1, as OPENAI_BASE_URL. */
  get url(): string {
    return this.baseUrl;
  }

  /** Appends steps; each call takes the next one. */
  script(...steps: ChatStep[]): this {
    this.steps.push(...steps);
    return this;
  }

  /** The step of every call that finds the script empty (default: the default reply at once). */
  otherwise(step: ChatStep): this {
    this.fallback = step;
    return this;
  }

  /** Resolves once `count` requests in all have arrived (requests.length, so mind a reset of it). */
  arrived(count: number): Promise<void> {
    if (this.requests.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.arrivals.push({ count, resolve }));
  }

  /** Requests held (`hold: true`) and not released yet, answered or abandoned by their client. */
  get holding(): number {
    return this.held.length;
  }

  /** Streamed answers still open (neither finished nor given up by their client). */
  get streaming(): number {
    return this.openStreams;
  }

  /** Lets every held request answer. */
  release(): void {
    const held = this.held;
    this.held = [];
    for (const go of held) go();
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.release();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = parse(await readBody(req));
    this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
    this.arrivals = this.arrivals.filter((a) => (a.count <= this.requests.length ? void a.resolve() : true));
    const step = this.steps.shift() ?? this.fallback;
    const call = ++this.calls;
    if (step.delayMs) await this.pause(step.delayMs);
    if (step.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    if (this.closing.signal.aborted || res.destroyed) return;
    if (step.destroy) {
      req.socket.destroy();
    } else if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      this.send(res, 404, { error: { message: `no route ${req.method} ${req.url}` } });
    } else if (step.status !== undefined || step.body !== undefined) {
      const headers: Record<string, string> = step.retryAfter !== undefined ? { 'retry-after': String(step.retryAfter) } : {};
      this.send(res, step.status ?? 200, step.body ?? { error: { message: `scripted ${step.status}` } }, headers);
    } else if ((body as { stream?: unknown })?.stream === true && !step.plain) {
      await this.stream(req, res, call, step, body as StreamRequest);
    } else {
      this.send(res, 200, this.completion(call, step, (body as { model?: string })?.model));
    }
  }

  /**
   * The answer as `text/event-stream` chunks: a role chunk, one chunk per piece, a finishing
   * chunk (with llama.cpp's `timings` when scripted), then, when the request asked
   * stream_options.include_usage, a last chunk with empty choices and the usage; `data: [DONE]`.
   */
  private async stream(req: IncomingMessage, res: ServerResponse, call: number, step: ChatStep, request: StreamRequest): Promise<void> {
    const usage = step.usage === undefined ? DEFAULT_USAGE : step.usage;
    const head = { id: `chatcmpl-test-${call}`, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: step.model ?? request.model ?? 'test-model' };
    const chunk = (choices: object[], extra: object = {}) => `data: ${JSON.stringify({ ...head, choices, ...extra })}\n\n`;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    this.openStreams++;
    res.once('close', () => this.openStreams--);
    res.write(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]));
    const pieces = step.pieces ?? (step.reply ?? this.defaultReply).match(/\s*\S+\s*/g) ?? [];
    for (const [i, piece] of pieces.entries()) {
      // What was written reaches the client first: the break comes mid-stream, not before the answer.
      if (i === step.breakAfter) return void res.write('', () => req.socket.destroy());
      if (i === step.errorAfter) return void res.end(`data: ${JSON.stringify({ error: { message: 'scripted failure mid-stream', type: 'server_error' } })}\n\n`);
      if (i > 0 && step.pieceDelayMs) await this.pause(step.pieceDelayMs);
      if (this.closing.signal.aborted || res.destroyed) return;
      res.write(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }]));
    }
    res.write(chunk([{ index: 0, delta: {}, finish_reason: 'stop' }], step.timings ? { timings: step.timings } : {}));
    if (usage && request.stream_options?.include_usage) {
      res.write(chunk([], { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }));
    }
    res.end('data: [DONE]\n\n');
  }

  private completion(call: number, step: ChatStep, requestedModel: string | undefined): object {
    const usage = step.usage === undefined ? DEFAULT_USAGE : step.usage;
    return {
      id: `chatcmpl-test-${call}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: step.model ?? requestedModel ?? 'test-model',
      choices: [{ index: 0, message: { role: 'assistant', content: step.reply ?? this.defaultReply }, finish_reason: 'stop' }],
      ...(usage ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } } : {}),
    };
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(text);
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.closing.signal.addEventListener('abort', () => { clearTimeout(timer); resolve(); }, { once: true });
    });
  }
}
