import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { productVariants } from "../../../db/schema/catalogue.ts";
import { createJobQueue, type JobQueue } from "../../../jobs/queue.ts";
import { createMailer } from "../../../mail/mailer.ts";
import { TEST_VERSION } from "../../../test/api-harness.ts";
import { setupMailJobsApp } from "../../../test/mail-jobs-harness.ts";
import { sellFixtures } from "../../../test/sell-fixtures.ts";
import { buildApp } from "../../app.ts";

const harness = setupMailJobsApp();
const { app, database, jobs, smtp, subjectsTo, troubledJobs } = harness;
const { call, newCustomer, staff } = sellFixtures(app, database);

// A second instance of the shop on the same database, with its own job queue: both sweep and work.
let second: FastifyInstance;
let secondJobs: JobQueue;
beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: "test" });
  const mailer = createMailer({ ...config, SMTP_URL: smtp().url });
  secondJobs = createJobQueue(database(), { clock: harness.now, log: () => {} });
  second = await buildApp({ config, database: database(), version: TEST_VERSION, clock: harness.now, mailer, jobs: secondJobs });
  await second.ready();
  await secondJobs.start();
});
afterAll(async () => {
  await second?.close();
  await secondJobs?.stop();
});
const drainBoth = async () => {
  for (let round = 0; round < 3; round += 1) await Promise.all([jobs().drain(), secondJobs.drain()]);
};

async function soldOut(productId: number) {
  const ops = await staff();
  const variants = await database().db.select({ label: productVariants.label }).from(productVariants).where(eq(productVariants.productId, productId));
  for (const { label } of variants) await call("PUT", `/api/ops/products/${productId}/variants/${label}`, ops, { quantity: 0 });
  return ops;
}

describe("alert mails", () => {
  it("mail a waiting alert once when its grade is back, with two instances at work, and never again", async () => {
    const ops = await soldOut(11);
    const cookies = await newCustomer("waiting@example.com");
    await call("PUT", "/api/customer/locale", cookies, { locale: "en" });
    expect((await call("PUT", "/api/buy-alerts/11", cookies, { variants: ["A2"] })).statusCode).toBe(200);
    await drainBoth();
    expect(subjectsTo("waiting@example.com").filter((s) => s?.includes("back"))).toEqual([]);

    // Another grade coming back is not what was asked for.
    await call("PUT", "/api/ops/products/11/variants/A1", ops, { quantity: 2 });
    await drainBoth();
    expect(subjectsTo("waiting@example.com").filter((s) => s?.includes("back"))).toEqual([]);

    await call("PUT", "/api/ops/products/11/variants/A2", ops, { quantity: 1 });
    await drainBoth();
    const mails = smtp().to("waiting@example.com").filter((r) => r.mail.subject?.includes("back"));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.mail.text!;
    expect(text).toMatch(/variant=A2/);
    const unsubscribe = /(\/api\/alerts\/unsubscribe\?token=[\w.-]+)/.exec(text)![1]!;

    await call("PUT", "/api/ops/products/11/variants/A2", ops, { quantity: 3 });
    harness.setNow(new Date(harness.now().getTime() + 5 * 60_000));
    await drainBoth();
    expect(smtp().to("waiting@example.com").filter((r) => r.mail.subject?.includes("back"))).toHaveLength(1);
    const view = (await call("GET", "/api/buy-alerts", cookies)).json();
    expect(view).toMatchObject({ numberOfBuyAlerts: 0, alerts: [{ notifiedAt: expect.any(String) }] });

    const gone = await app().inject({ method: "GET", url: unsubscribe });
    expect([gone.statusCode, gone.headers.location]).toEqual([303, "/buy-alerts?unsubscribed=1"]);
    expect((await call("GET", "/api/buy-alerts", cookies)).json().alerts).toEqual([]);
    expect(await troubledJobs()).toEqual([]);
  });

  it("mail a wished product's price drop once per lower price", async () => {
    const ops = await staff();
    const cookies = await newCustomer("wishing@example.com");
    const variants = await database().db.select().from(productVariants).where(eq(productVariants.productId, 12));
    const cheapest = Math.min(...variants.filter((v) => v.quantity > 0).map((v) => v.price));
    const drops = () => subjectsTo("wishing@example.com").filter((s) => s?.includes("günstiger"));
    await call("PUT", "/api/watchlist/12", cookies);
    await drainBoth();
    expect(drops()).toHaveLength(0);

    const [cheap] = variants.filter((v) => v.quantity > 0 && v.price === cheapest);
    await call("PUT", `/api/ops/products/12/variants/${cheap!.label}`, ops, { price: cheapest - 1_000 });
    await drainBoth();
    expect(drops()).toHaveLength(1);
    await drainBoth();
    expect(drops()).toHaveLength(1);
    await call("PUT", `/api/ops/products/12/variants/${cheap!.label}`, ops, { price: cheapest - 2_000 });
    await drainBoth();
    expect(drops()).toHaveLength(2);
    // The mail's own link ends the price-drop mails for this product.
    const last = smtp().to("wishing@example.com").filter((r) => r.mail.subject?.includes("günstiger")).at(-1)!;
    const unsubscribe = /(\/api\/alerts\/unsubscribe\?token=[\w.-]+)/.exec(last.mail.text!)![1]!;
    expect((await app().inject({ method: "GET", url: unsubscribe })).headers.location).toBe("/wishlist?unsubscribed=1");
    await call("PUT", `/api/ops/products/12/variants/${cheap!.label}`, ops, { price: cheapest - 3_000 });
    await drainBoth();
    expect(drops()).toHaveLength(2);
    const [row] = await database().db.select().from(productVariants).where(and(eq(productVariants.productId, 12), eq(productVariants.label, cheap!.label)));
    expect(row!.price).toBe(cheapest - 3_000);
  });
});
