import { useSubmit } from "react-router";

/**
 * After a login in a popup (PayPal, Facebook) the session is there: the login page's action runs
 * the pending action and goes on to the target with the toasts. `express` (PayPal express) goes on
 * without the success toast.
 */
export function useContinueAfterLogin(target: string, then: string | null, express = false) {
  const submit = useSubmit();
  return () => submit({ intent: "signed-in", next: target, then: then ?? "", express: express ? "1" : "" }, { method: "post", action: "/auth" });
}
