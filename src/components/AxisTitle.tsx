import type { TitlePart } from '../figures/labels.ts';

/** An axis title in the paper's notation: symbols such as r and M set in italics. */
export function AxisTitle({ parts }: { readonly parts: readonly TitlePart[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.italic ? (
          <tspan key={i} fontStyle="italic">
            {part.text}
          </tspan>
        ) : (
          <tspan key={i}>{part.text}</tspan>
        ),
      )}
    </>
  );
}
