import { RadioGroup } from '../components/RadioGroup.tsx';
import type { RankKind } from '../state/document.ts';
import { undoReplace } from '../state/inputActions.ts';
import { setRankKind } from '../state/settingsActions.ts';
import { InputPanel } from './InputPanel.tsx';
import { RecommendersPanel } from './RecommendersPanel.tsx';
import { useExplorer } from './useExplorer.ts';

const KINDS: readonly { value: RankKind; label: string; hint: string }[] = [
  {
    value: 'true',
    label: 'True ranks',
    hint: 'Position of each held-out item among all n items: exact metrics, their sampled values and a simulation.',
  },
  {
    value: 'sampled',
    label: 'Sampled ranks',
    hint: 'Position among the m + 1 candidates of a sampled evaluation: only estimates of the exact metrics exist.',
  },
];

/** What the data are, the recommenders' ranks, and the ways to load data. */
export function DataSection() {
  const rankKind = useExplorer((s) => s.settings.rankKind);
  const replacedWork = useExplorer((s) => s.replacedWork ?? null);
  const replaced = replacedWork ? replacedWork.recommenders.map((r) => r.name) : null;
  return (
    <section className="data" aria-labelledby="data-title">
      <h2 id="data-title">Data</h2>
      {replaced ? (
        <p className="replaced-note muted">
          Loaded data replaced {replaced.join(', ')}.{' '}
          <button type="button" onClick={() => void undoReplace()}>
            Bring back {replaced.length === 1 ? replaced[0] : 'them'}
          </button>
        </p>
      ) : null}
      <RadioGroup legend="The ranks are" value={rankKind} options={KINDS} onChange={setRankKind} />
      <div className="data-columns">
        <RecommendersPanel />
        <InputPanel />
      </div>
    </section>
  );
}
