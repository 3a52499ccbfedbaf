/** The wishlist heart, filled when the product is wished. */
export function HeartIcon({ filled, size = 20 }: { filled: boolean; size?: number }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width={size} height={size} className={filled ? "fill-red-600 stroke-red-600" : "fill-none stroke-current"} strokeWidth="2">
      <path d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.8 4.5c2.1 0 3.6 1.1 5.2 3 1.6-1.9 3.1-3 5.2-3 3.8 0 5.9 3.9 4.4 7.3C19.5 16.4 12 21 12 21z" />
    </svg>
  );
}
