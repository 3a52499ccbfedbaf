import { useEffect, useState } from "react";

/**
 * The page the visitor came from, when it is one of ours. A kept page cannot read the Referer
 * header (it would be shared with every visitor of its key): it starts from the server's value
 * (null there) and takes the browser's document.referrer once hydrated.
 */
export function useSameSiteReferrer(fromServer: string | null): string | null {
  const [previous, setPrevious] = useState(fromServer);
  useEffect(() => {
    if (fromServer !== null || !document.referrer) return;
    try {
      const from = new URL(document.referrer);
      if (from.origin === location.origin && from.pathname !== location.pathname) setPrevious(from.pathname + from.search);
    } catch {
      // An unreadable referrer is no previous page.
    }
  }, [fromServer]);
  return previous;
}
