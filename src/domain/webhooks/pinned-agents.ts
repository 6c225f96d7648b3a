import { Agent } from 'node:https';

/** Subscribers (by name and checked address) whose connections are kept. */
const MAX_AGENTS = 512;
/** Connections kept open per subscriber address. */
const SOCKETS_PER_AGENT = 16;
/** An idle connection is closed before a typical server would close it (Node's default is 5 s). */
const IDLE_MS = 4000;

/**
 * Keep-alive agents for webhook subscribers, one per (host name, checked address): a
 * connection in an agent was made to that address only, so reusing it never reaches an address
 * the SSRF policy did not pass, and its TLS was verified against that name. A new DNS answer is
 * a new key, hence a new connection. Least recently used agents beyond MAX_AGENTS are closed.
 */
export class PinnedAgents {
  private readonly agents = new Map<string, Agent>();

  for(hostname: string, address: string): Agent {
    const key = `${hostname}\n${address}`;
    let agent = this.agents.get(key);
    if (agent) {
      this.agents.delete(key);
    } else {
      agent = new Agent({ keepAlive: true, maxSockets: SOCKETS_PER_AGENT, maxFreeSockets: SOCKETS_PER_AGENT, timeout: IDLE_MS, scheduling: 'lifo' });
    }
    this.agents.set(key, agent);
    for (const [oldest, old] of this.agents) {
      if (this.agents.size <= MAX_AGENTS) break;
      this.agents.delete(oldest);
      old.destroy();
    }
    return agent;
  }

  /** Closes every kept connection (worker shutdown, tests). */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
  }
}

/** The process's agents: deliveries to one subscriber share its connections. */
export const subscriberAgents = new PinnedAgents();
