import { describe, expect, it } from "vitest";
import { asPageRenderWrite, oncePerPageRender, withinPageRender } from "./internal-calls.ts";

describe("reads once per page render", () => {
  it("asks once within a render, anew in another render, after a write and outside any render", async () => {
    let asked = 0;
    const ask = () => oncePerPageRender("session:a", async () => ++asked);
    await withinPageRender(async () => {
      expect(await Promise.all([ask(), ask()])).toEqual([1, 1]);
      await Promise.resolve();
      expect(await ask()).toBe(1);
      // A write forgets what was read, and reads without the memo: it may read, change and read again.
      expect(await asPageRenderWrite(async () => [await ask(), await ask()])).toEqual([2, 3]);
      expect(await ask()).toBe(4);
      expect(await ask()).toBe(4);
    });
    await withinPageRender(async () => expect(await ask()).toBe(5));
    expect(await ask()).toBe(6);
    expect(await ask()).toBe(7);
  });

  it("does not remember a failure", async () => {
    let asked = 0;
    await withinPageRender(async () => {
      await expect(oncePerPageRender("k", async () => Promise.reject(new Error(`failed ${++asked}`)))).rejects.toThrow("failed 1");
      expect(await oncePerPageRender("k", async () => ++asked)).toBe(2);
    });
  });
});
