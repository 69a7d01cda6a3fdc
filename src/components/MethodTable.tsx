import type { MethodTableModel } from '../figures/methodTable.ts';

export interface MethodTableProps {
  readonly model: MethodTableModel;
  readonly caption: string;
  readonly busy: boolean;
  /** A label for the region, e.g. "Estimates table". */
  readonly label: string;
}

/** Recommenders × methods for one metric, with the ordering each method gives in the last row. */
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
              <th scope="col" key={c.id} className={j === 0 ? 'num group-start' : 'num'}>
                {c.label}
              </th>
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
                  className={j === 0 ? 'num group-start' : 'num'}
                  data-method={model.columns[j].id}
                >
                  <span className="value">{cell.text}</span>
                  {cell.std !== null ? <span className="std"> ± {cell.std}</span> : null}
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
