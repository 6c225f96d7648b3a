/**
 * A model's answer asked for as one JSON object, also when the model wrapped it in a ```json
 * fence (many do, whatever the prompt says); null when it is no JSON object.
 */
export function jsonObjectOf(content: string): Record<string, unknown> | null {
  const body = content.trim().replace(/^```(?:json)?\s*/i, '').replace(/```$/, '').trim();
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' && !Array.isArray(value) ? value as Record<string, unknown> : null;
  } catch {
    return null;
  }
}
