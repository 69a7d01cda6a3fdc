import { useEffect, useRef, useState } from 'react';
import './formula.css';

/**
 * A formula typeset by KaTeX (a well-kept renderer, not hand-built HTML). KaTeX is loaded on demand (its own chunk,
 * with its stylesheet and fonts) so that the first screen does not wait for it; until then the LaTeX source is shown
 * as text (the span has no React children, so React never overwrites what KaTeX wrote). `katex.render` builds DOM nodes and sets their styles through the CSSOM, which the page's
 * Content-Security-Policy (style-src 'self', no inline style attributes) allows; `renderToString` + innerHTML would
 * not. The TeX is ours (the core's metric and variant catalogues), never user input; KaTeX's `trust` stays off.
 */
export function Formula({
  tex,
  display = false,
  equation,
  label,
}: {
  readonly tex: string;
  readonly display?: boolean;
  /** The paper's equation number(s), shown beside the formula, e.g. "eq 9" or "K&R eq 13". */
  readonly equation?: string;
  /** Accessible name; the MathML KaTeX writes beside its HTML is read otherwise. */
  readonly label?: string;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const target = ref.current;
    if (!target) return;
    target.textContent = tex;
    loadKatex()
      .then((katex) => {
        if (cancelled) return;
        try {
          katex.render(tex, target, { displayMode: display, throwOnError: true, output: 'htmlAndMathml' });
          setFailed(null);
        } catch (error) {
          target.textContent = tex;
          setFailed(error instanceof Error ? error.message : String(error));
        }
      })
      .catch(() => {
        // The chunk could not load (offline after an update): the source stays readable.
        if (!cancelled) target.textContent = tex;
      });
    return () => {
      cancelled = true;
    };
  }, [tex, display]);
  const Tag = display ? 'div' : 'span';
  return (
    <Tag className={display ? 'formula formula-display' : 'formula'} aria-label={label} title={failed ?? undefined}>
      <span ref={ref} className="formula-tex" data-tex={tex} />
      {equation ? <span className="formula-eq">({equation})</span> : null}
    </Tag>
  );
}

type Katex = typeof import('katex').default;
let katexPromise: Promise<Katex> | null = null;

/** KaTeX and its stylesheet, loaded once. */
export function loadKatex(): Promise<Katex> {
  katexPromise ??= Promise.all([import('katex'), import('katex/dist/katex.min.css')]).then(
    ([module]) => module.default,
  );
  return katexPromise;
}
