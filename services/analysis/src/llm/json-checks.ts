// Small validators for LLM answers: the schema is sent to the server, but its answer is
// checked here again (servers that ignore response_format exist).

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A string of bounded length, or a problem description. */
export function boundedString(
  value: unknown,
  field: string,
  min: number,
  max: number,
): string | { problem: string } {
  if (typeof value !== 'string') return { problem: `${field} must be a string` };
  const text = value.trim();
  if (text.length < min || text.length > max)
    return { problem: `${field} must have ${min}–${max} characters (has ${text.length})` };
  return text;
}

export function boundedStringList(
  value: unknown,
  field: string,
  maxItems: number,
  maxLength: number,
): string[] | { problem: string } {
  if (!Array.isArray(value)) return { problem: `${field} must be a list` };
  if (value.length > maxItems) return { problem: `${field} has more than ${maxItems} items` };
  const items: string[] = [];
  for (const item of value) {
    const text = boundedString(item, `${field} item`, 3, maxLength);
    if (typeof text !== 'string') return text;
    items.push(text);
  }
  return items;
}
