import { useEffect, useRef } from 'react';
import { formatInteger } from '../core/labels.ts';
import { rankSummary } from '../io/rankHistogram.ts';
import { confirmPreview, dismissInput } from '../state/inputActions.ts';
import type { Preview } from '../state/store.ts';

/** What a file, pasted CSV or data set holds, before it replaces the current data. */
export function PreviewPanel({ preview }: { readonly preview: Preview }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => ref.current?.focus(), [preview]);
  const rows = preview.recommenders.map((r) => ({ name: r.name, summary: rankSummary(r.data) }));
  const settings = preview.settings;
  const grouped = rows.some((r) => r.summary.grouped);
  return (
    <section className="preview" aria-labelledby="preview-title" tabIndex={-1} ref={ref}>
      <h4 id="preview-title">
        Preview: {preview.origin} <span className="muted">({preview.layout})</span>
      </h4>
      <table className="preview-table">
        <thead>
          <tr>
            <th scope="col">Recommender</th>
            <th scope="col" className="num">
              Users
            </th>
            {grouped ? (
              <th scope="col" className="num">
                Relevant items
              </th>
            ) : null}
            <th scope="col" className="num">
              Ranks
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">{r.name}</th>
              <td className="num">{formatInteger(r.summary.instances)}</td>
              {grouped ? <td className="num">{formatInteger(r.summary.relevantItems)}</td> : null}
              <td className="num nowrap">
                {formatInteger(r.summary.minRank)} to {formatInteger(r.summary.maxRank)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {settings?.itemCount !== undefined ? (
        <p className="muted">
          Sets n = {formatInteger(settings.itemCount)}
          {settings.sampleSize !== undefined ? `, m = ${formatInteger(settings.sampleSize)}` : ''}.
        </p>
      ) : null}
      {preview.problems.length > 0 ? (
        <p className="field-problem">Not readable, replaced by defaults: {preview.problems.join('; ')}.</p>
      ) : null}
      <div className="actions">
        <button type="button" className="primary" onClick={() => void confirmPreview()}>
          Replace data
        </button>
        <button type="button" onClick={dismissInput}>
          Cancel
        </button>
      </div>
    </section>
  );
}
