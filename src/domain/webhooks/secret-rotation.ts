import type { Webhook } from '../../entities/webhook.js';
import { newSigningSecret, type SecretBox } from './secret-box.js';

/** Spec 01, Limits: the old and the new secret are both valid this long after a rotation. */
export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** The previous secret still signs while `now` is before its expiry; at the expiry instant the window is closed. */
export function previousSecretValid(webhook: Pick<Webhook, 'previousSecretSealed' | 'previousSecretExpiresAt'>, now: Date): boolean {
  return Boolean(webhook.previousSecretSealed) && (webhook.previousSecretExpiresAt?.getTime() ?? 0) > now.getTime();
}

/**
 * Issues a new signing secret (returned once, stored sealed). The current secret becomes the
 * previous one for 24 hours. A rotation inside an open window drops the secret that was
 * previous until then: at most two secrets are ever valid, the two newest.
 */
export function rotateSigningSecret(webhook: Webhook, box: SecretBox, now: Date): string {
  const secret = newSigningSecret();
  webhook.previousSecretSealed = webhook.secretSealed;
  webhook.previousSecretExpiresAt = new Date(now.getTime() + ROTATION_OVERLAP_MS);
  webhook.secretSealed = box.seal(secret);
  webhook.secretRotatedAt = now;
  webhook.updatedAt = now;
  return secret;
}
