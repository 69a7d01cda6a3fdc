import { AnswerSummary } from './AnswerSummary.tsx';
import { CiteBox } from './CiteBox.tsx';
import { DataSection } from './DataSection.tsx';
import { DefinitionsSection } from './DefinitionsSection.tsx';
import { EstimatesSection } from './EstimatesSection.tsx';
import { FiguresContainer } from './FiguresContainer.tsx';
import { MethodsParagraph } from './MethodsParagraph.tsx';
import { NoticeBar } from './NoticeBar.tsx';
import { ResultsSection } from './ResultsSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';
import { ShareBar } from './ShareBar.tsx';
import { StudySection } from './StudySection.tsx';
import { useExplorer } from './useExplorer.ts';

export function App() {
  const rankKind = useExplorer((s) => s.settings.rankKind);
  return (
    <>
      <header className="page-header ends">
        <div>
          <h1>Sampled Metrics Explorer</h1>
          <p>
            How evaluating a recommender on a sample of items distorts ranking metrics, after Krichene &amp; Rendle, “On
            Sampled Metrics for Item Recommendation” (KDD 2020). Everything runs in this page; nothing is sent anywhere.
          </p>
          <p className="first-steps">
            <b>Start here:</b> paste your recommenders’ ranks into the boxes under Data, load a file, or try a data set.
            The paper’s toy example (A, B, C) is loaded meanwhile.
          </p>
        </div>
        <ShareBar />
        <CiteBox />
      </header>
      <NoticeBar />
      <main className="explorer">
        <div className="inputs-column">
          <DataSection />
          <SettingsSection />
        </div>
        <div className="results-column">
          <AnswerSummary />
          {rankKind === 'true' ? (
            <>
              <ResultsSection />
              <StudySection />
            </>
          ) : (
            <EstimatesSection />
          )}
          <MethodsParagraph />
          <DefinitionsSection />
        </div>
        <div className="figures-row">
          <FiguresContainer />
        </div>
      </main>
    </>
  );
}
