/**
 * A claim's context with its phrase marked. The server sends plain text (`context`, `phrase`); it is split here and
 * each part rendered as text, which React escapes, so markup in a product description shows as typed and never runs.
 */
import { CONTEXT_CHARS_BEFORE } from './claim-context.js';

/** Where the phrase starts in the context: after a leading `…` the cut left it about CONTEXT_CHARS_BEFORE in. */
export function phraseStart(context: string, phrase: string): number {
  const starts: number[] = [];
  for (let at = context.indexOf(phrase); at >= 0; at = context.indexOf(phrase, at + 1)) starts.push(at);
  if (starts.length === 0) return -1;
  if (!context.startsWith('…')) return starts[0]!;
  const target = 1 + CONTEXT_CHARS_BEFORE;
  return starts.reduce((best, at) => (Math.abs(at - target) < Math.abs(best - target) ? at : best));
}

export function HighlightedPhrase({ context, phrase }: { context: string; phrase: string }) {
  // The server collapses runs of white space in the context; the phrase is compared the same way.
  const wanted = phrase.replace(/\s+/g, ' ').trim();
  const start = phraseStart(context, wanted);
  if (start < 0) return <span>{context}</span>;
  return (
    <span>
      {context.slice(0, start)}
      <mark>{context.slice(start, start + wanted.length)}</mark>
      {context.slice(start + wanted.length)}
    </span>
  );
}
