/**
 * The blocks of a legal text: the catalogue holds each section's body as one string, paragraphs separated by a
 * blank line; a paragraph whose lines all start with `- ` is a bulleted list, and a paragraph whose first lines are
 * text and whose next lines are `- ` items is a lead-in followed by a list.
 */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const ITEM = /^- /;

/** Splits a body into paragraphs and lists (empty paragraphs dropped). */
export function textBlocks(body: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const chunk of body.split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    const lead = lines.filter((line) => !ITEM.test(line));
    const items = lines.filter((line) => ITEM.test(line)).map((line) => line.replace(ITEM, ''));
    if (lead.length > 0) blocks.push({ kind: 'paragraph', text: lead.join(' ') });
    if (items.length > 0) blocks.push({ kind: 'list', items });
  }
  return blocks;
}
