import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "../../root.tsx";

/** The logged-in customer (logged-in status comes from user meta), or null for a visitor. */
export function useCustomer() {
  return useRouteLoaderData<typeof rootLoader>("root")?.customer ?? null;
}

/** Items in the buy cart, for the header; revalidated with the root after every cart change. */
export function useCartCount(): number {
  return useRouteLoaderData<typeof rootLoader>("root")?.cartCount ?? 0;
}

/** Buy alerts still waiting, for the header; revalidated with the root after every alert change. */
export function useBuyAlertCount(): number {
  return useRouteLoaderData<typeof rootLoader>("root")?.buyAlertCount ?? 0;
}
