import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { UserMeta } from "../../api/contract.ts";

/** The signed-in customer as the header shows them. */
export interface ShellCustomer {
  email: string;
  locale: string;
  emailDeliverable: boolean;
  staff: boolean;
}

/** What the shell shows of the visitor: login state, cart count, alerts. */
export interface PersonalParts {
  customer: ShellCustomer | null;
  cartCount: number;
  buyAlertCount: number;
}

export interface PersonalState extends PersonalParts {
  /**
   * The page is the one everyone gets, served to a visitor with a cart or a session: these parts
   * (and a list's hearts, a product's watch status) are asked for after it arrives.
   */
  later: "cart" | "customer" | null;
  /** Whether the parts asked for after arrival are in. */
  arrived: boolean;
}

/** A customer whose details are still to come: the header has the customer's shape, so nothing moves when they do. */
const SIGNED_IN: ShellCustomer = { email: "", locale: "", emailDeliverable: true, staff: false };

export function shellCustomerOf(user: UserMeta["user"]): ShellCustomer | null {
  return user && { email: user.email, locale: user.locale, emailDeliverable: user.emailDeliverable, staff: user.staff };
}

export function personalPartsOf(meta: UserMeta): PersonalParts {
  return { customer: shellCustomerOf(meta.user), cartCount: meta.cart.itemCount, buyAlertCount: meta.numberOfBuyAlerts ?? 0 };
}

const PersonalContext = createContext<PersonalState | null>(null);

/**
 * The visitor's personal parts: the root loader's, or — on a shared page served to someone with a
 * cart or a session — asked of the API once the page is up (its script loads only then).
 */
function usePersonalParts(fromLoader: PersonalParts, later: "cart" | "customer" | null): PersonalState {
  const [fetched, setFetched] = useState<PersonalParts | null>(null);
  useEffect(() => {
    if (!later) return;
    let current = true;
    void import("../api-client/browser.ts")
      .then(({ browserApi }) => browserApi.userMeta())
      .then(
        (meta) => current && setFetched(personalPartsOf(meta)),
        // Nothing personal to show is no reason to break the page: it stays as everyone sees it.
        () => current && setFetched({ customer: null, cartCount: 0, buyAlertCount: 0 }),
      );
    return () => {
      current = false;
    };
  }, [later]);
  if (!later) return { ...fromLoader, later: null, arrived: true };
  if (fetched) return { ...fetched, later, arrived: true };
  return { customer: later === "customer" ? SIGNED_IN : null, cartCount: 0, buyAlertCount: 0, later, arrived: false };
}

export function PersonalProvider({ fromLoader, later, children }: { fromLoader: PersonalParts; later: "cart" | "customer" | null; children: ReactNode }) {
  const state = usePersonalParts(fromLoader, later);
  return <PersonalContext value={state}>{children}</PersonalContext>;
}

const NOBODY: PersonalState = { customer: null, cartCount: 0, buyAlertCount: 0, later: null, arrived: true };

export function usePersonal(): PersonalState {
  return useContext(PersonalContext) ?? NOBODY;
}

/**
 * A customer's part of a shared page (a list's hearts, a product's watch status): the loader's when
 * the page was rendered for them, else asked after the page is up — only of a customer's session.
 */
export function useCustomerPart<T>(fromLoader: T | null, ask: (() => Promise<T>) | null, key: string): T | null {
  const { later } = usePersonal();
  const [fetched, setFetched] = useState<{ key: string; value: T } | null>(null);
  const wanted = later === "customer" && fromLoader === null && ask !== null;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    ask().then(
      (value) => current && setFetched({ key, value }),
      () => undefined,
    );
    return () => {
      current = false;
    };
    // The key names what is asked; the function is new every render.
  }, [wanted, key]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!wanted) return fromLoader;
  return fetched?.key === key ? fetched.value : null;
}
