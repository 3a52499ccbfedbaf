import type { SeoBlock } from "../../../api/contract.ts";
import { RichText } from "./rich-text.tsx";

/** A page's editorial text below its list, as staff wrote it. */
export function SeoBlockSection({ block }: { block: SeoBlock }) {
  return (
    <section aria-labelledby="seo-title" className="mt-12 max-w-3xl">
      <h2 id="seo-title" className="text-xl font-bold">
        {block.title}
      </h2>
      <RichText html={block.html} className="text-muted" />
    </section>
  );
}
