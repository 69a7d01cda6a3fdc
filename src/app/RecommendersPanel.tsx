import { useMemo } from 'react';
import { flushSync } from 'react-dom';
import { RecommenderCard } from '../components/RecommenderCard.tsx';
import { formatInteger } from '../core/labels.ts';
import { rankSummary } from '../io/rankHistogram.ts';
import { LIMITS } from '../state/document.ts';
import { setItemCount } from '../state/settingsActions.ts';
import {
  addRecommender,
  nameProblem,
  recolourRecommender,
  removeRecommender,
  renameRecommender,
  setRecommenderHidden,
  setRecommenderText,
} from '../state/recommenderActions.ts';
import { useExplorer } from './useExplorer.ts';

/** The paste boxes, one per recommender, and "Add recommender". */
export function RecommendersPanel() {
  const recommenders = useExplorer((s) => s.recommenders);
  const settings = useExplorer((s) => s.settings);
  const rankHint =
    settings.rankKind === 'true'
      ? `True ranks: whole numbers from 1 to n = ${formatInteger(settings.itemCount)}.`
      : `Sampled ranks: whole numbers from 1 to m + 1 = ${formatInteger(settings.sampleSize + 1)}.`;
  const summaries = useMemo(
    () => new Map(recommenders.map((r) => [r.id, r.data ? rankSummary(r.data) : null])),
    [recommenders],
  );
  // The new box is rendered and focused in the same task as the click or Enter, so that keys typed right after it
  // reach the box (focused a frame later, the first of them went to the button and was lost).
  const addAndFocus = () => {
    let id: string | null = null;
    flushSync(() => (id = addRecommender()));
    if (id !== null) document.querySelector<HTMLTextAreaElement>(`[data-recommender="${id}"] textarea`)?.focus();
  };
  return (
    <div className="recommenders-panel">
      <h3 id="recommenders-title">Recommenders</h3>
      {recommenders.length === 0 ? <p className="muted">No recommenders: add one, load a file or a data set.</p> : null}
      <ul className="recommenders" aria-labelledby="recommenders-title">
        {recommenders.map((r, i) => (
          <RecommenderCard
            key={r.id}
            dataKey={r.id}
            position={i + 1}
            name={r.name}
            color={r.color}
            hidden={r.hidden}
            text={r.text}
            problem={r.problem}
            problemLines={r.problemLines ?? null}
            largestRank={r.largestRank ?? null}
            onSetItemCount={r.largestRank ? () => setItemCount(r.largestRank!) : null}
            source={r.source}
            summary={summaries.get(r.id) ?? null}
            rankHint={rankHint}
            nameProblem={(name) => nameProblem(r.id, name)}
            onRename={(name) => renameRecommender(r.id, name)}
            onRecolour={(color) => recolourRecommender(r.id, color)}
            onHiddenChange={(hidden) => setRecommenderHidden(r.id, hidden)}
            onRemove={() => removeRecommender(r.id)}
            onTextChange={(text) => setRecommenderText(r.id, text)}
          />
        ))}
      </ul>
      <button type="button" onClick={addAndFocus} disabled={recommenders.length >= LIMITS.maxRecommenders}>
        Add recommender
      </button>
    </div>
  );
}
