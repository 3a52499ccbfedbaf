import { extractText, getDocumentProxy } from "unpdf";
import { describe, expect, it } from "vitest";
import { DEMO_CUSTOMER } from "../../../demo-data/demo-customer.ts";
import { setupMailJobsApp } from "../../../test/mail-jobs-harness.ts";
import { HOME, shopFixtures, type Cookies } from "../../../test/shop-fixtures.ts";

const DAY = 86_400_000;
const { app, database, jobs, smtp, now, setNow, subjectsTo, troubledJobs } = setupMailJobsApp();
const { call, stockOf, freshProduct } = shopFixtures(app, database);

const CART = "reloop-cart";
const SESSION = "reloop-session";
const LANGUAGE = "reloop-language";
type Res = Awaited<ReturnType<ReturnType<typeof app>["inject"]>>;

function keep(cookies: Cookies, res: Res) {
  for (const c of res.cookies) if (c.name === CART || c.name === SESSION) cookies[c.name] = c.value;
  return res;
}

/** Places an order of one unit in the given language; guests give their e-mail, a session cookie makes it a customer's. */
async function placeOrder(productId: number, options: { cookies: Cookies; email?: string; paymentMethod: "sandbox" | "prepayment"; key: string }) {
  const { cookies } = options;
  keep(cookies, await call("POST", "/api/cart/items", cookies, { id: productId, productVariantLabel: "A1", withFullBattery: false }));
  await call("PUT", "/api/checkout/address", cookies, { ...(options.email ? { email: options.email } : {}), billingAddress: HOME });
  const view = (await call("PUT", "/api/cart/options", cookies, { paymentMethod: options.paymentMethod })).json();
  const body = { expectedTotal: view.totals.total.amount, expectedDispatch: { min: view.minDaysUntilDispatch, max: view.maxDaysUntilDispatch }, termsAccepted: true };
  const placed = await call("POST", "/api/checkout/orders", cookies, body, { "idempotency-key": options.key });
  expect(placed.statusCode).toBe(201);
  return placed.json() as { orderUuid: string; number: string; status: string; totalPrice: { amount: number }; redirectUrl: string };
}
/** The sandbox provider's hosted page, approved as the browser does it. */
async function payApproved(redirectUrl: string) {
  const start = await app().inject({ method: "GET", url: redirectUrl });
  expect(start.statusCode).toBe(303);
  const decided = await app().inject({ method: "POST", url: start.headers.location!, payload: "result=approved", headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(decided.statusCode).toBe(303);
}
const plain = (text: string | undefined) => (text ?? "").replace(/\u00a0/g, " ");

describe("order jobs", () => {
  it("mail the confirmation with the PDF invoice once the payment is in, in the order's language, and only once", async () => {
    const id = await freshProduct(2);
    const order = await placeOrder(id, { cookies: { [LANGUAGE]: "fr" }, email: "claire@example.com", paymentMethod: "sandbox", key: "jobs-card-1" });
    await jobs().drain();
    expect(subjectsTo("claire@example.com")).toEqual([]);

    await payApproved(order.redirectUrl);
    await jobs().drain();
    const received = smtp().to("claire@example.com");
    expect(received).toHaveLength(1);
    const { mail } = received[0]!;
    expect(mail.subject).toBe(`Votre commande ${order.number} est confirmée`);
    expect(plain(mail.text)).toContain("Total : 200,00 €");
    expect(mail.text).toContain("régime de la marge (§ 25a");
    // A guest has no account: the link opens the order by the key it carries.
    expect(mail.text).toContain(`/my/orders/${order.orderUuid}?key=`);
    expect(mail.attachments).toHaveLength(1);
    const [invoice] = mail.attachments;
    expect(invoice!.filename).toBe(`Facture-${order.number}.pdf`);
    expect(invoice!.contentType).toBe("application/pdf");
    expect(invoice!.content.subarray(0, 4).toString()).toBe("%PDF");
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(invoice!.content)), { mergePages: true });
    expect(text).toContain(order.number);
    expect(text).toContain("Reloop GmbH");

    expect(await jobs().drain()).toBe(0);
    expect(smtp().to("claire@example.com")).toHaveLength(1);
  });

  it("send bank details at once, a reminder after three days, and cancel with a notice when the deadline has passed", async () => {
    const cookies: Cookies = { [LANGUAGE]: "nl" };
    const login = keep(cookies, await call("POST", "/api/customer/login", cookies, { credentials: { email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password } }));
    expect(login.statusCode).toBe(200);
    const id = await freshProduct(1);
    const order = await placeOrder(id, { cookies, paymentMethod: "prepayment", key: "jobs-transfer-1" });
    expect(order.status).toBe("awaiting_transfer");
    expect(await stockOf(id, "A1")).toBe(0);

    await jobs().drain();
    expect(subjectsTo(DEMO_CUSTOMER.email)).toEqual([`Je bestelling ${order.number}: gegevens voor je overboeking`]);
    const instructions = plain(smtp().to(DEMO_CUSTOMER.email)[0]!.mail.text);
    expect(instructions).toContain(`Omschrijving: ${order.number}`);
    expect(instructions).toContain("IBAN: DE89 3704 0044 0532 0130 00");
    expect(instructions).toContain("Bedrag: € 200,00");
    expect(instructions).toContain(`http://localhost:3000/my/orders/${order.orderUuid}`);
    expect(await jobs().drain()).toBe(0);

    const placedAt = now();
    setNow(new Date(placedAt.getTime() + 3 * DAY + 60_000));
    await jobs().drain();
    expect(subjectsTo(DEMO_CUSTOMER.email)).toHaveLength(2);
    expect(subjectsTo(DEMO_CUSTOMER.email)[1]).toBe(`Herinnering: de betaling van je bestelling ${order.number} staat nog open`);
    expect((await call("GET", `/api/orders/${order.orderUuid}`, cookies)).json().status).toBe("awaiting_transfer");

    setNow(new Date(placedAt.getTime() + 7 * DAY + 60_000));
    await jobs().drain();
    const view = (await call("GET", `/api/orders/${order.orderUuid}`, cookies)).json();
    expect(view.status).toBe("cancelled");
    expect(view.timeline.at(-1).event).toBe("transfer_overdue");
    expect(await stockOf(id, "A1")).toBe(1);
    expect(subjectsTo(DEMO_CUSTOMER.email)).toHaveLength(3);
    expect(subjectsTo(DEMO_CUSTOMER.email)[2]).toBe(`Je bestelling ${order.number} is geannuleerd`);

    await jobs().drain();
    expect(subjectsTo(DEMO_CUSTOMER.email)).toHaveLength(3);
    expect(await troubledJobs()).toEqual([]);
  });
});
