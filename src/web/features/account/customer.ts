import { usePersonal } from "../../shell/personal.tsx";

/** The logged-in customer (logged-in status comes from user meta), or null for a visitor. */
export function useCustomer() {
  return usePersonal().customer;
}

/** Items in the buy cart, for the header; revalidated with the root after every cart change. */
export function useCartCount(): number {
  return usePersonal().cartCount;
}

/** Buy alerts still waiting, for the header; revalidated with the root after every alert change. */
export function useBuyAlertCount(): number {
  return usePersonal().buyAlertCount;
}
