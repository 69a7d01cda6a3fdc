import { StatusMessage } from '../components/StatusMessage.tsx';
import { methodColumn } from '../figures/methodTable.ts';
import { refreshIntervals } from '../state/actions.ts';
import { cancelIntervals, INTERVALS_CANCELLED } from '../state/intervalActions.ts';
import { useExplorer } from './useExplorer.ts';

export interface IntervalStatusProps {
  /**
   * A line of text only, without progress bar and Cancel: the exact metrics' intervals (true ranks) take a moment,
   * and the page's other progress bars and Cancel buttons stay the only ones.
   */
  readonly brief?: boolean;
}

/**
 * Where the intervals over users stand: their progress (with the methods still to come) and a Cancel while they
 * compute; after a Cancel, a note and a button to compute them; a failure with a Retry.
 */
export function IntervalStatus({ brief = false }: IntervalStatusProps) {
  const job = useExplorer((s) => s.intervals);
  if (job.status === 'loading' && job.value && brief) {
    return (
      <p className="muted interval-status" role="status">
        Computing the 95% intervals over users (B = {job.value.replicates})…
      </p>
    );
  }
  if (job.status === 'loading' && job.value) {
    const progress = job.progress ?? 0;
    const done = job.value.values;
    const rest = job.value.methods.filter((id) => !(id in done) && id !== 'exact');
    const next = rest.length > 0 ? ` — to come: ${rest.map((id) => methodColumn(id).label).join(', ')}` : '';
    return (
      <div className="actions interval-status">
        <progress max={1} value={progress} aria-label="Interval progress" />
        <span role="status">
          95% intervals over users (B = {job.value.replicates}): {Math.round(progress * 100)}%{next}
        </span>
        <button type="button" onClick={cancelIntervals}>
          Cancel
        </button>
      </div>
    );
  }
  if (job.status === 'error' && job.message === INTERVALS_CANCELLED) {
    return (
      <div className="actions interval-status">
        <p className="muted" role="status">
          The intervals were cancelled; the values are shown without them where they had not filled in.
        </p>
        <button type="button" onClick={refreshIntervals}>
          Compute intervals
        </button>
      </div>
    );
  }
  if (job.status === 'error') {
    return <StatusMessage message={job.message} onRetry={job.retryable ? refreshIntervals : undefined} />;
  }
  return null;
}
