import { useMemo, useRef, useState } from 'react';
import { useOnScreen } from '../components/figures/useOnScreen.ts';
import { useJob } from '../components/useJob.ts';
import { SelectField } from '../components/SelectField.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import {
  DEFAULT_VARIANTS,
  parseMetric,
  tieRuleText,
  variantsFor,
  type MetricKind,
  type TieRule,
} from '../core/index.ts';
import { activeRecommenders, currentBridge } from '../state/actions.ts';
import { hasTieRanges } from '../state/definitions.ts';
import { withRankSources } from '../state/rankUpload.ts';
import { requestKey } from '../state/requestKey.ts';
import type { ExplorerState } from '../state/store.ts';
import { setTies, setVariant } from '../state/settingsActions.ts';
import type { DefinitionsResult } from '../../workers/definitions.ts';
import { TiesTable, VariantsTable } from './DefinitionsTables.tsx';
import { Computing } from './MetricSelect.tsx';
import { useExplorer } from './useExplorer.ts';
import './definitions.css';

/** The metric kinds whose definition can be chosen, with the name their control carries. */
export const KIND_CONTROLS: readonly { readonly kind: MetricKind; readonly label: string }[] = [
  { kind: 'recall', label: 'Recall@K definition' },
  { kind: 'ap', label: 'AP@K definition' },
  { kind: 'ndcg', label: 'NDCG@K definition' },
  { kind: 'auc', label: 'AUC definition' },
];

type TieChoice = TieRule | 'file';

const TIE_OPTIONS: readonly { readonly value: TieChoice; readonly label: string }[] = [
  { value: 'file', label: 'As in the file' },
  { value: 'optimistic', label: 'Optimistic' },
  { value: 'pessimistic', label: 'Pessimistic' },
  { value: 'random', label: 'Random (exact expectation)' },
];

/** The cut-off K of the @K variants: the first cut-off among the settings' metrics, else 10. */
function viewCutoff(metrics: readonly string[]): number {
  for (const id of metrics) {
    const cutoff = parseMetric(id).cutoff;
    if (cutoff !== null) return cutoff;
  }
  return 10;
}

/**
 * What each metric's name means here (Tamm et al., RecSys 2021): the definition the results use for each metric,
 * how tied items are ordered, and every library's reading side by side with its formula and value.
 */
export function DefinitionsSection() {
  const settings = useExplorer((s) => s.settings);
  const recommenders = useExplorer((s) => s.recommenders);
  const active = useMemo(() => activeRecommenders({ recommenders } as ExplorerState), [recommenders]);
  const tied = useMemo(() => hasTieRanges(active.map((r) => r.data)), [active]);
  const cutoff = viewCutoff(settings.metrics);
  const trueRanks = settings.rankKind === 'true';
  const request = useMemo(
    () => ({
      recommenders: active.map((r) => ({ name: r.name, data: r.data })),
      itemCount: settings.itemCount,
      cutoff,
      ...(settings.ties ? { ties: settings.ties } : {}),
    }),
    [active, settings.itemCount, cutoff, settings.ties],
  );
  // Computed once the section comes near the screen, as the figures are.
  const ref = useRef<HTMLElement>(null);
  const onScreen = useOnScreen(ref);
  const key = onScreen && trueRanks && active.length > 0 ? requestKey(request) : null;
  const job = useJob<DefinitionsResult>(currentBridge(), 'definitions', key, (run) =>
    run.worker(async (api) => api.definitionsTable(await withRankSources(api, request))),
  );
  const [catalogueOpen, setCatalogueOpen] = useState(false);
  const chosen = new Set(KIND_CONTROLS.map(({ kind }) => settings.variants?.[kind] ?? DEFAULT_VARIANTS[kind]));
  return (
    <section ref={ref} className="results definitions-section" aria-labelledby="definitions-title">
      <h2 id="definitions-title">Definitions</h2>
      <p className="lede">
        Libraries compute different quantities under the same metric name (Tamm et al., “Do We Calculate Metrics
        Consistently?”, RecSys 2021). Choose the definition the results use; the defaults are Krichene &amp; Rendle’s.
        The choices apply to the results table, the estimates and their corrections, the summary at the top, the figures
        and the Tables tab, the simulation and the methods paragraph. With one relevant item per user every definition
        is a function of that item’s rank, so the sampled expectations and the corrections follow it; where some user
        has several relevant items, only the results table computes the other definitions, and the rest say so.
      </p>
      <div className="definition-controls">
        <SelectField<TieChoice>
          label="Ties"
          value={settings.ties ?? 'file'}
          options={TIE_OPTIONS}
          onChange={(choice) => setTies(choice === 'file' ? undefined : choice)}
          disabled={!tied && !settings.ties}
          hint={
            tied
              ? `The data give tie ranges (rankOptimistic..rankPessimistic): ${tieRuleText(settings.ties)}.`
              : 'The data carry no tie ranges (rankOptimistic, rankPessimistic columns): every rule gives the same numbers.'
          }
        />
        {KIND_CONTROLS.map(({ kind, label }) => (
          <SelectField
            key={kind}
            label={label}
            value={settings.variants?.[kind] ?? DEFAULT_VARIANTS[kind]}
            options={variantsFor(kind).map((v) => ({
              value: v.id,
              label: v.id === DEFAULT_VARIANTS[kind] ? `${v.label} (Krichene & Rendle)` : v.label,
            }))}
            onChange={(id) => setVariant(kind, id)}
          />
        ))}
      </div>
      {!trueRanks ? (
        <p className="muted">
          The variants’ values need true ranks; with sampled ranks the chosen definitions name the estimated metrics,
          and only the definitions that are Krichene &amp; Rendle’s function of the rank have a sampled correction.
        </p>
      ) : job.status === 'error' ? (
        <StatusMessage message={job.message ?? 'The definitions could not be computed.'} onRetry={job.again} />
      ) : job.value ? (
        <>
          {job.value.problems.some((p) => p !== null) ? (
            <ul className="problems">
              {job.value.problems.map((p, i) => (p ? <li key={job.value!.recommenders[i]}>{p}</li> : null))}
            </ul>
          ) : null}
          {job.value.ties ? (
            <>
              <h3>Ties</h3>
              <TiesTable rows={job.value.ties} cutoff={cutoff} />
            </>
          ) : null}
          {/* Closed at first: the catalogue is long, and the figures come after it. */}
          <details className="definitions-all" onToggle={(event) => setCatalogueOpen(event.currentTarget.open)}>
            <summary>
              <h3>Every definition, K = {cutoff}</h3> — formulas, libraries and each recommender’s value
            </summary>
            {/* Built when opened: its formulas are typeset on the page's thread. */}
            {catalogueOpen ? <VariantsTable result={job.value} names={job.value.recommenders} chosen={chosen} /> : null}
          </details>
        </>
      ) : (
        <Computing />
      )}
    </section>
  );
}
