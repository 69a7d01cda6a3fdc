import { useId, useState, type DragEvent } from 'react';
import { DatasetPicker } from './DatasetPicker.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { dismissInput, fitItemCount, readFile, readPastedCsv } from '../state/inputActions.ts';
import { useExplorer } from './useExplorer.ts';

/** Data in: a file (picker or drop), a whole pasted CSV, a built-in data set; then a preview to confirm. */
export function InputPanel() {
  const id = useId();
  const input = useExplorer((s) => s.input);
  const [csv, setCsv] = useState('');
  const [dragging, setDragging] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void readFile(file);
  };
  return (
    <div
      className={dragging ? 'input-panel dragging' : 'input-panel'}
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <h3>Load data</h3>
      <div className="field file-field">
        <label htmlFor={`${id}-file`}>Load file</label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json"
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void readFile(file);
            event.target.value = '';
          }}
        />
        <p id={`${id}-file-hint`} className="field-hint">
          CSV, TSV or JSON: <code>recommender,rank</code>, <code>recommender,user,rank</code> or{' '}
          <code>recommender,rank,count</code> (optional <code>n</code>), or a saved configuration. You can also drop a
          file here.
        </p>
      </div>
      <details className="paste-csv">
        <summary>Paste a whole CSV</summary>
        <div className="field">
          <label htmlFor={`${id}-csv`}>CSV text</label>
          <textarea
            id={`${id}-csv`}
            rows={5}
            spellCheck={false}
            value={csv}
            placeholder={'recommender,rank\nA,100\nB,40'}
            onChange={(event) => setCsv(event.target.value)}
          />
        </div>
        <button type="button" disabled={csv.trim() === ''} onClick={() => void readPastedCsv(csv)}>
          Read CSV
        </button>
      </details>
      <DatasetPicker />
      {input.status === 'reading' ? (
        <p role="status" className="muted">
          Reading {input.origin}…
        </p>
      ) : null}
      {input.status === 'error' ? (
        <div className="status status-error" role="alert">
          <ProblemLines message={input.message} />
          {input.largestRank ? (
            <button type="button" onClick={() => void fitItemCount()}>
              Set n to the largest rank ({input.largestRank.toLocaleString('en-US')})
            </button>
          ) : null}{' '}
          <button type="button" onClick={dismissInput}>
            Dismiss
          </button>
        </div>
      ) : null}
      {input.status === 'preview' ? <PreviewPanel preview={input.preview} /> : null}
    </div>
  );
}

const sentence = (text: string) => (/[.!?…:]$/.test(text) ? text : `${text}.`);

/** A message, or several problems one a line: the first line, then the others as a list. */
function ProblemLines({ message }: { readonly message: string }) {
  const [first, ...rest] = message.split('\n');
  return (
    <>
      <p>{sentence(first)}</p>
      {rest.length > 0 ? (
        <ul className="problem-lines">
          {rest.map((line, i) => (
            <li key={i}>{sentence(line)}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
