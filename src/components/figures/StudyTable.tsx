import { useId } from 'react';
import { isGrouped, tableCsv, wrongCount, type TableModel } from '../../figures/tableModel.ts';
import { downloadText } from './exportImage.ts';

export interface StudyTableProps {
  readonly model: TableModel;
  readonly busy?: boolean;
  /** The table's cells are checked against the exact order (the papers' tables); false: no such note. */
  readonly ordered?: boolean;
}

/** A paper's table from its model: grouped rows, values with their spread, contradicting cells marked; CSV export. */
export function StudyTable({ model, busy = false, ordered = true }: StudyTableProps) {
  const id = useId();
  const grouped = isGrouped(model);
  const wrong = wrongCount(model);
  return (
    <div className="study-block">
      <div className="table-tools">
        <h4 id={`${id}-title`}>{model.title}</h4>
        <button type="button" onClick={() => downloadText(tableCsv(model), `${model.id}.csv`)}>
          CSV
        </button>
      </div>
      <div className="table-scroll" role="region" aria-labelledby={`${id}-title`} tabIndex={0}>
        <table className={busy ? 'study-table busy' : 'study-table'} aria-busy={busy}>
          <caption>
            {model.caption}
            {!ordered
              ? null
              : wrong > 0
                ? ` ${wrong} cell${wrong === 1 ? '' : 's'} marked ✗.`
                : ' No cell contradicts the exact order.'}
          </caption>
          <thead>
            <tr>
              {grouped ? <th scope="col">{model.groupHeading}</th> : null}
              <th scope="col">{model.rowHeading}</th>
              {model.columns.map((c) => (
                <th scope="col" key={c.id} className="num">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          {model.groups.map((group, g) => (
            <tbody key={`${group.label}-${g}`}>
              {group.rows.map((row, r) => (
                <tr key={row.label}>
                  {grouped && r === 0 ? (
                    <th scope="rowgroup" rowSpan={group.rows.length}>
                      {group.label}
                    </th>
                  ) : null}
                  <th scope="row">{row.label}</th>
                  {row.cells.map((c, k) => (
                    <td key={model.columns[k].id} className={c.wrong ? 'wrong' : undefined}>
                      {c.text}
                      {c.spread ? <span className="std"> {c.spread}</span> : null}
                      {c.wrong ? (
                        <>
                          <span className="wrong-mark" aria-hidden="true">
                            ✗
                          </span>
                          <span className="visually-hidden"> (contradicts the exact order)</span>
                        </>
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          ))}
        </table>
      </div>
    </div>
  );
}
