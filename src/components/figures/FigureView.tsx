import type { ReactNode } from 'react';

export interface FigureViewProps {
  readonly id: string;
  /** "Figure 2" etc.; the paper's number. */
  readonly number: string;
  readonly title: string;
  /** One or two sentences: what the paper's figure shows and what the defaults are. */
  readonly lede: ReactNode;
  readonly status?: { readonly loading: boolean; readonly progress: number | null; readonly message: string | null };
  readonly onRetry?: () => void;
  readonly children: ReactNode;
}

/** The frame of one figure: heading, lede, computing/error status, and the chart. */
export function FigureView({ id, number, title, lede, status, onRetry, children }: FigureViewProps) {
  return (
    <section className="figure-view" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>
        {number} · {title}
      </h3>
      <p className="lede">{lede}</p>
      <p className="figure-status" role="status">
        {status?.message ? (
          <span className="status-error">
            {status.message}{' '}
            {onRetry ? (
              <button type="button" onClick={onRetry}>
                Retry
              </button>
            ) : null}
          </span>
        ) : status?.loading ? (
          <span className="muted">
            Computing{status.progress !== null ? ` (${Math.round(100 * status.progress)}%)` : ''}…
          </span>
        ) : null}
      </p>
      {children}
    </section>
  );
}
