import { createContext, useContext, useEffect, useState, type ReactNode } from "react";
import type { CustomerPartRequest, PersonalParts, ShellCustomer } from "./personal-parts.ts";

/** The asking code, loaded only when a shared page needs it. */
const asking = () => import("./personal-parts.ts");

export interface PersonalState extends PersonalParts {
  /**
   * The page is the one everyone gets, served to a visitor with a cart ("cart") or a session
   * ("customer"): these parts (and a list's hearts, a product's watch status) are asked for after
   * it arrives. Null when the page was rendered for this visitor.
   */
  later: "cart" | "customer" | null;
}

/** A customer whose details are still to come: the header has the customer's shape, so nothing moves when they do. */
const SIGNED_IN: ShellCustomer = { email: "", locale: "", emailDeliverable: true, staff: false };
const NOBODY: PersonalState = { customer: null, cartCount: 0, buyAlertCount: 0, later: null };
const PersonalContext = createContext<PersonalState>(NOBODY);

/**
 * The visitor's personal parts: the root loader's, or — on a shared page served to someone with a
 * cart or a session — asked of the API once the page is up (the code that asks loads only then).
 */
export function PersonalProvider({ fromLoader, later, children }: { fromLoader: PersonalParts; later: PersonalState["later"]; children: ReactNode }) {
  const [fetched, setFetched] = useState<PersonalParts | null>(null);
  useEffect(() => {
    if (later) void asking().then((parts) => parts.askPersonalParts()).then(setFetched);
  }, [later]);
  const parts = !later ? fromLoader : (fetched ?? { customer: later === "customer" ? SIGNED_IN : null, cartCount: 0, buyAlertCount: 0 });
  return <PersonalContext value={{ ...parts, later }}>{children}</PersonalContext>;
}

export function usePersonal(): PersonalState {
  return useContext(PersonalContext);
}

/**
 * A customer's part of a shared page (a list's hearts, a product's watch status): the loader's when
 * the page was rendered for them, else asked after the page is up — only of a customer's session.
 */
export function useCustomerPart<T>(fromLoader: T | null, request: CustomerPartRequest): T | null {
  const wanted = useContext(PersonalContext).later === "customer" && fromLoader === null;
  const [fetched, setFetched] = useState<{ key: string; value: T } | null>(null);
  const key = JSON.stringify(request);
  useEffect(() => {
    if (wanted)
      asking()
        .then((parts) => parts.askCustomerPart(request))
        .then((value) => setFetched({ key, value: value as T }), () => undefined);
    // The key names what is asked; the request object is new every render.
  }, [wanted, key]); // eslint-disable-line react-hooks/exhaustive-deps
  // Once a loader answers for this visitor (a revalidation after an action is rendered for them), its value is the fresh one.
  return wanted && fetched?.key === key ? fetched.value : fromLoader;
}
