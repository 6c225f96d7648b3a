import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Client } from '@temporalio/client';
import type { Payload } from '@temporalio/common';
import { DeliveryHarness } from '../harness/delivery-harness.js';
import { eventually } from '../harness/eventually.js';
import { WorkerProcesses, exited } from '../harness/worker-processes.js';
import { EVENTS } from '../../src/domain/events/catalogue.js';
import { loadConfig } from '../../src/config.js';
import { connectTemporal, temporalClient } from '../../src/temporal/connect.js';
import { decodePayloadsIn, isSealed, keyIdOf, SealingCodec } from '../../src/temporal/payload-codec.js';
import { signalRecheck } from '../../src/temporal/deliveries.js';
import { deliveryWorkflowId } from '../../workflows/delivery-contract.js';

/**
 * Rotating the payload key under a held delivery (docs/operating.md, "Rotating the payload
 * key"): a delivery held by a paused subscription began under key A; the workers restart with
 * "A,B" (B newest); released, it is delivered. What was written before the restart stays sealed
 * with A and still opens, everything written after it is sealed with B.
 */

const newKey = `rotated-${randomUUID().slice(0, 8)}:${randomBytes(32).toString('base64')}`;
let keys: string;
let h: DeliveryHarness;
let rotated: Client;
const workers = new WorkerProcesses(() => ({ ...h.env, TEMPORAL_PAYLOAD_KEYS: keys }));

beforeAll(async () => {
  h = await DeliveryHarness.start({ file: import.meta.url, inProcess: false });
  keys = h.env.TEMPORAL_PAYLOAD_KEYS!;
}, 120_000);

afterAll(async () => {
  await workers.stopAll();
  await rotated?.connection.close();
  await h?.stop();
}, 60_000);

const setStatus = (webhookId: string, status: 'active' | 'paused') => h.db.query('update webhooks set status = $2, updated_at = now() where id = $1', [webhookId, status]);

/**
 * Every payload of a history with the index of its event, core's own markers aside (they never
 * pass a codec): the bookkeeping of local steps (`details.data`) and a patch's marker
 * (`details.patch-data`: the patch id, nothing a customer wrote).
 */
function payloadsByEvent(events: { markerRecordedEventAttributes?: unknown }[]): { event: number; payload: Payload }[] {
  const found: { event: number; payload: Payload }[] = [];
  const visit = (node: unknown, event: number, key = ''): void => {
    if (typeof node !== 'object' || node === null || ArrayBuffer.isView(node)) return;
    const metadata = (node as Payload).metadata;
    if (metadata && ArrayBuffer.isView(metadata.encoding)) {
      found.push({ event, payload: node as Payload });
      return;
    }
    for (const [k, v] of Object.entries(node)) if (!(key === 'details' && (k === 'data' || k === 'patch-data')) && k !== 'searchAttributes') visit(v, event, k);
  };
  events.forEach((e, i) => visit(e, i));
  return found;
}

describe('a payload key rotated while a delivery is held', () => {
  it('the delivery goes out; payloads before the rotation keep key A and open, those after carry key B', async () => {
    const oldKeyId = h.services.config.temporal.payloadKeys.at(-1)!.id;
    const caller = await h.caller({ name: 'Rotation' });
    const path = `/rotation-${randomUUID().slice(0, 8)}`;
    const sub = { ...await h.subscribe(caller, { url: h.receiver.route(path) }), caller };
    await setStatus(sub.id, 'paused');

    const first = await workers.start();
    const deliveryId = await h.existingDelivery(sub, { type: 'lead.created', ...EVENTS['lead.created']({ lead_id: randomUUID(), contact_id: null, conversation_id: null, version: 1 }) });
    await eventually('the delivery to be held', async () => ((await h.visibleState(deliveryId).catch(() => undefined)) === 'held' ? true : undefined));
    const handle = h.client.workflow.getHandle(deliveryWorkflowId(deliveryId));
    const { runId } = await handle.describe();

    // The rotation: workers roll onto "A,B", the api's client too; A stays to open what A sealed.
    first.kill('SIGTERM');
    await exited(first);
    const beforeRotation = (await h.client.workflow.getHandle(handle.workflowId, runId).fetchHistory()).events!.length;
    keys = `${keys},${newKey}`;
    await workers.start();
    const rotatedConfig = loadConfig({ ...h.env, TEMPORAL_PAYLOAD_KEYS: keys });
    rotated = temporalClient(rotatedConfig, await connectTemporal(rotatedConfig));

    await setStatus(sub.id, 'active');
    await signalRecheck(rotated, deliveryId);
    await h.receiver.waitFor(path, 1, 60_000);
    await eventually('the delivery to be delivered', async () => ((await h.db.query('select state from webhook_deliveries where id = $1', [deliveryId])).rows[0]?.state === 'delivered' ? true : undefined));
    await rotated.workflow.getHandle(handle.workflowId, runId).result();

    const events = (await rotated.workflow.getHandle(handle.workflowId, runId).fetchHistory()).events!;
    const payloads = payloadsByEvent(events);
    const keyIds = (from: number, to: number) => payloads.filter((p) => p.event >= from && p.event < to).map((p) => (isSealed(p.payload) ? keyIdOf(p.payload) : 'unsealed'));
    const before = keyIds(0, beforeRotation);
    const after = keyIds(beforeRotation, events.length);
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(1); // the signal, the attempt's steps, the result
    expect({ before: [...new Set(before)], after: [...new Set(after)] }).toEqual({ before: [oldKeyId], after: [newKey.split(':')[0]] });

    // The old payloads still open with "A,B", and only with A among the keys.
    const opened = await decodePayloadsIn(await rotated.workflow.getHandle(handle.workflowId, runId).fetchHistory(), rotated.options.loadedDataConverter.payloadCodecs);
    expect(payloadsByEvent(opened.events!).filter((p) => isSealed(p.payload))).toEqual([]);
    const onlyNew = new SealingCodec(rotatedConfig.temporal.payloadKeys.slice(-1));
    await expect(onlyNew.decode(payloads.filter((p) => p.event < beforeRotation).map((p) => p.payload))).rejects.toThrow(`a payload sealed with key "${oldKeyId}" cannot be opened`);
  }, 240_000);
});
