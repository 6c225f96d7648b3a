import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { randomBase62 } from '../../ids.js';

/** A new signing secret, shown to the integration once. */
export const newSigningSecret = (): string => `whsec_${randomBase62(40)}`;

/**
 * Signing secrets at rest: AES-256-GCM under a key derived from WEBHOOK_SECRET_KEY, stored as
 * `v1.<iv>.<tag>.<ciphertext>` (base64url). The key id prefix leaves room for key rotation.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    this.key = createHash('sha256').update(keyMaterial).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), data].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
