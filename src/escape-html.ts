const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe inside HTML content and quoted attribute values: the one escaping of the
 * server's pages (the errors page, /docs, /status, the demo shop, the support console) and of
 * the builtin generator's article HTML.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
