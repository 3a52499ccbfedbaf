import { Link } from "react-router";

export function Logo({ productName }: { productName: string }) {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-md text-xl font-extrabold tracking-tight text-ink" aria-label={productName}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <circle cx="16" cy="16" r="15" fill="var(--accent, #0b5cd5)" />
        <path d="M10 17a6 6 0 1 0 2-4.5M10 9v4h4" stroke="white" strokeWidth="2.6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>{productName}</span>
    </Link>
  );
}
