import { readFileSync } from 'node:fs';
import type { TLSConfig } from '@temporalio/client';
import type { Config } from '../config.js';

/**
 * The TLS of every connection of the project to Temporal's frontend (clients, workers, bin/ctl,
 * the support console), from TEMPORAL_TLS_* (src/config.ts): undefined on the dev server
 * (plaintext), else the cluster's CA, the client certificate its frontend asks for and the name
 * its certificate carries (docs/operating.md, "Certificates for the cluster"). The files are read
 * at each call, so a connection made after a renewal presents the new certificate.
 */
export function temporalTls(config: { temporal: Pick<Config['temporal'], 'tls'> }): TLSConfig | undefined {
  const files = config.temporal.tls;
  if (!files) return undefined;
  return {
    ...(files.serverName ? { serverNameOverride: files.serverName } : {}),
    ...(files.ca ? { serverRootCACertificate: readFileSync(files.ca) } : {}),
    ...(files.cert && files.key ? { clientCertPair: { crt: readFileSync(files.cert), key: readFileSync(files.key) } } : {}),
  };
}
