/**
 * HTML the API rendered from Markdown (raw HTML and script links are dropped there), styled as
 * running text. It never holds anything a visitor typed in unchecked.
 */
export function RichText({ html, className = "" }: { html: string; className?: string }) {
  return (
    <div
      className={`max-w-3xl leading-relaxed [&_a]:font-semibold [&_a]:text-[var(--accent)] [&_a]:underline [&_h1]:mt-8 [&_h1]:text-2xl [&_h1]:font-bold [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:font-bold [&_li]:mt-1 [&_ol]:mt-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6 ${className}`}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
