/** The body of a legal section: paragraphs and bulleted lists (lib/text-blocks.ts). */
import { textBlocks } from '../lib/text-blocks';

/** Renders a section body with readable spacing. */
export function LegalText({ body }: { body: string }) {
  return (
    <div className="flex flex-col gap-3 text-[15px] leading-relaxed text-gray-700">
      {textBlocks(body).map((block, index) =>
        block.kind === 'paragraph' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <p key={index}>{block.text}</p>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text, never reordered
          <ul key={index} className="flex list-disc flex-col gap-1.5 pl-6 marker:text-brand-700">
            {block.items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}
