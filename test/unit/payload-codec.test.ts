import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import { ConfigError } from '../../src/config/config-error.js';
import { parsePayloadKeys } from '../../src/config/temporal.js';
import { KEY_ID_METADATA, SEALED_ENCODING, SealingCodec, UnreadablePayload, decodePayloadsIn, keyIdOf } from '../../src/temporal/payload-codec.js';

const keyA = { id: 'a', key: randomBytes(32) };
const keyB = { id: 'b', key: randomBytes(32) };
const WORDS = 'Hi, Anna Smirnova here, my phone is +7 912 345 67 89';
const text = (p: Payload) => Buffer.from(p.data ?? []).toString('utf8');
const encodingOf = (p: Payload) => Buffer.from(p.metadata!.encoding!).toString('utf8');

describe('SealingCodec', () => {
  it('round-trips a payload, metadata and data, and leaves neither readable in between', async () => {
    const codec = new SealingCodec([keyA]);
    const plain = defaultPayloadConverter.toPayload({ reply: WORDS });
    const [sealed] = await codec.encode([plain]);
    expect(encodingOf(sealed!)).toBe(SEALED_ENCODING);
    expect(keyIdOf(sealed!)).toBe('a');
    expect(Object.keys(sealed!.metadata!).sort()).toEqual(['encoding', KEY_ID_METADATA].sort());
    expect(text(sealed!)).not.toContain('Smirnova');
    expect(Buffer.from(sealed!.data!).includes(Buffer.from('json/plain'))).toBe(false);
    const [opened] = await codec.decode([sealed!]);
    expect(encodingOf(opened!)).toBe('json/plain');
    expect(defaultPayloadConverter.fromPayload(opened!)).toEqual({ reply: WORDS });
  });

  it('seals each payload with its own nonce: the same value twice is two different payloads', async () => {
    const codec = new SealingCodec([keyA]);
    const plain = defaultPayloadConverter.toPayload(WORDS);
    const [one, two] = await codec.encode([plain, plain]);
    expect(Buffer.from(one!.data!).equals(Buffer.from(two!.data!))).toBe(false);
  });

  it('refuses a payload altered after sealing, naming its key', async () => {
    const codec = new SealingCodec([keyA]);
    const [sealed] = await codec.encode([defaultPayloadConverter.toPayload(WORDS)]);
    const data = Buffer.from(sealed!.data!);
    data[20] = data[20]! ^ 1;
    await expect(codec.decode([{ ...sealed!, data }])).rejects.toThrow(UnreadablePayload);
    await expect(codec.decode([{ ...sealed!, data }])).rejects.toThrow(/key "a" fails its authentication/);
  });

  it('refuses a payload whose key id was changed to another configured key (the id is authenticated)', async () => {
    const [sealed] = await new SealingCodec([keyA]).encode([defaultPayloadConverter.toPayload(WORDS)]);
    const relabelled = { ...sealed!, metadata: { ...sealed!.metadata, [KEY_ID_METADATA]: Buffer.from('b') } };
    await expect(new SealingCodec([keyA, keyB]).decode([relabelled])).rejects.toThrow(/key "b" fails its authentication/);
  });

  it('refuses clearly a payload sealed with a key it does not have', async () => {
    const [sealed] = await new SealingCodec([keyB]).encode([defaultPayloadConverter.toPayload(WORDS)]);
    await expect(new SealingCodec([keyA]).decode([sealed!])).rejects.toThrow('a payload sealed with key "b" cannot be opened: that key is not in TEMPORAL_PAYLOAD_KEYS (configured: a)');
  });

  it('seals with the newest key and opens with any configured one (rotation)', async () => {
    const [old] = await new SealingCodec([keyA]).encode([defaultPayloadConverter.toPayload('before')]);
    const rotated = new SealingCodec([keyA, keyB]);
    const [fresh] = await rotated.encode([defaultPayloadConverter.toPayload('after')]);
    expect(keyIdOf(fresh!)).toBe('b');
    expect((await rotated.decode([old!, fresh!])).map((p) => defaultPayloadConverter.fromPayload(p))).toEqual(['before', 'after']);
  });

  it('passes a payload that was never sealed through decode unchanged (histories written before the codec)', async () => {
    const plain = defaultPayloadConverter.toPayload({ reply: WORDS });
    const [decoded] = await new SealingCodec([keyA]).decode([plain]);
    expect(decoded).toBe(plain);
  });

  it('decodes every payload nested in a message, leaving the rest as it was', async () => {
    const codec = new SealingCodec([keyA]);
    const [input, result] = await codec.encode([defaultPayloadConverter.toPayload('in'), defaultPayloadConverter.toPayload('out')]);
    const history = { events: [
      { eventId: 1, workflowExecutionStartedEventAttributes: { input: { payloads: [input] } } },
      { eventId: 2, workflowExecutionCompletedEventAttributes: { result: { payloads: [result] } } },
    ] };
    const opened = await decodePayloadsIn(history, [codec]);
    expect(defaultPayloadConverter.fromPayload(opened.events[0]!.workflowExecutionStartedEventAttributes!.input.payloads[0]!)).toBe('in');
    expect(defaultPayloadConverter.fromPayload(opened.events[1]!.workflowExecutionCompletedEventAttributes!.result.payloads[0]!)).toBe('out');
    expect(opened.events[1]!.eventId).toBe(2);
  });
});

describe('TEMPORAL_PAYLOAD_KEYS', () => {
  const b64 = (k: Buffer) => k.toString('base64');

  it('reads `<key id>:<base64 of 32 bytes>`, comma-separated, in order (the last seals)', () => {
    expect(parsePayloadKeys(`a:${b64(keyA.key)}, b:${b64(keyB.key)}`)).toEqual([keyA, keyB]);
  });

  it.each([
    ['unset', undefined, 'is required'],
    ['empty', '', 'is required'],
    ['a key of 16 bytes', `a:${b64(randomBytes(16))}`, 'entry 1 is not'],
    ['no key id', b64(randomBytes(32)), 'entry 1 is not'],
    ['a key id with a space', `my key:${b64(randomBytes(32))}`, 'entry 1 is not'],
    ['one id twice', `a:${b64(keyA.key)},a:${b64(keyB.key)}`, 'names key id "a" twice'],
  ])('refuses %s with a ConfigError that shows no key', (_, value, message) => {
    let error: unknown;
    try {
      parsePayloadKeys(value);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).toContain('TEMPORAL_PAYLOAD_KEYS');
    if (value) expect((error as Error).message).not.toContain(value.split(':').at(-1));
  });
});
