import { describe, expect, it } from "vitest";
import { orderItems, orders } from "../../../db/schema/orders.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { HOME } from "../../../test/shop-fixtures.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";
import { customers } from "../../../db/schema/accounts.ts";
import { eq } from "drizzle-orm";

const { app, database } = setupTestApp();
const { call, codeOf, newCustomer, staff } = sellFixtures(app, database);
const REVIEW = { rating: 4, title: "Works like new", text: "The battery lasts all day and there is not a scratch on it.", variant: "A1" };

/** A paid order of the customer holding the product, as checkout leaves it. */
async function paidOrder(email: string, productId: number) {
  const [customer] = await database().db.select({ uuid: customers.uuid }).from(customers).where(eq(customers.email, email));
  const [order] = await database()
    .db.insert(orders)
    .values({
      number: `R99-${String(productId).padStart(6, "0")}`,
      customerUuid: customer!.uuid,
      email,
      locale: "de",
      status: "paid",
      paymentMethod: "sandbox",
      deliveryMethod: "standard",
      billingAddress: { ...HOME, country: "DE" as const, packstation: false },
      deliveryAddress: { ...HOME, country: "DE" as const, packstation: false },
      itemsTotal: 10_000,
      discountTotal: 0,
      insurancePrice: 0,
      shippingPrice: 0,
      total: 10_000,
      dispatchDaysMin: 1,
      dispatchDaysMax: 2,
      paymentDeadline: new Date().toISOString(),
    })
    .returning();
  await database().db.insert(orderItems).values({ orderUuid: order!.uuid, productId, name: "x", label: "A1", withFullBattery: false, price: 10_000, discount: 0, vatScheme: "margin" });
}

describe("writing reviews", () => {
  it("needs an account, takes one review per customer and product, and marks a verified purchase", async () => {
    expect(codeOf(await call("POST", "/api/products/21/reviews", {}, REVIEW))).toBe("NOT_AUTHENTICATED");
    const buyer = await newCustomer("buyer-reviewer@example.com");
    await paidOrder("buyer-reviewer@example.com", 21);
    expect((await call("GET", "/api/products/21/reviews/mine", buyer)).json()).toMatchObject({ review: null, bought: true, productName: expect.any(String) });
    const written = await call("POST", "/api/products/21/reviews", buyer, REVIEW);
    expect(written.statusCode).toBe(201);
    expect(written.json()).toMatchObject({ status: "pending", verifiedPurchase: true, rating: 4, variant: "A1" });
    expect(codeOf(await call("POST", "/api/products/21/reviews", buyer, REVIEW))).toBe("REVIEW_EXISTS");
    const other = await newCustomer("browser-reviewer@example.com");
    expect((await call("POST", "/api/products/21/reviews", other, REVIEW)).json()).toMatchObject({ status: "pending", verifiedPurchase: false });
    // Nobody else sees a review before it is approved, not even through "mine".
    expect((await call("GET", "/api/products/21/reviews/mine", other)).json().review.verifiedPurchase).toBe(false);
  });

  it("refuses bad input with a clear error", async () => {
    const cookies = await newCustomer("careless-reviewer@example.com");
    for (const [body, reference] of [
      [{ ...REVIEW, rating: 6 }, "body.rating"],
      [{ ...REVIEW, text: "short" }, "body.text"],
      [{ ...REVIEW, title: " " }, "body.title"],
      [{ ...REVIEW, variant: "B2" }, "body.variant"],
    ] as const) {
      const res = await call("POST", "/api/products/22/reviews", cookies, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0]).toMatchObject({ code: "VALIDATION_FAILED", reference });
    }
    expect(codeOf(await call("POST", "/api/products/99999999/reviews", cookies, REVIEW))).toBe("PRODUCT_DOESNT_EXIST");
  });

  it("counts a review only once staff approved it; a rejected one keeps its reason; only staff moderate", async () => {
    const writer = await newCustomer("moderated@example.com");
    const before = (await call("GET", "/api/products/23/reviews", {})).json().summary.count;
    const script = { ...REVIEW, title: "<script>alert(1)</script>", text: 'Nice <img src=x onerror="alert(1)"> and <a href="javascript:alert(1)">this</a>.' };
    const { id } = (await call("POST", "/api/products/23/reviews", writer, script)).json();
    expect((await call("GET", "/api/products/23/reviews", {})).json().summary.count).toBe(before);

    expect(codeOf(await call("GET", "/api/ops/reviews/pending", writer))).toBe("ROUTE_NOT_FOUND");
    expect(codeOf(await call("POST", `/api/ops/reviews/${id}/approve`, writer))).toBe("ROUTE_NOT_FOUND");
    const ops = await staff();
    const pending = (await call("GET", "/api/ops/reviews/pending", ops)).json().reviews;
    expect(pending.map((r: { id: number }) => r.id)).toContain(id);
    expect((await call("POST", `/api/ops/reviews/${id}/approve`, ops)).json()).toMatchObject({ status: "approved" });
    expect(codeOf(await call("POST", `/api/ops/reviews/${id}/approve`, ops))).toBe("REVIEW_NOT_PENDING");
    const list = (await call("GET", "/api/products/23/reviews", {})).json();
    expect(list.summary.count).toBe(before + 1);
    // Stored and answered as the plain text it was written as.
    expect(list.items[0]).toMatchObject({ title: script.title, text: script.text, author: "moderated" });

    const rejected = await newCustomer("rejected@example.com");
    const second = (await call("POST", "/api/products/23/reviews", rejected, REVIEW)).json();
    expect((await call("POST", `/api/ops/reviews/${second.id}/reject`, ops, { reason: "Talks about the delivery, not the product" })).json()).toMatchObject({ status: "rejected" });
    expect((await call("GET", "/api/products/23/reviews/mine", rejected)).json().review).toMatchObject({ status: "rejected", rejectionReason: "Talks about the delivery, not the product" });
    expect((await call("GET", "/api/products/23/reviews", {})).json().summary.count).toBe(before + 1);
    expect((await call("POST", `/api/ops/reviews/${second.id}/reject`, ops, {})).statusCode).toBe(400);
  });

  it("moderation is support's: other staff get 403 ROLE_REQUIRED, a support member's decisions are audited", async () => {
    const desk = await newStaffMember({ newCustomer }, database(), "reviews-receiving@example.com", ["receiving"]);
    const support = await newStaffMember({ newCustomer }, database(), "reviews-support@example.com", ["support"]);
    const [first, second] = await Promise.all(
      ["audited-1@example.com", "audited-2@example.com"].map(async (email) => (await call("POST", "/api/products/24/reviews", await newCustomer(email), REVIEW)).json().id as number),
    );
    for (const [method, url, body] of [
      ["GET", "/api/ops/reviews/pending"],
      ["POST", `/api/ops/reviews/${first}/approve`],
      ["POST", `/api/ops/reviews/${first}/reject`, { reason: "Not about the product" }],
    ] as const) {
      const res = await call(method, url, desk, body);
      expect([res.statusCode, codeOf(res)], `${method} ${url}`).toEqual([403, "ROLE_REQUIRED"]);
    }

    expect((await call("GET", "/api/ops/reviews/pending", support)).json().reviews.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([first, second]));
    expect((await call("POST", `/api/ops/reviews/${first}/approve`, support)).json()).toMatchObject({ status: "approved" });
    expect((await call("POST", `/api/ops/reviews/${second}/reject`, support, { reason: "Not about the product" })).json()).toMatchObject({ status: "rejected" });
    for (const [action, id, after] of [
      ["review.approve", first, { status: "approved", reason: null }],
      ["review.reject", second, { status: "rejected", reason: "Not about the product" }],
    ] as const) {
      const { entries } = (await call("GET", `/api/ops/audit?action=${action}&entityId=${id}`, support)).json();
      expect(entries).toEqual([expect.objectContaining({ actorEmail: "reviews-support@example.com", action, entityType: "review", entityId: String(id), before: { status: "pending" }, after })]);
    }
  });
});
