const integer = new Intl.NumberFormat('en-US');

/** 10000 → "10,000". */
export function formatInteger(value: number): string {
  return integer.format(value);
}
