/** An error report keeps what helps fixing the bug and drops what could identify a person. */
export interface ErrorReport {
  kind: "client" | "server";
  message: string;
  stack?: string;
  url?: string;
  release?: string;
}

const EMAIL = /[\w.+-]+@[\w-]+(\.[\w-]+)+/g;
const LONG_NUMBER = /\b\d{7,}\b/g;
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;

function scrubText(text: string, limit: number): string {
  return text.replace(EMAIL, "[email]").replace(TOKEN, "[token]").replace(LONG_NUMBER, "[number]").slice(0, limit);
}

/** Query strings and fragments can carry e-mails, tokens and search terms: only the path is kept. */
export function scrubUrl(url: string): string {
  try {
    const parsed = new URL(url, "http://x");
    return scrubText(parsed.pathname, 500);
  } catch {
    return "[invalid url]";
  }
}

export function scrubErrorReport(report: ErrorReport): ErrorReport {
  return {
    kind: report.kind,
    message: scrubText(report.message, 1000),
    ...(report.stack ? { stack: scrubText(report.stack, 8000) } : {}),
    ...(report.url ? { url: scrubUrl(report.url) } : {}),
    ...(report.release ? { release: report.release.slice(0, 100) } : {}),
  };
}
