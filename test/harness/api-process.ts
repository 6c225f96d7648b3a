import { spawn, type ChildProcess } from 'node:child_process';
import { connect, createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { DIST } from './in-process-worker.js';
import { alive, exited } from './worker-processes.js';
import { eventually } from './eventually.js';

const SERVER = join(DIST, 'src', 'server.js');

/** A TCP port nobody listens on at the moment, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

/**
 * A port on 127.0.0.1 that refuses connections for the whole run: below the kernel's ephemeral
 * range, so no server of this run that listens on port 0 can be given it between the check and
 * the test (a port freed by freePort can be, and was: a test then met another test's server).
 * Checked with a connect that must be refused.
 */
export async function refusingPort(): Promise<number> {
  // None of them a "bad port" of the Fetch standard, which fetch refuses before connecting.
  for (const port of [8, 10, 12, 14]) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => { socket.destroy(); resolve(false); });
      socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
  throw new Error('every low port tried answers on 127.0.0.1: no port that refuses connections');
}

/**
 * The production api process (dist/src/server.js) with a test's configuration, for the tests
 * that signal it: ready once /readyz answers 200.
 */
export class ApiProcess {
  output = '';
  /** The exit code (null until it exited, or when a signal ended it). */
  code: number | null = null;
  readonly exit: Promise<void>;

  private constructor(readonly child: ChildProcess, readonly origin: string) {
    child.stdout!.on('data', (c: Buffer) => { this.output += c.toString(); });
    child.stderr!.on('data', (c: Buffer) => { this.output += c.toString(); });
    this.exit = exited(child).then(() => { this.code = child.exitCode; });
  }

  static async start(env: Record<string, string>): Promise<ApiProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, [SERVER], {
      env: { ...process.env, OPERATION_MAX_IN_FLIGHT: '100000', ...env, PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const api = new ApiProcess(child, `http://127.0.0.1:${port}`);
    await eventually('the api process to be ready', async () => {
      if (!alive(child)) throw new Error(`the api ended: ${api.output.slice(-2000)}`);
      return (await fetch(`${api.origin}/readyz`).then((r) => r.ok, () => false)) || undefined;
    });
    return api;
  }

  get alive(): boolean {
    return alive(this.child);
  }

  /** SIGKILL when still running (a test's clean-up). */
  async kill(): Promise<void> {
    if (alive(this.child)) this.child.kill('SIGKILL');
    await this.exit;
  }
}
