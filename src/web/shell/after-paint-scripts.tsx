import { createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { Scripts } from "react-router";

type ScriptsProps = Parameters<typeof Scripts>[0];
type Attributes = Record<string, unknown> & { dangerouslySetInnerHTML?: { __html: string } };

const TEMPLATE_ID = "after-paint-scripts";

/** The elements of React Router's <Scripts /> in document order, fragments and lists opened. */
function flatten(node: ReactNode): ReactElement<Attributes>[] {
  if (Array.isArray(node)) return node.flatMap(flatten);
  if (!isValidElement<Attributes & { children?: ReactNode }>(node)) return [];
  return node.type === Fragment ? flatten(node.props.children) : [node];
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/** A <link> or <script> written as HTML: only string and `true` attributes; React's own props are not HTML. */
function toHtml(element: ReactElement<Attributes>): string {
  const tag = element.type as string;
  const attributes = Object.entries(element.props)
    .filter(([name, value]) => name !== "dangerouslySetInnerHTML" && name !== "suppressHydrationWarning" && (typeof value === "string" || value === true))
    .map(([name, value]) => (value === true ? ` ${name}` : ` ${name === "crossOrigin" ? "crossorigin" : name}="${escapeAttribute(value as string)}"`))
    .join("");
  return tag === "script" ? `<script${attributes}>${element.props.dangerouslySetInnerHTML?.__html ?? ""}</script>` : `<${tag}${attributes}>`;
}

/**
 * Puts the template's scripts into the document once the first paint is recorded (a paint entry, not
 * a timer: pages under a paused test clock still hydrate), at once in a page that is not shown or a
 * browser without paint timing. The preloads go first and the module script in the next task (a
 * message, which no test clock holds back): starting twenty fetches and the module graph in one
 * task blocked a throttled phone for ~90 ms.
 */
const LOADER = `(function(){var done=false;function load(){if(done)return;done=true;var t=document.getElementById("${TEMPLATE_ID}");if(!t)return;var c=document.importNode(t.content,true),s=c.querySelectorAll("script");for(var i=0;i<s.length;i++)s[i].remove();document.body.appendChild(c);var m=new MessageChannel();m.port1.onmessage=function(){for(var i=0;i<s.length;i++)document.body.appendChild(s[i])};m.port2.postMessage(0)}var P=window.PerformanceObserver;if(document.visibilityState!=="visible"||!P||(P.supportedEntryTypes||[]).indexOf("paint")<0){load()}else{new P(function(l,o){o.disconnect();load()}).observe({type:"paint",buffered:true});document.addEventListener("visibilitychange",load,{once:true})}})()`;

/**
 * React Router's scripts, with the application's modules fetched only after the first paint. The
 * page is server-rendered and works before hydration, so the document and its stylesheet need not
 * share a slow connection with ~115 KB of module preloads, nor wait for hydration to be painted.
 * The hydration data (a classic script, fed by the streamed parts) stays where it is; the module
 * preloads and the module script wait in a <template>, which fetches and runs nothing, until an
 * inline script moves them into the document. Cloned scripts keep their nonce, so the CSP holds.
 */
export function AfterPaintScripts(props: ScriptsProps = {}) {
  const elements = flatten(Scripts(props));
  if (elements.length === 0) return null;
  const deferred = (e: ReactElement<Attributes>) => (e.type === "link" && e.props.rel === "modulepreload") || (e.type === "script" && e.props.type === "module");
  // The nonce React Router took from the router context.
  const nonce = elements.map((e) => e.props.nonce).find((n) => typeof n === "string") as string | undefined;
  // Only the server writes the template and the loader: hydration keeps the server's inner HTML, and
  // the browser's bundle carries neither.
  const html = import.meta.env.SSR ? elements.filter(deferred).map(toHtml).join("") : "";
  return (
    <>
      {createElement(Fragment, null, ...elements.filter((e) => !deferred(e)))}
      <template id={TEMPLATE_ID} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? LOADER : "" }} />
    </>
  );
}
