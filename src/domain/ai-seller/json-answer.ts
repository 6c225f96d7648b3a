/** A model's answer without the ```json fence many models wrap JSON in, whatever the prompt says. */
export function withoutFence(content: string): string {
  return content.trim().replace(/^```(?:json)?\s*/i, '').replace(/```$/, '').trim();
}

/** A model's answer asked for as one JSON object (also inside a fence); null when it is no JSON object. */
export function jsonObjectOf(content: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(withoutFence(content));
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}
