import type { MethodColumn, MethodTableModel } from '../figures/methodTable.ts';

/** A method's column heading: its label, and its parameters under it in small type. */
export function MethodHeading({ column, className }: { readonly column: MethodColumn; readonly className: string }) {
  return (
    <th scope="col" className={className}>
      {column.label}
      {column.detail ? <span className="method-detail">{column.detail}</span> : null}
    </th>
  );
}

export interface MethodTableProps {
  readonly model: MethodTableModel;
  readonly caption: string;
  readonly busy: boolean;
  /** A label for the region, e.g. "Estimates table". */
  readonly label: string;
}

/**
 * Recommenders × methods for one metric, with the ordering each method gives in the last row. A value may carry its
 * 95% interval (under it, smaller); a value outside the metric's range is greyed, marked and left out of the order.
 */
export function MethodTable({ model, caption, busy, label }: MethodTableProps) {
  const withExact = model.exactOrdering !== null;
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className={busy ? 'results methods busy' : 'results methods'} aria-busy={busy}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Recommender</th>
            {withExact ? (
              <th scope="col" className="num">
                Exact
              </th>
            ) : null}
            {model.columns.map((c, j) => (
              <MethodHeading key={c.id} column={c} className={j === 0 ? 'num group-start' : 'num'} />
            ))}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              {withExact ? (
                <td className="num" data-kind="exact">
                  <span className="value">{row.exact}</span>
                </td>
              ) : null}
              {row.cells.map((cell, j) => (
                <td
                  key={model.columns[j].id}
                  className={`num${j === 0 ? ' group-start' : ''}${cell.outOfRange ? ' out-of-range' : ''}`}
                  data-method={model.columns[j].id}
                >
                  {cell.outOfRange ? (
                    <span className="range-mark" aria-hidden="true">
                      ⚠{' '}
                    </span>
                  ) : null}
                  <span className="value">{cell.text}</span>
                  {cell.outOfRange ? <span className="visually-hidden"> (outside [0, 1], not ranked)</span> : null}
                  {cell.std !== null ? <span className="std"> ± {cell.std}</span> : null}
                  {cell.interval !== null ? <span className="interval">{cell.interval}</span> : null}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {model.rows.length > 1 ? (
          <tfoot>
            <tr>
              <th scope="row">Order</th>
              {withExact ? <td className="order">{model.exactOrdering}</td> : null}
              {model.orderings.map((o, j) => (
                <td
                  key={model.columns[j].id}
                  className={`order${j === 0 ? ' group-start' : ''}${o.differs ? ' differs' : ''}`}
                >
                  {o.text}
                  {o.omitted.length > 0 ? (
                    <span className="order-omitted"> ({o.omitted.join(', ')} out of range)</span>
                  ) : null}
                  {o.differs ? <span className="visually-hidden"> (differs from the exact order)</span> : null}
                </td>
              ))}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
