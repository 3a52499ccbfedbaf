import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../../config.ts";
import { customerAddresses } from "../../../db/schema/orders.ts";
import { ADDRESS_BOOK_LIMIT } from "../../../domain/accounts/accounts.ts";
import { createJobQueue } from "../../../jobs/queue.ts";
import { createMailer } from "../../../mail/mailer.ts";
import { accountCalls, type Cookies } from "../../../test/account-helpers.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import { startTestSmtpServer, type TestSmtpServer } from "../../../test/smtp-test-server.ts";

const now = new Date(Math.floor(Date.now() / 1000) * 1000);
const clock = () => now;
let smtp: TestSmtpServer;
beforeAll(async () => {
  smtp = await startTestSmtpServer();
});
afterAll(() => smtp.close());
const config = loadConfig({ NODE_ENV: "test" });
const { app, database, jobs } = setupTestApp({
  clock,
  mailer: { send: (message) => createMailer({ ...config, SMTP_URL: smtp.url }).send(message) },
  jobs: (db) => createJobQueue(db, { clock, log: () => {} }),
});
const { call, signUp } = accountCalls({ app, smtp: () => smtp, drain: () => jobs().drain() });

const HOME = { firstName: "Lena", lastName: "Graf", street: "Hauptstraße", houseNumber: "5", postalCode: "10115", city: "Berlin", country: "DE" };
const OFFICE = { ...HOME, company: "Graf GmbH", street: "Friedrichstraße", houseNumber: "120" };
const PACKSTATION = { ...HOME, street: "Packstation", houseNumber: "123", packstation: true, postNumber: "12345678" };
/** As the book answers: every field, absent ones as null. */
const stored = (address: object) => ({ company: null, packstation: false, postNumber: null, ...address });

const list = (cookies: Cookies) => call("GET", "/api/customer/addresses", { cookies });
const create = (cookies: Cookies, payload: object) => call("POST", "/api/customer/addresses", { payload, cookies });
const update = (cookies: Cookies, uuid: string, payload: object) => call("PUT", `/api/customer/addresses/${uuid}`, { payload, cookies });
const remove = (cookies: Cookies, uuid: string) => call("DELETE", `/api/customer/addresses/${uuid}`, { cookies });
const setDefaults = (cookies: Cookies, payload: object) => call("PUT", "/api/customer/address-defaults", { payload, cookies });
const defaultsOf = async (cookies: Cookies) =>
  ((await list(cookies)).json().addresses as { uuid: string; defaultBilling: boolean; defaultDelivery: boolean }[]).map((e) => [e.uuid, e.defaultBilling, e.defaultDelivery]);

describe("the address book", () => {
  it("adds, lists newest first, replaces and deletes addresses", async () => {
    const cookies = await signUp("book@example.com");
    expect((await list(cookies)).json()).toEqual({ addresses: [] });

    const home = await create(cookies, { address: HOME });
    expect(home.statusCode).toBe(201);
    expect(home.json()).toEqual({ uuid: expect.any(String), address: stored(HOME), defaultBilling: false, defaultDelivery: false });
    const packstation = (await create(cookies, { address: PACKSTATION })).json();
    expect((await list(cookies)).json().addresses.map((e: { uuid: string }) => e.uuid)).toEqual([packstation.uuid, home.json().uuid]);

    const moved = await update(cookies, home.json().uuid, { address: OFFICE });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ uuid: home.json().uuid, address: stored(OFFICE), defaultBilling: false, defaultDelivery: false });

    const deleted = await remove(cookies, packstation.uuid);
    expect(deleted.statusCode).toBe(204);
    expect((await list(cookies)).json().addresses).toEqual([moved.json()]);
    expect((await remove(cookies, packstation.uuid)).statusCode).toBe(404);
  });

  it("keeps one default billing and one default delivery address at most", async () => {
    const cookies = await signUp("defaults@example.com");
    const a = (await create(cookies, { address: HOME, defaultBilling: true, defaultDelivery: true })).json();
    expect(a).toMatchObject({ defaultBilling: true, defaultDelivery: true });
    const b = (await create(cookies, { address: OFFICE, defaultBilling: true })).json();
    expect(await defaultsOf(cookies)).toEqual([
      [b.uuid, true, false],
      [a.uuid, false, true],
    ]);

    await update(cookies, a.uuid, { address: HOME, defaultBilling: true, defaultDelivery: false });
    expect(await defaultsOf(cookies)).toEqual([
      [b.uuid, false, false],
      [a.uuid, true, false],
    ]);

    const both = await setDefaults(cookies, { billing: b.uuid, delivery: b.uuid });
    expect(both.statusCode).toBe(200);
    expect(both.json().addresses.map((e: { uuid: string; defaultBilling: boolean; defaultDelivery: boolean }) => [e.uuid, e.defaultBilling, e.defaultDelivery])).toEqual([
      [b.uuid, true, true],
      [a.uuid, false, false],
    ]);
    // Absent leaves a default as it is; null removes it.
    await setDefaults(cookies, { delivery: null });
    expect(await defaultsOf(cookies)).toEqual([
      [b.uuid, true, false],
      [a.uuid, false, false],
    ]);
    // Deleting the default leaves none.
    await remove(cookies, b.uuid);
    expect(await defaultsOf(cookies)).toEqual([[a.uuid, false, false]]);

    // The database holds the rule too, whoever writes.
    const [row] = await database().db.select().from(customerAddresses).where(eq(customerAddresses.uuid, a.uuid));
    await database().db.insert(customerAddresses).values({ customerUuid: row!.customerUuid, address: row!.address, defaultBilling: true });
    await expect(database().db.insert(customerAddresses).values({ customerUuid: row!.customerUuid, address: row!.address, defaultBilling: true })).rejects.toThrow();
  });

  it("answers 404 for another customer's address, whatever is asked, and changes nothing", async () => {
    const owner = await signUp("owner-of-book@example.com");
    const other = await signUp("snoop@example.com");
    const mine = (await create(owner, { address: HOME, defaultBilling: true })).json();
    expect((await list(other)).json().addresses).toEqual([]);
    for (const res of [await update(other, mine.uuid, { address: OFFICE, defaultDelivery: true }), await remove(other, mine.uuid), await setDefaults(other, { billing: mine.uuid })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe("ADDRESS_NOT_FOUND");
    }
    expect((await list(owner)).json().addresses).toEqual([mine]);
    expect((await setDefaults(other, { delivery: mine.uuid })).json().errors[0].reference).toBe("body.delivery");
  });

  it("checks addresses by checkout's rules, and needs a login", async () => {
    const cookies = await signUp("strict@example.com");
    const bad = await create(cookies, { address: { ...HOME, postalCode: "?", country: "US" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { reference: string }) => e.reference).sort()).toEqual(["body.address.country", "body.address.postalCode"]);
    const packstation = await create(cookies, { address: { ...PACKSTATION, postNumber: null } });
    expect(packstation.json().errors[0]).toMatchObject({ reference: "body.address.postNumber" });
    expect((await update(cookies, "not-a-uuid", { address: HOME })).json().errors[0].reference).toBe("params.uuid");
    expect((await list({})).statusCode).toBe(401);
    expect((await create({}, { address: HOME })).statusCode).toBe(401);
    expect((await list(cookies)).json().addresses).toEqual([]);
  });

  it(`holds at most ${ADDRESS_BOOK_LIMIT} addresses`, async () => {
    const cookies = await signUp("collector@example.com");
    for (let i = 0; i < ADDRESS_BOOK_LIMIT; i++) expect((await create(cookies, { address: { ...HOME, houseNumber: String(i + 1) } })).statusCode).toBe(201);
    const full = await create(cookies, { address: OFFICE });
    expect(full.statusCode).toBe(409);
    expect(full.json().errors[0].code).toBe("ADDRESS_BOOK_FULL");
    expect((await list(cookies)).json().addresses).toHaveLength(ADDRESS_BOOK_LIMIT);
  });
});
