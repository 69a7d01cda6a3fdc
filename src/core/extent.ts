/**
 * The smallest and largest of some numbers, [Infinity, −Infinity] when there are none (d3-array's `extent`, which
 * the core does not import). Example: extent([3, 1, 2]) → [1, 3].
 */
export function extent(values: Iterable<number>): [number, number] {
  let smallest = Infinity;
  let largest = -Infinity;
  for (const v of values) {
    smallest = Math.min(smallest, v);
    largest = Math.max(largest, v);
  }
  return [smallest, largest];
}
