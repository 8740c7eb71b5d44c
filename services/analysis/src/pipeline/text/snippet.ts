/** A short quote around `index` in `text` for a finding's evidence (at most `max` characters). */
export function snippetAround(text: string, index: number, length: number, max = 140): string {
  if (text.length <= max) return text;
  const room = Math.max(0, max - length);
  let start = Math.max(0, index - Math.floor(room / 2));
  const end = Math.min(text.length, start + max);
  start = Math.max(0, end - max);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** Cuts text to `max` characters on a word boundary. */
export function clip(text: string, max = 140): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${space > max / 2 ? cut.slice(0, space) : cut}…`;
}
