/** Parsing of the small text inputs of the figure toolbars. */

/** "10, 100, 1000" → [10, 100, 1000]: distinct whole numbers in [min, max], at most `limit` of them. */
export function parseIntegerList(text: string, min: number, max: number, limit = 6): number[] | string {
  const parts = text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length === 0) return 'Enter at least one number.';
  if (parts.length > limit) return `At most ${limit} values.`;
  const values: number[] = [];
  for (const part of parts) {
    const v = Number(part.replace(/_/g, ''));
    if (!Number.isInteger(v) || v < min || v > max) return `"${part}" is not a whole number from ${min} to ${max}.`;
    if (!values.includes(v)) values.push(v);
  }
  return values;
}

export function integerListProblem(text: string, min: number, max: number, limit = 6): string | null {
  const parsed = parseIntegerList(text, min, max, limit);
  return typeof parsed === 'string' ? parsed : null;
}

/** "0.1, 0.01" → [0.1, 0.01]: distinct numbers in [0, 1]. */
export function parseGammaList(text: string, limit = 6): number[] | string {
  const parts = text
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (parts.length > limit) return `At most ${limit} values.`;
  const values: number[] = [];
  for (const part of parts) {
    const v = Number(part);
    if (part === '' || !Number.isFinite(v) || v < 0 || v > 1) return `"${part}" is not a number from 0 to 1.`;
    if (!values.includes(v)) values.push(v);
  }
  return values;
}
