import type { ReactNode } from "react";
import { Link } from "react-router";

/** What a list says when there is nothing in it, and the one way on. */
export function EmptyState({ title, text, action, children }: { title: string; text: string; action?: { to: string; label: string }; children?: ReactNode }) {
  return (
    <div className="mt-6 rounded-2xl border border-dashed border-line p-10 text-center">
      <p className="text-lg font-semibold">{title}</p>
      <p className="mt-1 text-muted">{text}</p>
      {action && (
        <Link to={action.to} className="mt-6 inline-block rounded-full bg-[var(--accent)] px-6 py-3 font-semibold text-white hover:bg-[var(--accent-dark)]">
          {action.label}
        </Link>
      )}
      {children}
    </div>
  );
}
