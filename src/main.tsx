import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/app.css';
import './app/controls.css';
import './app/data.css';
import './app/results.css';
import './app/chart.css';
import { indexedDbStorage } from './state/persistence.ts';
import { flushSession, startSession } from './state/session.ts';

/** localStorage, or null where reading it throws (storage disabled). */
function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void startSession({
  storage: indexedDbStorage(),
  location: window.location,
  history: window.history,
  closingStore: localStorageOrNull(),
});
// Save pending edits at once when the page is hidden or closed (the save otherwise waits 300 ms for typing to settle).
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') void flushSession();
});
window.addEventListener('pagehide', () => void flushSession());
