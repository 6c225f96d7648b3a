import { join } from 'node:path';
import { Client, Connection, type ConnectionOptions } from '@temporalio/client';
import { DefaultFailureConverter, defaultPayloadConverter, type DataConverter, type LoadedDataConverter } from '@temporalio/common';
import { NativeConnection } from '@temporalio/worker';
import type { Config } from '../config.js';
import { SealingCodec } from './payload-codec.js';

/**
 * The one place every Temporal connection, Client and Worker of the project gets its options:
 * the frontend's address, and the data converter that seals every payload (src/temporal/payload-codec.ts)
 * and every failure's message and stack trace (docs/decisions.md, "Customers' words sealed in Temporal").
 */
type TemporalConfig = Pick<Config, 'temporal'>;

/** How to reach the frontend. */
export function temporalConnectionOptions(config: TemporalConfig): { address: string } {
  return { address: config.temporal.address };
}

/** The data converter of a Client: payloads sealed by the codec, failures' messages and stacks as sealed payloads. */
export function temporalDataConverter(config: TemporalConfig): LoadedDataConverter {
  return {
    payloadConverter: defaultPayloadConverter,
    failureConverter: new DefaultFailureConverter({ encodeCommonAttributes: true }),
    payloadCodecs: [new SealingCodec(config.temporal.payloadKeys)],
  };
}

/**
 * The failure converter module of a build (its dist/src/temporal/), beside that build's workflow
 * bundle: the SDK require()s it by path, in the Worker and when the bundle is built.
 */
export function failureConverterPathOf(buildRoot: string): string {
  return join(buildRoot, 'src', 'temporal', 'sealing-failure-converter.cjs');
}

/**
 * The data converter of a Worker running workflows of the build at `buildRoot` (the directory of
 * its workflow bundle): the SDK loads the failure converter from that build.
 */
export function workerDataConverter(config: TemporalConfig, buildRoot: string): DataConverter {
  return { payloadCodecs: temporalDataConverter(config).payloadCodecs, failureConverterPath: failureConverterPathOf(buildRoot) };
}

/** A connection to the frontend (`extra`: a connect timeout and such). */
export function connectTemporal(config: TemporalConfig, extra: Omit<ConnectionOptions, 'address'> = {}): Promise<Connection> {
  return Connection.connect({ ...temporalConnectionOptions(config), ...extra });
}

/** A Worker's connection to the frontend. */
export function connectTemporalNative(config: TemporalConfig): Promise<NativeConnection> {
  return NativeConnection.connect(temporalConnectionOptions(config));
}

/** A Client of the configured namespace on a connection, sealing what it writes. */
export function temporalClient(config: TemporalConfig, connection: Connection | NativeConnection): Client {
  return new Client({ connection, namespace: config.temporal.namespace, dataConverter: temporalDataConverter(config) });
}
