import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestApp } from "../../../test/api-harness.ts";
import { GOOD_BOOK_CHECKLIST, PERFECT_PHONE_CHECKLIST, sellFixtures } from "../../../test/sell-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const fixtures = sellFixtures(app, database);
const { call, codeOf, staff, soldPhoneAndBook } = fixtures;

const itemOf = (view: { items: { product: { name: string }; questionSet: string }[] }, set: string) => view.items.find((i) => (set === "media" ? i.questionSet === "media" : i.questionSet !== "media"))!;

describe("receiving", () => {
  it("finds a sale by its number or label barcode, lists sales oldest first, and records the parcel once", async () => {
    const { uuid, number } = await soldPhoneAndBook("receiving-seller@example.com");
    const desk = await newStaffMember(fixtures, database(), "desk-one@example.com", ["receiving"]);
    const byBarcode = await call("GET", `/api/ops/sales/${number.toLowerCase()}-1`, desk);
    expect(byBarcode.statusCode).toBe(200);
    const view = byBarcode.json();
    expect(view).toMatchObject({ uuid, number, status: "created", customerEmail: "receiving-seller@example.com", received: null });
    expect(view.items).toHaveLength(2);
    // Blind: what the seller said is not shown before inspection.
    expect(view.items.every((i: { seller: unknown }) => i.seller === null)).toBe(true);
    expect(codeOf(await call("GET", "/api/ops/sales/S-9999999", desk))).toBe("SALE_NOT_FOUND");
    expect(codeOf(await call("GET", "/api/ops/sales/nonsense", desk))).toBe("SALE_NOT_FOUND");

    const list = (await call("GET", "/api/ops/sales?status=created&customer=receiving-seller", desk)).json();
    expect(list.sales.map((s: { number: string }) => s.number)).toEqual([number]);
    const all = (await call("GET", "/api/ops/sales", desk)).json().sales.map((s: { createdAt: string }) => s.createdAt);
    expect(all).toEqual([...all].sort());
    expect((await call("GET", "/api/ops/sales?olderThanDays=1", desk)).json().sales).toEqual([]);

    const received = await call("POST", `/api/ops/sales/${uuid}/receive`, desk, { note: "Box dented, contents fine" });
    expect(received.statusCode).toBe(200);
    expect(received.json()).toMatchObject({ status: "parcel_received", received: { note: "Box dented, contents fine" } });
    const again = await call("POST", `/api/ops/sales/${uuid}/receive`, desk, {});
    expect([again.statusCode, codeOf(again)]).toEqual([409, "SALE_TRANSITION_NOT_ALLOWED"]);
    // Receiving does not grade.
    const item = received.json().items[0];
    expect(codeOf(await call("POST", `/api/ops/sales/${uuid}/items/${item.uuid}/inspection`, desk, { version: 0, checklist: {} }))).toBe("ROLE_REQUIRED");

    // Bad input is refused with the field named, and nothing is recorded.
    const blank = await call("POST", "/api/ops/parcels/unmatched", desk, { code: "  ", note: "x" });
    expect([blank.statusCode, codeOf(blank), blank.json().errors[0].reference]).toEqual([400, "VALIDATION_FAILED", "body.code"]);
    expect((await call("GET", "/api/ops/parcels/unmatched", desk)).json().parcels).toEqual([]);
    expect(codeOf(await call("POST", `/api/ops/sales/${uuid}/receive`, desk, { note: "x".repeat(2001) }))).toBe("VALIDATION_FAILED");
    expect(codeOf(await call("GET", "/api/ops/sales?olderThanDays=-1", desk))).toBe("VALIDATION_FAILED");
    const unmatched = await call("POST", "/api/ops/parcels/unmatched", desk, { code: "NO-LABEL-4711", note: "Brown box, two books" });
    expect(unmatched.json().parcels).toContainEqual(expect.objectContaining({ code: "NO-LABEL-4711", receivedByEmail: "desk-one@example.com" }));
    const audit = (await call("GET", `/api/ops/audit?entityId=${uuid}`, await staff())).json();
    expect(audit.entries).toContainEqual(expect.objectContaining({ action: "sale.receive", actorEmail: "desk-one@example.com", after: expect.objectContaining({ status: "parcel_received" }) }));
  });
});

describe("blind inspection", () => {
  it("accepts what holds, counteroffers what is worse with reasons, and the seller then sees it", async () => {
    const { seller, uuid } = await soldPhoneAndBook("inspection-seller@example.com");
    const admin = await staff();
    const item = (set: string) => itemOf(view, set) as unknown as { uuid: string; version: number; checks: string[] };
    let view = (await call("POST", `/api/ops/sales/${uuid}/receive`, admin, {})).json();
    const grader = await newStaffMember(fixtures, database(), "grader-one@example.com", ["grading"]);

    // A checklist with gaps says which checks, and saves nothing.
    const phoneItem = item("phone");
    expect(phoneItem.checks).toContain("imei");
    const gaps = await call("POST", `/api/ops/sales/${uuid}/items/${phoneItem.uuid}/inspection`, grader, { version: 0, checklist: { powersOn: "yes", imei: "490154203237519" } });
    expect(gaps.statusCode).toBe(400);
    const references = gaps.json().errors.map((e: { reference: string }) => e.reference);
    expect(references).toEqual(expect.arrayContaining(["checklist.display", "checklist.imei", "checklist.dataWipe"]));
    expect(gaps.json().errors.every((e: { code: string }) => e.code === "CHECKLIST_INVALID")).toBe(true);

    // The phone's screen is worse than the seller said: a lower grade.
    const inspected = await call("POST", `/api/ops/sales/${uuid}/items/${phoneItem.uuid}/inspection`, grader, { version: 0, checklist: { ...PERFECT_PHONE_CHECKLIST, display: "visible" } });
    expect(inspected.statusCode).toBe(200);
    view = inspected.json();
    expect(view.status).toBe("in_inspection");
    const phoneAfter = view.items.find((i: { uuid: string }) => i.uuid === phoneItem.uuid);
    expect(phoneAfter).toMatchObject({ version: 1, seller: { grade: "A0", answers: { display: "flawless" } }, inspection: { grade: "A3", outcome: "counteroffer", reasons: ["display"], deviceIdentifier: "490154203237518", inspectorEmail: "grader-one@example.com" } });
    // A second inspector still on version 0: a conflict, not an overwrite.
    const late = await call("POST", `/api/ops/sales/${uuid}/items/${phoneItem.uuid}/inspection`, admin, { version: 0, checklist: PERFECT_PHONE_CHECKLIST });
    expect([late.statusCode, codeOf(late)]).toEqual([409, "INSPECTION_CONFLICT"]);

    // The book holds; it is the last item, so the sale is decided: a counteroffer for the phone.
    view = (await call("POST", `/api/ops/sales/${uuid}/items/${item("media").uuid}/inspection`, grader, { version: 0, checklist: GOOD_BOOK_CHECKLIST })).json();
    expect(view.status).toBe("counteroffer");
    const counter = view.items.find((i: { uuid: string }) => i.uuid === phoneItem.uuid).counteroffer;
    expect(counter).toMatchObject({ grade: "A3", reason: "Display stärker abgenutzt als angegeben" });
    expect(counter.price.amount).toBeLessThan(30_000);
    expect(view.items.find((i: { uuid: string }) => i.uuid !== phoneItem.uuid).counteroffer).toBeNull();

    // The seller sees the counteroffer in their account and accepts it.
    const mine = (await call("GET", `/api/sales/${uuid}`, seller)).json();
    expect(mine.status).toBe("counteroffer");
    expect((await call("POST", `/api/sales/${uuid}/counteroffer/accept`, seller)).json().status).toBe("offer_confirmed");
    const done = await call("POST", `/api/ops/sales/${uuid}/items/${phoneItem.uuid}/inspection`, grader, { version: 1, checklist: PERFECT_PHONE_CHECKLIST });
    expect([done.statusCode, codeOf(done)]).toEqual([409, "SALE_TRANSITION_NOT_ALLOWED"]);
  });

  it("refuses a device on the block list or with its activation lock on, and confirms a sale whose items all hold", async () => {
    const admin = await staff();
    expect(codeOf(await call("POST", "/api/ops/blocked-devices", admin, { identifier: "", reason: "Reported stolen" }))).toBe("VALIDATION_FAILED");
    expect((await call("GET", "/api/ops/blocked-devices", admin)).json().devices).toEqual([]);
    expect((await call("POST", "/api/ops/blocked-devices", admin, { identifier: "35-209900-176148-1", reason: "Reported stolen" })).json().devices).toContainEqual(expect.objectContaining({ identifier: "352099001761481" }));

    const first = await soldPhoneAndBook("refused-seller@example.com");
    let view = (await call("POST", `/api/ops/sales/${first.uuid}/receive`, admin, {})).json();
    const beforeReceipt = await soldPhoneAndBook("early-seller@example.com");
    const early = (await call("GET", `/api/ops/sales/${beforeReceipt.uuid}`, admin)).json();
    expect(codeOf(await call("POST", `/api/ops/sales/${beforeReceipt.uuid}/items/${early.items[0].uuid}/inspection`, admin, { version: 0, checklist: GOOD_BOOK_CHECKLIST }))).toBe("SALE_NOT_RECEIVED");

    const phoneItem = itemOf(view, "phone") as unknown as { uuid: string };
    view = (await call("POST", `/api/ops/sales/${first.uuid}/items/${phoneItem.uuid}/inspection`, admin, { version: 0, checklist: { ...PERFECT_PHONE_CHECKLIST, imei: "352099001761481" } })).json();
    expect(view.items.find((i: { uuid: string }) => i.uuid === phoneItem.uuid).inspection).toMatchObject({ outcome: "refused", reasons: ["BLOCKED_DEVICE"] });
    // Inspected again before the sale is decided (the IMEI was misread): activation lock on, still refused.
    view = (await call("POST", `/api/ops/sales/${first.uuid}/items/${phoneItem.uuid}/inspection`, admin, { version: 1, checklist: { ...PERFECT_PHONE_CHECKLIST, activationLockOff: "no" } })).json();
    expect(view.items.find((i: { uuid: string }) => i.uuid === phoneItem.uuid).inspection).toMatchObject({ outcome: "refused", reasons: ["ACTIVATION_LOCK"], grade: null });
    view = (await call("POST", `/api/ops/sales/${first.uuid}/items/${(itemOf(view, "media") as unknown as { uuid: string }).uuid}/inspection`, admin, { version: 0, checklist: GOOD_BOOK_CHECKLIST })).json();
    expect(view.status).toBe("counteroffer");
    expect(view.items.find((i: { uuid: string }) => i.uuid === phoneItem.uuid).counteroffer).toMatchObject({ price: { amount: 0 }, reason: expect.stringContaining("Aktivierungssperre") });

    // All holds: the offer is confirmed and the payout becomes due.
    const second = await soldPhoneAndBook("happy-seller@example.com");
    view = (await call("POST", `/api/ops/sales/${second.uuid}/receive`, admin, {})).json();
    await call("POST", `/api/ops/sales/${second.uuid}/items/${(itemOf(view, "phone") as unknown as { uuid: string }).uuid}/inspection`, admin, { version: 0, checklist: PERFECT_PHONE_CHECKLIST });
    view = (await call("POST", `/api/ops/sales/${second.uuid}/items/${(itemOf(view, "media") as unknown as { uuid: string }).uuid}/inspection`, admin, { version: 0, checklist: GOOD_BOOK_CHECKLIST })).json();
    expect(view.status).toBe("offer_confirmed");
    const { rows } = (await database().db.execute(sql`select amount, status from payouts where sale_uuid = ${second.uuid}`)) as unknown as { rows: { amount: number; status: string }[] };
    expect(rows).toEqual([{ amount: expect.any(Number), status: "pending" }]);
    expect(rows[0]!.amount).toBeGreaterThan(30_000);
  });
});
