import type { OrderingModel } from '../figures/resultsTable.ts';

export interface OrderingNotesProps {
  readonly orderings: readonly OrderingModel[];
  /** E.g. "m = 99": the sampling the notes are about. */
  readonly samplingLabel: string;
}

/**
 * Says, per metric, whether the sampled values order the recommenders as the exact ones do (eq. 14), and where they
 * do not, whether the exact difference they reverse is within the noise of the user sample (intervals over users).
 */
export function OrderingNotes({ orderings, samplingLabel }: OrderingNotesProps) {
  const known = orderings.filter((o) => o.sampled !== null);
  if (known.length === 0) return null;
  const changed = known.filter((o) => o.differs).map((o) => o.label);
  const noisy = known.filter((o) => o.differs && o.noise?.within).map((o) => o.label);
  const summary =
    changed.length === 0
      ? `With ${samplingLabel}, every metric orders the recommenders as its exact value does.`
      : `With ${samplingLabel}, the sampled ordering differs from the exact ordering for ${listText(changed)}.` +
        (noisy.length > 0
          ? ` For ${listText(noisy)} the exact order itself is within the noise of the user sample.`
          : '');
  return (
    <div className="ordering-notes" role="note" aria-label="Ordering under sampling">
      <p className={changed.length > 0 ? 'ordering-summary warn' : 'ordering-summary'}>{summary}</p>
      <ul>
        {known.map((o) => (
          <li key={o.metricId} className={o.differs ? 'differs' : 'same'}>
            <span className="ordering-metric">{o.label}</span>
            <span className="ordering-verdict">{o.differs ? 'order differs' : 'same order'}</span>
            <span>
              exact <span className="order">{o.exact}</span>
              {o.differs ? (
                <>
                  , sampled <span className="order">{o.sampled}</span>
                </>
              ) : null}
              {o.noise ? (
                <span className={o.noise.within ? 'ordering-noise within' : 'ordering-noise'}>; {o.noise.text}</span>
              ) : null}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
