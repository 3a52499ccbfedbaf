import { describe, expect, it } from "vitest";
import { newNonce } from "./nonce.ts";

describe("newNonce", () => {
  it("gives 128-bit base64 nonces, none twice, across refills of its pool", () => {
    // 4096 / 16 = 256 nonces per pool: 1,000 of them cross three refills.
    const nonces = Array.from({ length: 1000 }, newNonce);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});
