import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { sales } from "../../../db/schema/selling.ts";
import { setupTestApp } from "../../../test/api-harness.ts";
import type { Cookies } from "../../../test/shop-fixtures.ts";
import { PERFECT_DEVICE, SELLER_HOME, sellFixtures, VALID_IBAN } from "../../../test/sell-fixtures.ts";
import { newStaffMember } from "../../../test/staff-roles.ts";

const { app, database } = setupTestApp();
const fixtures = sellFixtures(app, database);
const { call, codeOf, phone, addOffer, staff, newCustomer } = fixtures;

const GPS_MARKER = "RELOOP-GPS-MARKER";

/** A seller's sale of one phone; its UUID. */
async function soldPhone(email: string): Promise<{ seller: Cookies; uuid: string }> {
  const seller = await newCustomer(email);
  await addOffer(seller, await phone(30_000), PERFECT_DEVICE);
  const cart = (await call("POST", "/api/green-cart/prepare-checkout", seller)).json().cart;
  const body = { termsAccepted: true, expectedPayout: cart.totals.payout.amount, address: SELLER_HOME, payout: { method: "bank_transfer", iban: VALID_IBAN, holder: "Jonas Weber" } };
  const sold = await call("POST", "/api/green-cart/checkout", seller, body, { "idempotency-key": `photos-${email.replace(/\W/g, "-")}` });
  expect(sold.statusCode).toBe(201);
  return { seller, uuid: sold.json().saleUuid };
}

/** A form of files as a browser sends it: each with its name and type. */
function form(...files: { name: string; bytes: Uint8Array; type?: string }[]): FormData {
  const data = new FormData();
  for (const file of files) data.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  return data;
}

const upload = (uuid: string, cookies: Cookies, payload: FormData | object) => call("POST", `/api/ops/sales/${uuid}/photos`, cookies, payload);
const photoCount = async (uuid: string) => {
  const { rows } = (await database().db.execute(sql`select count(*)::int as n from sale_parcel_photos where sale_uuid = ${uuid}`)) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
};

let png: Uint8Array;
let jpegWithGps: Uint8Array;
beforeAll(async () => {
  // A wide PNG, larger than a kept photo; a portrait photo as phones store it (landscape pixels, EXIF orientation 6) with a GPS position.
  png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#c84" } }).png().toBuffer();
  jpegWithGps = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#48a" } })
    .jpeg()
    .withExif({ IFD0: { Make: "ReloopTestCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "52/1 31/1 0/1", GPSMapDatum: GPS_MARKER } })
    .withMetadata({ orientation: 6 })
    .toBuffer();
  expect((await sharp(jpegWithGps).metadata()).exif?.includes(GPS_MARKER)).toBe(true);
});

describe("photos of a parcel's damage", () => {
  it("are kept re-encoded, upright and without their metadata, served to staff who read sales, and removed again", async () => {
    const { seller, uuid } = await soldPhone("photo-seller@example.com");
    const desk = await newStaffMember(fixtures, database(), "photo-desk@example.com", ["receiving"]);
    const grader = await newStaffMember(fixtures, database(), "photo-grader@example.com", ["grading"]);

    const early = await upload(uuid, desk, form({ name: "box.png", bytes: png, type: "image/png" }));
    expect([early.statusCode, codeOf(early)]).toEqual([409, "SALE_NOT_RECEIVED"]);
    expect((await call("POST", `/api/ops/sales/${uuid}/receive`, desk, { note: "Ecke eingedrückt" })).statusCode).toBe(200);
    expect((await call("GET", `/api/ops/sales/${uuid}`, desk)).json().photos).toEqual([]);

    const uploaded = await upload(uuid, desk, form({ name: "box.png", bytes: png, type: "image/png" }, { name: "IMG_0001.JPG", bytes: jpegWithGps }));
    expect(uploaded.statusCode).toBe(200);
    const photos = uploaded.json().photos as { uuid: string; url: string; width: number; height: number; uploaderEmail: string }[];
    expect(photos).toHaveLength(2);
    // Fitted within 1600 px; the portrait photo turned upright by its orientation.
    expect(photos.map((p) => [p.width, p.height]).sort()).toEqual([
      [1600, 800],
      [200, 300],
    ]);
    expect(photos.every((p) => p.uploaderEmail === "photo-desk@example.com" && p.url === `/api/ops/sales/${uuid}/photos/${p.uuid}`)).toBe(true);
    expect((await call("GET", `/api/ops/sales/${uuid}`, desk)).json().photos).toEqual(photos);

    // Served back as WebP, to grading too, with neither the GPS position nor any EXIF left.
    const portrait = photos.find((p) => p.height === 300)!;
    const served = await call("GET", portrait.url, grader);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    expect(served.headers["cache-control"]).toMatch(/^private, max-age=\d+/);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif, meta.orientation]).toEqual(["webp", 200, 300, undefined, undefined]);
    expect(served.rawPayload.includes(GPS_MARKER)).toBe(false);

    // Grading may look, not add or remove; to a customer (even the seller) none of it exists.
    expect(codeOf(await upload(uuid, grader, form({ name: "x.png", bytes: png })))).toBe("ROLE_REQUIRED");
    expect(codeOf(await call("DELETE", portrait.url, grader))).toBe("ROLE_REQUIRED");
    for (const [method, url, payload] of [["POST", `/api/ops/sales/${uuid}/photos`, form({ name: "x.png", bytes: png })], ["GET", portrait.url, undefined], ["DELETE", portrait.url, undefined]] as const) {
      const refused = await call(method, url, seller, payload);
      expect([refused.statusCode, codeOf(refused)]).toEqual([404, "ROUTE_NOT_FOUND"]);
    }

    // Removed by receiving: gone from the sale and no longer served.
    const removed = await call("DELETE", portrait.url, desk);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().photos.map((p: { uuid: string }) => p.uuid)).toEqual([photos.find((p) => p !== portrait)!.uuid]);
    expect([(await call("GET", portrait.url, desk)).statusCode, codeOf(await call("GET", portrait.url, desk))]).toEqual([404, "PHOTO_NOT_FOUND"]);
    expect(codeOf(await call("DELETE", portrait.url, desk))).toBe("PHOTO_NOT_FOUND");

    // Each upload and removal is in the audit log, with the photos it concerns.
    const audit = (await call("GET", `/api/ops/audit?entityId=${uuid}`, await staff())).json().entries as { action: string; actorEmail: string; before: unknown; after: unknown }[];
    expect(audit).toContainEqual(expect.objectContaining({ action: "sale.photo_added", actorEmail: "photo-desk@example.com", after: { photos: expect.arrayContaining(photos.map((p) => p.uuid)) } }));
    expect(audit).toContainEqual(expect.objectContaining({ action: "sale.photo_removed", actorEmail: "photo-desk@example.com", before: expect.objectContaining({ photo: portrait.uuid }) }));

    // Once the sale is over, its photos no longer change.
    await database().db.update(sales).set({ status: "paid" }).where(eq(sales.uuid, uuid));
    const late = await upload(uuid, desk, form({ name: "late.png", bytes: png }));
    expect([late.statusCode, codeOf(late)]).toEqual([409, "SALE_TRANSITION_NOT_ALLOWED"]);
    expect(codeOf(await call("DELETE", photos.find((p) => p !== portrait)!.url, desk))).toBe("SALE_TRANSITION_NOT_ALLOWED");
  });

  it("refuses a file that is not an image, one too large and too many, keeping nothing of the request", async () => {
    const { uuid } = await soldPhone("photo-refusals@example.com");
    const desk = await newStaffMember(fixtures, database(), "photo-refusals-desk@example.com", ["receiving"]);
    await call("POST", `/api/ops/sales/${uuid}/receive`, desk, {});

    // A text file renamed .jpg beside a real photo: refused naming it, and the photo is not kept either.
    const text = new TextEncoder().encode("Not a photo, only words.\n");
    const fake = await upload(uuid, desk, form({ name: "good.png", bytes: png, type: "image/png" }, { name: "notes.jpg", bytes: text }));
    expect(fake.statusCode).toBe(400);
    expect(fake.json().errors).toEqual([{ code: "PHOTO_NOT_AN_IMAGE", message: expect.stringContaining('"notes.jpg"'), reference: "photos.1" }]);
    expect(await photoCount(uuid)).toBe(0);

    // An SVG is an image, but not a photo the desk takes: refused like any other file.
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect(codeOf(await upload(uuid, desk, form({ name: "drawing.svg", bytes: svg, type: "image/svg+xml" })))).toBe("PHOTO_NOT_AN_IMAGE");

    // Past 10 MB as sent.
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(png);
    const large = await upload(uuid, desk, form({ name: "good.png", bytes: png }, { name: "huge.png", bytes: huge }));
    expect([large.statusCode, codeOf(large), large.json().errors[0].reference]).toEqual([413, "PHOTO_TOO_LARGE", "photos.1"]);
    expect(large.json().errors[0].message).toContain('"huge.png"');
    expect(await photoCount(uuid)).toBe(0);

    // Seven at once is one too many.
    const seven = await upload(uuid, desk, form(...Array.from({ length: 7 }, (_, i) => ({ name: `p${i}.png`, bytes: png }))));
    expect([seven.statusCode, codeOf(seven)]).toEqual([400, "PHOTO_LIMIT"]);
    expect(await photoCount(uuid)).toBe(0);

    // Ten per sale: six and two fit, three more do not (nor does any of them).
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: png }));
    expect((await upload(uuid, desk, form(...six))).statusCode).toBe(200);
    expect((await upload(uuid, desk, form(...six.slice(0, 2)))).statusCode).toBe(200);
    const over = await upload(uuid, desk, form(...six.slice(0, 3)));
    expect([over.statusCode, codeOf(over)]).toEqual([400, "PHOTO_LIMIT"]);
    expect(over.json().errors[0].message).toContain("2 more fit");
    expect(await photoCount(uuid)).toBe(8);

    // No form, an empty one, another field, an unknown sale.
    const json = await upload(uuid, desk, { photos: ["x"] });
    expect([json.statusCode, codeOf(json)]).toEqual([400, "VALIDATION_FAILED"]);
    expect(codeOf(await upload(uuid, desk, new FormData()))).toBe("VALIDATION_FAILED");
    const withField = form({ name: "p.png", bytes: png });
    withField.append("note", "hello");
    expect(codeOf(await upload(uuid, desk, withField))).toBe("VALIDATION_FAILED");
    const unknown = await upload("00000000-0000-4000-8000-000000000000", desk, form({ name: "p.png", bytes: png }));
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, "SALE_NOT_FOUND"]);
    expect(await photoCount(uuid)).toBe(8);
  });
});
