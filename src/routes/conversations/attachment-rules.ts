import { addressRefusal, type StorageContext } from '../../domain/storage/urls.js';
import { domainError, type FieldError } from '../../errors/domain-error.js';

/**
 * Attachments go to the customer's browser (the widget redirects to them): https, or a file
 * of the account's own storage. Every route that stores an attachment checks it here.
 */
export function attachmentErrors(urls: string[], ctx: StorageContext): FieldError[] {
  return urls.flatMap((url, i) => {
    const refusal = addressRefusal(url, 'file', ctx);
    return refusal ? [{ field: `/attachments/${i}/url`, code: refusal.code, message: `attachments/${i}/url: ${refusal.message}` }] : [];
  });
}

/** 422 validation_failed, one error per refused address. */
export function requireShowableAttachments(urls: string[], ctx: StorageContext): void {
  const errors = attachmentErrors(urls, ctx);
  if (errors.length) throw domainError('validation_failed', errors.map((e) => e.message).join('; '), { errors });
}
