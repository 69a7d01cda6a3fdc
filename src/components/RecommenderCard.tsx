import { useId } from 'react';
import { formatInteger } from '../core/labels.ts';
import type { RankSummary } from '../io/rankHistogram.ts';
import { asText, useDraft } from './useDraft.ts';

export interface RecommenderCardProps {
  /** 1-based position in the list, for accessible names that stay unique while a name is edited. */
  readonly position: number;
  /** Identifies the card in the page (data-recommender), e.g. to focus its box after adding it. */
  readonly dataKey: string;
  readonly name: string;
  readonly color: string;
  readonly hidden: boolean;
  /** The paste box text; null when the data came from a file too large to edit here. */
  readonly text: string | null;
  readonly problem: string | null;
  /** When several lines have problems: the first 20 and how many in all. */
  readonly problemLines?: { readonly lines: readonly string[]; readonly total: number } | null;
  /** Offered when ranks exceed n: sets n to this rank. */
  readonly onSetItemCount?: (() => void) | null;
  readonly largestRank?: number | null;
  /** Where the data came from when they are not typed (file name or data set). */
  readonly source: string | null;
  readonly summary: RankSummary | null;
  /** "ranks" or "sampled ranks", and their bounds, for the box's hint. */
  readonly rankHint: string;
  readonly nameProblem: (name: string) => string | null;
  readonly onRename: (name: string) => void;
  readonly onRecolour: (color: string) => void;
  readonly onHiddenChange: (hidden: boolean) => void;
  readonly onRemove: () => void;
  readonly onTextChange: (text: string) => void;
}

function summaryText(summary: RankSummary): string {
  const users = `${formatInteger(summary.instances)} ${summary.instances === 1 ? 'user' : 'users'}`;
  const items = summary.grouped ? `, ${formatInteger(summary.relevantItems)} relevant items` : '';
  return `${users}${items}, ranks ${formatInteger(summary.minRank)} to ${formatInteger(summary.maxRank)}`;
}

/** One recommender: its name, colour, visibility and ranks (a paste box, or a summary of loaded data). */
export function RecommenderCard(props: RecommenderCardProps) {
  const { name, color, hidden, text, problem, source, summary, rankHint } = props;
  const id = useId();
  const { draft: draftName, setDraft: setDraftName } = useDraft(name, asText);
  const nameIssue = draftName === name ? null : props.nameProblem(draftName);
  return (
    <li
      className={hidden ? 'recommender is-hidden' : 'recommender'}
      style={{ borderLeftColor: color }}
      data-recommender={props.dataKey}
    >
      <div className="recommender-head">
        <div className="field field-name">
          <label htmlFor={`${id}-name`}>
            Name<span className="visually-hidden"> of recommender {props.position}</span>
          </label>
          <input
            id={`${id}-name`}
            type="text"
            value={draftName}
            aria-invalid={nameIssue !== null}
            aria-describedby={nameIssue ? `${id}-name-problem` : undefined}
            onChange={(event) => {
              setDraftName(event.target.value);
              if (props.nameProblem(event.target.value) === null) props.onRename(event.target.value);
            }}
            onBlur={() => setDraftName(name)}
          />
          {nameIssue ? (
            <p id={`${id}-name-problem`} className="field-hint field-problem">
              {nameIssue}
            </p>
          ) : null}
        </div>
        <div className="field field-colour">
          <label htmlFor={`${id}-colour`}>
            Colour<span className="visually-hidden"> of {name}</span>
          </label>
          <input
            id={`${id}-colour`}
            type="color"
            value={color}
            onChange={(event) => props.onRecolour(event.target.value)}
          />
        </div>
        <label className="check">
          <input type="checkbox" checked={!hidden} onChange={(event) => props.onHiddenChange(!event.target.checked)} />
          Show <span className="visually-hidden">{name} </span>in results
        </label>
        <button type="button" className="remove" aria-label={`Remove ${name}`} onClick={props.onRemove}>
          Remove
        </button>
      </div>
      {text !== null ? (
        <div className="field field-ranks">
          <label htmlFor={`${id}-ranks`}>Ranks of {name}</label>
          <textarea
            id={`${id}-ranks`}
            value={text}
            rows={Math.min(8, Math.max(2, text.split('\n').length))}
            spellCheck={false}
            placeholder="e.g. 100 40 2 8437 (spaces, commas or new lines)"
            aria-invalid={problem !== null}
            aria-describedby={`${id}-ranks-hint`}
            onChange={(event) => props.onTextChange(event.target.value)}
          />
          <p id={`${id}-ranks-hint`} className={problem ? 'field-hint field-problem' : 'field-hint'} aria-live="polite">
            {problem ? (
              <>
                {props.problemLines ? `${props.problemLines.total} problems (listed below).` : sentence(problem)}
                {summary ? <span className="kept"> The results show the last valid ranks.</span> : null}
                {props.largestRank && props.onSetItemCount ? (
                  <>
                    {' '}
                    <button type="button" className="fix-button" onClick={props.onSetItemCount}>
                      Set n to the largest rank ({props.largestRank.toLocaleString('en-US')})
                    </button>
                  </>
                ) : null}
              </>
            ) : summary ? (
              `${summaryText(summary)}. ${rankHint}`
            ) : (
              rankHint
            )}
          </p>
          {problem && props.problemLines ? (
            <ul className="problem-lines field-problem">
              {props.problemLines.lines.map((line) => (
                <li key={line}>{sentence(line)}</li>
              ))}
              {props.problemLines.total > props.problemLines.lines.length ? (
                <li>and {props.problemLines.total - props.problemLines.lines.length} more.</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      ) : (
        <p className="loaded-summary">
          {summary ? summaryText(summary) : 'No data'}
          {source ? <span className="muted"> — from {source}</span> : null}
        </p>
      )}
    </li>
  );
}

/** A message as a sentence: it ends with a full stop. */
function sentence(text: string): string {
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}
