import { useMemo } from 'react';
import { FiguresSection } from '../components/figures/FiguresSection.tsx';
import { DEFAULT_SYNTHETIC } from '../state/datasets/registry.ts';
import { confirmPreview, loadDataset } from '../state/inputActions.ts';
import { isSingleRelevant } from '../core/index.ts';
import { chosenVariants, figuresDefinitionNote, hasTieRanges } from '../state/definitions.ts';
import { figuresViewOf } from '../state/figureView.ts';
import { updateFiguresView } from '../state/settingsActions.ts';
import { currentBridge } from '../state/actions.ts';
import { useExplorer } from './useExplorer.ts';

/** Loads the paper's MovieLens 1M recommenders X, Y, Z and uses them at once (the user asked for them). */
async function loadPaperData(): Promise<void> {
  await loadDataset('movielens-true', DEFAULT_SYNTHETIC);
  await confirmPreview();
}

/**
 * Connects the figures section to the store: the visible recommenders, the settings, the figures' view (in the
 * document, hence in links and saved work) and the figures' workers.
 */
export function FiguresContainer() {
  const entries = useExplorer((s) => s.recommenders);
  const settings = useExplorer((s) => s.settings);
  const view = useExplorer((s) => s.view);
  const figureView = useMemo(() => figuresViewOf(view), [view]);
  const recommenders = useMemo(
    () =>
      entries.filter((r) => !r.hidden && r.data !== null).map((r) => ({ name: r.name, color: r.color, data: r.data! })),
    [entries],
  );
  const definitionsNote = useMemo(
    () =>
      figuresDefinitionNote(
        settings,
        recommenders.every((r) => isSingleRelevant(r.data)),
        settings.ties === 'random' && hasTieRanges(recommenders.map((r) => r.data)),
      ),
    [settings, recommenders],
  );
  const variants = useMemo(() => chosenVariants(settings.variants), [settings.variants]);
  return (
    <FiguresSection
      recommenders={recommenders}
      rankKind={settings.rankKind}
      itemCount={settings.itemCount}
      sampleSize={settings.sampleSize}
      sampling={settings.sampling}
      metrics={settings.metrics}
      prior={settings.prior}
      compute={currentBridge()}
      onLoadPaperData={() => void loadPaperData()}
      figureView={figureView}
      onFigureView={updateFiguresView}
      definitionsNote={definitionsNote}
      {...(variants ? { variants } : {})}
      {...(settings.ties ? { ties: settings.ties } : {})}
    />
  );
}
