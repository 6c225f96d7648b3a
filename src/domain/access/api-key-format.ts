import { createHmac, timingSafeEqual } from 'node:crypto';
import { CELLS, type Cell } from '../../config.js';
import { randomBase62 } from '../../ids.js';
import type { KeyMode } from '../../entities/api-key.js';

/**
 * Key format: `sk_<mode>_<cell>_<key id body>_<secret>`, for example
 * `sk_live_ru_4Qm..._Zt9...`. The cell is readable from the key itself, so a key sent to
 * the wrong cell is recognised (wrong_cell) without asking the other cell. The public
 * key_id is `key_<key id body>`.
 */
const KEY_PATTERN = /^sk_(live|test)_(ru|en|id)_([0-9A-Za-z]{20})_([0-9A-Za-z]{40})$/;

export interface ParsedKey {
  mode: KeyMode;
  cell: Cell;
  keyId: string;
}

export function parseApiKey(text: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(text);
  if (!match) return null;
  return { mode: match[1] as KeyMode, cell: match[2] as Cell, keyId: `key_${match[3]}` };
}

export function generateApiKey(mode: KeyMode, cell: Cell): { apiKey: string; keyId: string } {
  if (!(CELLS as readonly string[]).includes(cell)) throw new Error(`unknown cell ${cell}`);
  const body = randomBase62(20);
  return { apiKey: `sk_${mode}_${cell}_${body}_${randomBase62(40)}`, keyId: `key_${body}` };
}

export function hashApiKey(apiKey: string, pepper: string): string {
  return createHmac('sha256', pepper).update(apiKey).digest('hex');
}

export function apiKeyMatches(apiKey: string, storedHash: string, pepper: string): boolean {
  const computed = Buffer.from(hashApiKey(apiKey, pepper), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return computed.length === stored.length && timingSafeEqual(computed, stored);
}
