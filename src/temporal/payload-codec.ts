import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Payload, PayloadCodec } from '@temporalio/common';
import proto from '@temporalio/proto';

const { Payload: PayloadMessage } = proto.temporal.api.common.v1;

/** The `encoding` of a sealed payload (the codec server protocol and the Temporal UI show it). */
export const SEALED_ENCODING = 'binary/encrypted';
/** The metadata entry naming the key a payload was sealed with (the name Temporal's samples use). */
export const KEY_ID_METADATA = 'encryption-key-id';

const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** One key of TEMPORAL_PAYLOAD_KEYS: its id (written into each payload it seals) and 32 bytes of AES-256 key. */
export interface PayloadKey {
  id: string;
  key: Buffer;
}

/** A sealed payload that cannot be opened: its key is not configured, or it was altered. */
export class UnreadablePayload extends Error {}

const utf8 = (s: string) => Buffer.from(s, 'utf8');

/**
 * Seals every payload of the project's workflows (docs/decisions.md, "Customers' words sealed in
 * Temporal"): the whole original Payload (metadata and data, protobuf-encoded) is encrypted with
 * AES-256-GCM under the newest key, with a random 12-byte nonce per payload and the key id bound
 * in as associated data; the sealed payload's metadata says only `binary/encrypted` and the key
 * id. Any configured key opens; a payload that is not sealed (histories written before the codec)
 * passes through unchanged.
 */
export class SealingCodec implements PayloadCodec {
  private readonly keys: Map<string, Buffer>;
  private readonly newest: PayloadKey;

  /** `keys` oldest first: the last seals new payloads. */
  constructor(keys: readonly PayloadKey[]) {
    if (!keys.length) throw new Error('SealingCodec needs at least one key');
    for (const k of keys) if (k.key.length !== 32) throw new Error(`payload key "${k.id}" is ${k.key.length} bytes, not 32`);
    this.keys = new Map(keys.map((k) => [k.id, k.key]));
    this.newest = keys[keys.length - 1]!;
  }

  async encode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((p) => this.seal(p));
  }

  async decode(payloads: Payload[]): Promise<Payload[]> {
    return payloads.map((p) => this.open(p));
  }

  seal(payload: Payload): Payload {
    const { id, key } = this.newest;
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, nonce);
    cipher.setAAD(utf8(id));
    const plain = PayloadMessage.encode(payload).finish();
    const sealed = Buffer.concat([nonce, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
    return { metadata: { encoding: utf8(SEALED_ENCODING), [KEY_ID_METADATA]: utf8(id) }, data: sealed };
  }

  open(payload: Payload): Payload {
    if (!isSealed(payload)) return payload;
    const id = keyIdOf(payload);
    if (id === undefined) throw new UnreadablePayload(`a sealed payload names no key (no "${KEY_ID_METADATA}" in its metadata)`);
    const key = this.keys.get(id);
    if (!key) {
      throw new UnreadablePayload(`a payload sealed with key "${id}" cannot be opened: that key is not in TEMPORAL_PAYLOAD_KEYS (configured: ${[...this.keys.keys()].join(', ')})`);
    }
    const data = Buffer.from(payload.data ?? new Uint8Array());
    if (data.length < NONCE_BYTES + TAG_BYTES) throw new UnreadablePayload(`a payload sealed with key "${id}" is too short to be one (${data.length} bytes)`);
    const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, NONCE_BYTES));
    decipher.setAAD(utf8(id));
    decipher.setAuthTag(data.subarray(data.length - TAG_BYTES));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(data.subarray(NONCE_BYTES, data.length - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new UnreadablePayload(`a payload sealed with key "${id}" fails its authentication: it was altered, or sealed by another key of that id`);
    }
    return PayloadMessage.decode(plain);
  }
}

/** True when the payload's metadata says it is sealed. */
export function isSealed(payload: Payload): boolean {
  const encoding = payload.metadata?.encoding;
  return encoding !== undefined && encoding !== null && Buffer.from(encoding).toString('utf8') === SEALED_ENCODING;
}

/** The id of the key that sealed the payload (undefined when it names none). */
export function keyIdOf(payload: Payload): string | undefined {
  const id = payload.metadata?.[KEY_ID_METADATA];
  return id ? Buffer.from(id).toString('utf8') : undefined;
}
