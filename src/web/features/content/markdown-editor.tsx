import { useEffect, useId, useRef, useState } from "react";
import { browserApi } from "../../api-client/browser.ts";
import { RichText } from "./rich-text.tsx";
import { contentApi } from "../../api-client/content.ts";

const PREVIEW_DELAY_MS = 300;

/**
 * A Markdown text area beside its preview. The preview is rendered by the API, as the storefront
 * will show it, a moment after typing stops; the Markdown library never reaches the browser.
 */
export function MarkdownEditor({ name, label, previewLabel, defaultValue, initialHtml }: { name: string; label: string; previewLabel: string; defaultValue: string; initialHtml: string }) {
  const id = useId();
  const [html, setHtml] = useState(initialHtml);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => setHtml(initialHtml), [initialHtml]);
  const onChange = (markdown: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const request = ++latest.current;
      contentApi(browserApi).opsContentPreview(markdown).then(
        (preview) => request === latest.current && setHtml(preview.html),
        () => undefined,
      );
    }, PREVIEW_DELAY_MS);
  };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <label htmlFor={id} className="block text-sm font-semibold">
          {label}
        </label>
        <textarea
          id={id}
          name={name}
          defaultValue={defaultValue}
          onChange={(e) => onChange(e.currentTarget.value)}
          rows={22}
          className="mt-1 w-full rounded-xl border border-line bg-white p-3 font-mono text-sm outline-none focus:border-[var(--accent)] focus:ring-2 focus:ring-[var(--accent)]/20"
        />
      </div>
      <section aria-label={previewLabel} className="rounded-xl border border-dashed border-line p-4" data-testid="preview">
        <p className="text-xs font-bold tracking-wide text-muted uppercase">{previewLabel}</p>
        <RichText html={html} />
      </section>
    </div>
  );
}
