import { FigureSection } from './FigureSection.tsx';
import { ResultsSection } from './ResultsSection.tsx';
import { SettingsSection } from './SettingsSection.tsx';

export function App() {
  return (
    <>
      <header className="page-header">
        <h1>Sampled Metrics Explorer</h1>
        <p>
          How evaluating a recommender on a sample of items distorts ranking metrics, after Krichene &amp; Rendle, “On
          Sampled Metrics for Item Recommendation” (KDD 2020).
        </p>
      </header>
      <main>
        <SettingsSection />
        <ResultsSection />
        <FigureSection />
      </main>
    </>
  );
}
