import http from 'node:http';
import { API_BASE_PATH } from '../../src/config.js';

/** A keep-alive client of the public API for the benchmarks (ai-reply, cluster-faults), and the builtin seller's catalogue they load. */

/** The builtin seller's catalogue: each question below matches one of these cards. */
export const CARDS = [
  { code: 'laptop-aurora-14', name: 'Ноутбук Aurora 14', description: 'Лёгкий ноутбук для работы и учёбы', amount: '64990' },
  { code: 'headphones-pulse', name: 'Наушники Pulse', description: 'Беспроводные наушники с шумоподавлением', amount: '9990' },
  { code: 'phone-nova', name: 'Смартфон Nova', description: 'Смартфон с камерой 50 Мп', amount: '29990' },
  { code: 'tablet-orbit', name: 'Планшет Orbit', description: 'Планшет с экраном 11 дюймов', amount: '34990' },
  { code: 'watch-tempo', name: 'Умные часы Tempo', description: 'Часы с пульсометром и GPS', amount: '14990' },
  { code: 'speaker-echo', name: 'Колонка Echo', description: 'Портативная колонка с защитой от воды', amount: '5990' },
  { code: 'monitor-vista-27', name: 'Монитор Vista 27', description: 'Монитор 27 дюймов, 4K', amount: '39990' },
  { code: 'keyboard-type', name: 'Клавиатура Type', description: 'Механическая клавиатура с подсветкой', amount: '7990' },
];
export const QUESTIONS = [
  'Здравствуйте! Сколько стоит ноутбук?',
  'Есть беспроводные наушники?',
  'Хочу купить смартфон, что посоветуете?',
  'Какие у вас есть планшеты?',
  'Есть умные часы с GPS?',
  'Подберите портативную колонку',
  'Нужен монитор 27 дюймов',
  'Ищу механическую клавиатуру',
];


export interface Answer {
  status: number;
  body: any;
  text: string;
  sentAt: number;
  doneAt: number;
  /** The answer's Content-Type (a Problem is application/problem+json). */
  contentType?: string;
  error?: string;
}

export class ApiClient {
  readonly agent: http.Agent;

  constructor(private readonly port: number, private readonly apiKey: string, sockets: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  }

  call(method: string, path: string, body: unknown, o: { idempotencyKey?: string; timeoutMs?: number } = {}): Promise<Answer> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, accept: 'application/json' };
    if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
    if (o.idempotencyKey) headers['idempotency-key'] = o.idempotencyKey;
    return new Promise((resolve) => {
      const sentAt = Date.now();
      let settled = false;
      const done = (a: Omit<Answer, 'sentAt' | 'doneAt'>) => {
        if (settled) return;
        settled = true;
        resolve({ ...a, sentAt, doneAt: Date.now() });
      };
      const req = http.request({ host: '127.0.0.1', port: this.port, method, path: `${API_BASE_PATH}${path}`, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = null;
          try {
            parsed = text ? JSON.parse(text) : null;
          } catch {
            parsed = null;
          }
          done({ status: res.statusCode ?? 0, body: parsed, text, contentType: res.headers['content-type'] });
        });
        res.on('error', (err) => done({ status: 0, body: null, text: '', error: err.message }));
      });
      req.setTimeout(o.timeoutMs ?? 60_000, () => req.destroy(new Error('client timeout')));
      req.on('error', (err: NodeJS.ErrnoException) => done({ status: 0, body: null, text: '', error: err.code ?? err.message }));
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export async function mustCall(api: ApiClient, what: string, method: string, path: string, body: unknown, expect: number, idempotencyKey?: string): Promise<Answer> {
  const a = await api.call(method, path, body, { idempotencyKey });
  if (a.status !== expect) throw new Error(`${what}: ${method} ${path} answered ${a.status || a.error}: ${a.text.slice(0, 500)}`);
  return a;
}
