import { startTransition, useEffect, useState } from 'react';

/**
 * A model built in a task of its own, after the render that brought its inputs, and drawn by a transition render
 * (which React slices): a worker's result at n = 10^6 then costs the page three short tasks (the result's render,
 * the model, the chart) instead of one long one. `build` is null when there is nothing to draw; `deps` name what
 * the model is built from (the hook's effect dependencies). `current` says whether the model shown was built from
 * these deps (until then the previous model stays on screen); `from` are the deps the model shown was built from.
 */
export function useModelTask<T>(
  build: (() => T) | null,
  deps: readonly unknown[],
): { readonly value: T | null; readonly current: boolean; readonly from: readonly unknown[] | null } {
  // The first model is built in the first render (a view that mounts with its inputs draws at once, also when
  // rendered to a string); later ones in their own task.
  const [built, setBuilt] = useState<{ readonly deps: readonly unknown[]; readonly value: T } | null>(() =>
    build === null ? null : { deps, value: build() },
  );
  useEffect(() => {
    if (build === null || (built !== null && sameDeps(built.deps, deps))) return;
    const handle = setTimeout(() => {
      const value = build();
      startTransition(() => setBuilt({ deps, value }));
    });
    return () => clearTimeout(handle);
    // `deps` are the dependencies by contract; `build` is a new closure on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  if (build === null || built === null) return { value: null, current: build === null, from: null };
  return { value: built.value, current: sameDeps(built.deps, deps), from: built.deps };
}

function sameDeps(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((d, i) => Object.is(d, b[i]));
}
