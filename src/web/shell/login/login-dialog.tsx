import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import type { PendingAction } from "../../../domain/accounts/pending-action.ts";

// Loaded when a visitor first does something that needs a login.
const LoginModal = lazy(() => import("./login-modal.tsx"));

/**
 * For a visitor with JavaScript: instead of the plain form's way through the login page, the login
 * dialog opens over the page and remembers the action. Without it (or signed in) the form posts.
 */
export function useLoginDialog(signedIn: boolean) {
  const [login, setLogin] = useState<{ then: PendingAction | null; next: string } | null>(null);
  const location = useLocation();
  const here = location.pathname + location.search;
  // Signed in (the login went through and the page revalidated): the dialog has done its work.
  useEffect(() => {
    if (signedIn) setLogin(null);
  }, [signedIn]);
  return {
    /** Opens the dialog (and stops the default) when a login is needed. */
    intercept(event: { preventDefault(): void }, then: PendingAction | null, next = here) {
      if (signedIn) return;
      event.preventDefault();
      setLogin({ then, next });
    },
    dialog: login && !signedIn && (
      <Suspense fallback={null}>
        <LoginModal then={login.then} next={login.next} onClose={() => setLogin(null)} />
      </Suspense>
    ),
  };
}
