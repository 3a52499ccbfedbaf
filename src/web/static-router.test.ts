import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, Link, Outlet, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";

/**
 * React Router as the server renders with it (patches/react-router+8.4.0.patch): the data routes of a
 * route table are converted once and shared by every render, and links to absolute paths skip the
 * route pathnames. Each render must still see its own matches and resolve its own links.
 */
const routes: RouteObject[] = [
  {
    id: "layout",
    path: "/",
    Component: () => createElement(Outlet),
    children: [
      {
        id: "item",
        path: "items/:itemId",
        Component: () =>
          createElement(Fragment, null, createElement(Link, { to: "/cart" }, "absolute"), createElement(Link, { to: "reviews" }, "relative"), createElement(Link, { to: ".." }, "up")),
      },
      { id: "cart", path: "cart", Component: () => createElement(Link, { to: "/items/7?grade=A1#top" }, "item") },
    ],
  },
];
const handler = createStaticHandler(routes);

async function render(path: string) {
  const context = await handler.query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(createElement(StaticRouterProvider, { router, context, hydrate: false }));
  return { router, hrefs: [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]) };
}

describe("the static router of a render", () => {
  it("shares the converted route table between renders, each with its own matches and links", async () => {
    const first = await render("/items/1");
    const second = await render("/items/2");
    const cart = await render("/cart");
    expect(second.router.routes).toBe(first.router.routes);
    expect(first.router.state.matches.map((m) => m.route.id)).toEqual(["layout", "item"]);
    expect(second.router.state.matches.map((m) => m.params.itemId)).toEqual(["2", "2"]);
    expect(cart.router.state.matches.map((m) => m.route.id)).toEqual(["layout", "cart"]);
    expect(first.hrefs).toEqual(["/cart", "/items/1/reviews", "/"]);
    expect(second.hrefs).toEqual(["/cart", "/items/2/reviews", "/"]);
    expect(cart.hrefs).toEqual(["/items/7?grade=A1#top"]);
  });
});
