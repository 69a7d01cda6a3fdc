import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import './app/app.css';
import './app/controls.css';
import './app/results.css';
import './app/chart.css';
import { refreshAll } from './state/actions.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
void refreshAll();
