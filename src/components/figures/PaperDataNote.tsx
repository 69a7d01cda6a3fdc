import type { FigureInputs } from './types.ts';

/** For the MovieLens figures: says which data are shown, and offers the paper's data when others are loaded. */
export function PaperDataNote({
  recommenders,
  onLoadPaperData,
}: Pick<FigureInputs, 'recommenders' | 'onLoadPaperData'>) {
  const names = recommenders.map((r) => r.name).join(', ');
  const paper = names === 'X, Y, Z';
  if (paper || !onLoadPaperData) return null;
  return (
    <p className="paper-data-note">
      The paper draws this figure for recommenders X, Y, Z on MovieLens 1M; it now shows your data ({names || 'none'}
      ).{' '}
      <button type="button" onClick={onLoadPaperData}>
        Load MovieLens 1M (X, Y, Z)
      </button>
    </p>
  );
}
