import type { JobHandle } from '../useJob.ts';

export interface JobStatusProps {
  readonly job: Pick<JobHandle<unknown>, 'status' | 'progress' | 'message' | 'retryable' | 'cancel' | 'again'>;
  /** Why the entry cannot compute on these inputs (no Retry: the inputs must change). */
  readonly problem: string | null;
  /** "Computing" for figures, "Simulating" for the studies. */
  readonly verb?: string;
}

/**
 * The status line of a figure or table: progress with Cancel while computing, "Cancelled." with Run again, the
 * failure with Retry (only when running again can help), or the reason it cannot be drawn.
 */
export function JobStatus({ job, problem, verb = 'Computing' }: JobStatusProps) {
  const percent = job.progress !== null ? ` ${Math.round(100 * job.progress)}%` : '';
  return (
    <p className="figure-status" role="status">
      {problem ? (
        <span className="status-error">{problem}</span>
      ) : job.status === 'loading' ? (
        <>
          <span className="muted">
            {verb}…{percent}
          </span>{' '}
          <button type="button" onClick={job.cancel}>
            Cancel
          </button>
        </>
      ) : job.status === 'cancelled' ? (
        <>
          <span className="muted">Cancelled.</span>{' '}
          <button type="button" onClick={job.again}>
            Run again
          </button>
        </>
      ) : job.status === 'error' ? (
        <span className="status-error">
          {job.message}{' '}
          {job.retryable ? (
            <button type="button" onClick={job.again}>
              Retry
            </button>
          ) : null}
        </span>
      ) : null}
    </p>
  );
}
