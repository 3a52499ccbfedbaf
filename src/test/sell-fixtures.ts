import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { categories, products } from "../db/schema/catalogue.ts";
import { DEMO_CUSTOMER, DEMO_STAFF } from "../demo-data/demo-customer.ts";
import type { Cookies } from "./shop-fixtures.ts";
import { totpCode } from "./staff-session.ts";

import { PERFECT_DEVICE, PERFECT_PHONE_CHECKLIST } from "../domain/selling/test-answers.ts";
export { PERFECT_DEVICE, PERFECT_PHONE_CHECKLIST };

const CART = "reloop-cart";
const SESSION = "reloop-session";
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export const GOOD_BOOK = { mediaComplete: "yes", mediaCondition: "good" } as const;
export const SELLER_HOME = { firstName: "Jonas", lastName: "Weber", street: "Lindenallee", houseNumber: "12", postalCode: "50968", city: "Köln", country: "DE" };
export const VALID_IBAN = "DE89370400440532013000";

/** The helpers the sell-side API tests share, bound to one test file's app and database. */
export function sellFixtures(app: () => FastifyInstance, database: () => Database) {
  const taken = new Set<number>();
  let staffSession: Promise<Cookies> | undefined;
  async function logInStaff(): Promise<Cookies> {
    const cookies: Cookies = {};
    const res = await call("POST", "/api/customer/login", cookies, { credentials: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } });
    if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
    const factor = await call("POST", "/api/ops/second-factor", cookies, { code: await totpCode(DEMO_STAFF.totpSecret) });
    if (factor.statusCode !== 200) throw new Error(`staff second factor failed: ${factor.body}`);
    return cookies;
  }
  async function call(method: Method, url: string, cookies: Cookies, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await app().inject({ method, url, cookies, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
    for (const c of res.cookies) if (c.name === CART || c.name === SESSION) cookies[c.name] = c.value;
    return res;
  }
  /** A product the shop buys, of a kind of category, not used by another test of the file; its purchase price set. */
  async function sellable(imageKind: string, pricePurchase: number): Promise<number> {
    const rows = await database()
      .db.select({ id: products.id })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(eq(categories.imageKind, imageKind), eq(products.allowedPurchase, true), eq(products.purchaseStop, false)))
      .orderBy(products.id);
    const id = rows.map((r) => r.id).find((i) => !taken.has(i));
    if (id === undefined) throw new Error(`No sellable ${imageKind} left`);
    taken.add(id);
    await database().db.update(products).set({ pricePurchase }).where(eq(products.id, id));
    return id;
  }
  const fixtures = {
    call,
    codeOf: (res: { json: () => { errors?: { code: string }[] } }) => res.json().errors?.[0]?.code,
    phone: (pricePurchase = 30_000) => sellable("smartphone", pricePurchase),
    book: (pricePurchase = 400) => sellable("book", pricePurchase),
    /** Adds a product at the offer its answers give, as the trade-in page does: asks for the offer, then sends its price. */
    async addOffer(cookies: Cookies, productId: number, answers: Record<string, string>, extra: { editId?: string } = {}) {
      const offer = (await call("POST", `/api/trade-in/products/${productId}/offer`, cookies, { answers })).json();
      return call("POST", `/api/green-cart/items/${productId}`, cookies, { price: offer.price.amount, customerGradingDto: { answers }, ...extra });
    },
    async login(cookies: Cookies, who: { email: string; password: string } = DEMO_CUSTOMER) {
      const res = await call("POST", "/api/customer/login", cookies, { credentials: who });
      if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
      return cookies;
    },
    /**
     * The demo staff member's cookies, logged in with password and TOTP code. One session per test
     * file: a code is accepted once, so a second login in the same 30 seconds would be refused.
     */
    staff: async () => ({ ...(await (staffSession ??= logInStaff())) }),
    /** A new customer account, logged in. */
    async newCustomer(email: string): Promise<Cookies> {
      const cookies: Cookies = {};
      const password = "a-long-enough-password-1";
      await call("POST", "/api/customer/registrations", cookies, { email, password });
      const res = await call("POST", "/api/customer/login", cookies, { credentials: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login of ${email} failed: ${res.body}`);
      return cookies;
    },
    /** A new seller's checked-out sale of a phone (perfect, as they say) and a book; its UUID and number. */
    async soldPhoneAndBook(email: string): Promise<{ seller: Cookies; uuid: string; number: string }> {
      const seller = await fixtures.newCustomer(email);
      await fixtures.addOffer(seller, await fixtures.phone(30_000), PERFECT_DEVICE);
      await fixtures.addOffer(seller, await fixtures.book(2_000), GOOD_BOOK);
      const cart = (await call("POST", "/api/green-cart/prepare-checkout", seller)).json().cart;
      const body = { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: SELLER_HOME, payout: { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" } };
      const sold = await call("POST", "/api/green-cart/checkout", seller, body, { "idempotency-key": `ops-sale-${email.replace(/\W/g, "-")}` });
      if (sold.statusCode !== 201) throw new Error(`checkout of ${email} failed: ${sold.body}`);
      return { seller, uuid: sold.json().saleUuid, number: sold.json().number };
    },
  };
  return fixtures;
}

export const GOOD_BOOK_CHECKLIST = { discMatchesCover: "yes", mediaComplete: "yes", mediaCondition: "good" };
