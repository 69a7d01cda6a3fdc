import { useRef, type KeyboardEvent } from 'react';
import type { FigureTab } from '../../state/figureView.ts';
import { useElementWidth } from '../useElementWidth.ts';
import { FIGURE_REGISTRY as TABS } from './entries/index.ts';
import { EntryView } from './EntryView.tsx';
import type { FigureInputs } from './types.ts';
import { useOnScreen } from './useOnScreen.ts';
import './figures.css';

export type FiguresSectionProps = Omit<FigureInputs, 'width' | 'active'>;

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
  const inputs = { ...props, width, active };
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
      {props.definitionsNote ? <p className="figures-definitions-note">{props.definitionsNote}</p> : null}
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
        {tab.entries
          .filter((entry) => entry.shown?.(inputs) ?? true)
          .map((entry) => (
            <EntryView key={entry.id} entry={entry} inputs={inputs} />
          ))}
      </div>
    </section>
  );
}
