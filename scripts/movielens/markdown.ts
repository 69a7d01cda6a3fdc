/** Small Markdown helpers for the study's output (pasted into docs/reproduction.md). */

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A fraction as a percentage with two decimals: 0.07603 → "7.60". */
export function pct(value: number): string {
  return (100 * value).toFixed(2);
}

export function pctStd(mean: number, std: number): string {
  return `${pct(mean)} ± ${pct(std)}`;
}

export function printSection(title: string, ...blocks: string[]): void {
  console.log(`\n### ${title}\n`);
  for (const block of blocks) console.log(`${block}\n`);
}
