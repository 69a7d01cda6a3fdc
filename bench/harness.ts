/** Tiny benchmark harness: median wall time of a few runs and the peak resident memory seen while running. */
export interface BenchResult {
  name: string;
  medianMs: number;
  runs: number[];
  peakRssMb: number;
  note?: string;
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

export function bench(name: string, repeats: number, fn: () => unknown, note?: string): BenchResult {
  const runs: number[] = [];
  let peak = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
  for (let i = 0; i < repeats; i++) {
    gc();
    const t0 = performance.now();
    fn();
    runs.push(performance.now() - t0);
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  const sorted = [...runs].sort((a, b) => a - b);
  const result = { name, medianMs: sorted[Math.floor(sorted.length / 2)], runs, peakRssMb: peak / 2 ** 20, note };
  const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);
  console.log(
    `${name.padEnd(58)} median ${fmt(result.medianMs).padStart(9)}  (runs: ${runs.map(fmt).join(', ')})  peak RSS ${result.peakRssMb.toFixed(0)} MB${note ? `  ${note}` : ''}`,
  );
  return result;
}
