import { useState } from 'react';
import { Formula } from '../components/Formula.tsx';
import { chosenVariant, isDefaultVariant, metricFormula, parseMetric, type Definitions } from '../core/index.ts';
import { variantMetricLabel } from '../core/labels.ts';
import './definitions.css';

/**
 * Each metric of a table with its formula where it is named: Krichene & Rendle's for one relevant item at rank r
 * (their eqs 7–13; eq 1 averages it over users), or the formula of the variant chosen in Definitions.
 */
export function MetricFormulas({
  metrics,
  definitions,
}: {
  readonly metrics: readonly string[];
  readonly definitions?: Definitions;
}) {
  // Typeset only when opened: KaTeX runs on the main thread, and the table recomputes with every setting.
  const [open, setOpen] = useState(false);
  return (
    <details className="metric-formulas" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Formulas of the metrics</summary>
      {open ? (
        <dl aria-label="Metric formulas">
          {metrics.map((id) => {
            const metric = parseMetric(id);
            const own = isDefaultVariant(metric.kind, definitions?.variants);
            const formula = own ? metricFormula(metric) : null;
            return (
              <div key={id} className="metric-formula">
                <dt>{variantMetricLabel(id, definitions?.variants)}</dt>
                <dd>
                  {formula ? (
                    <Formula tex={formula.tex} equation={`K&R ${formula.equation}`} />
                  ) : (
                    <Formula tex={chosenVariant(metric.kind, definitions?.variants).formula} equation="Tamm et al." />
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
      ) : null}
      <p className="muted">
        r is the rank of the user’s held-out item among all n items (1 is best), δ the indicator; each value in the
        table is the mean over users (eq 1). With several relevant items per user, eqs 2–6.
      </p>
    </details>
  );
}
