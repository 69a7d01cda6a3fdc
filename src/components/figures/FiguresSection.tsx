import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { FigureTab } from '../../state/figureView.ts';
import { useElementWidth } from '../useElementWidth.ts';
import { useOnScreen } from './useOnScreen.ts';
import { Fig1View } from './Fig1View.tsx';
import { Fig2View } from './Fig2View.tsx';
import { Fig3View } from './Fig3View.tsx';
import { Fig4View } from './Fig4View.tsx';
import { Fig5View } from './Fig5View.tsx';
import { Fig6View } from './Fig6View.tsx';
import { Fig7View } from './Fig7View.tsx';
import { TablesView } from './TablesView.tsx';
import type { FigureInputs } from './types.ts';
import './figures.css';

export type FiguresSectionProps = Omit<FigureInputs, 'width' | 'active'>;

interface Tab {
  readonly id: FigureTab;
  readonly label: string;
  readonly render: (inputs: FigureInputs) => ReactNode;
}

const TABS: readonly Tab[] = [
  { id: 'fig1', label: 'Figure 1', render: (p) => <Fig1View {...p} /> },
  { id: 'fig2', label: 'Figure 2', render: (p) => <Fig2View {...p} /> },
  { id: 'fig3', label: 'Figure 3', render: (p) => <Fig3View {...p} /> },
  { id: 'fig4', label: 'Figure 4', render: (p) => <Fig4View {...p} /> },
  { id: 'fig5', label: 'Figure 5', render: (p) => <Fig5View {...p} /> },
  { id: 'fig6', label: 'Figure 6', render: (p) => <Fig6View {...p} /> },
  { id: 'fig7', label: 'Figure 7 (Jin)', render: (p) => <Fig7View {...p} /> },
  { id: 'tables', label: 'Tables', render: (p) => <TablesView {...p} /> },
];

/**
 * The paper's figures as views of the explorer (Krichene & Rendle 2020 Figures 1–6, Jin et al. 2021 Figure 2) and
 * its tables, one tab at a time so that only the visible view computes. Plain props: the data, the settings and a
 * compute backend for the heavy parts, and the figures' view (open tab, settings, legends) as a controlled value.
 */
export function FiguresSection(props: FiguresSectionProps) {
  const selected = props.figureView.tab;
  const setSelected = (tab: FigureTab) => props.onFigureView((view) => ({ ...view, tab }));
  const sectionRef = useRef<HTMLElement>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const width = Math.min(1040, Math.max(560, useElementWidth(sectionRef, 960)));
  // Only a visible view computes: off screen, the figures keep their last result and start nothing new.
  const active = useOnScreen(sectionRef);
  const tab = TABS.find((t) => t.id === selected) ?? TABS[0];
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const i = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(i + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(i + TABS.length - 1) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : null;
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    tabRefs.current[next.id]?.focus();
  };
  return (
    <section ref={sectionRef} className="figures-section" aria-labelledby="figures-title">
      <h2 id="figures-title">The papers’ figures and tables, on these data</h2>
      <div className="tabs" role="tablist" aria-label="Figures and tables" onKeyDown={onKeyDown}>
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              tabRefs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${t.id}`}
            aria-selected={t.id === tab.id}
            aria-controls={`tabpanel-${t.id}`}
            tabIndex={t.id === tab.id ? 0 : -1}
            onClick={() => setSelected(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`tabpanel-${tab.id}`} aria-labelledby={`tab-${tab.id}`}>
        {tab.render({ ...props, width, active })}
      </div>
    </section>
  );
}
