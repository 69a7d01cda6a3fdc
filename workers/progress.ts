/** Progress from a worker job: reports at most every 100 ms (and always the last), so the page is not flooded. */
export type Progress = (done: number, total: number) => void;

/** A progress callback that calls `onProgress` at most every 100 ms and at the end, or a no-op without one. */
export function throttle(onProgress?: Progress): Progress {
  let last = 0;
  return (done, total) => {
    const now = Date.now();
    if (onProgress && (now - last > 100 || done === total)) {
      last = now;
      onProgress(done, total);
    }
  };
}
