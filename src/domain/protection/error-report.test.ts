import { describe, expect, it } from "vitest";
import { scrubErrorReport, scrubUrl } from "./error-report.ts";

describe("error reports carry no personal data", () => {
  it("drop query strings and fragments from URLs", () => {
    expect(scrubUrl("https://shop.example/newsletter/confirm?token=abc&email=a@b.de#x")).toBe("/newsletter/confirm");
    expect(scrubUrl("/kaufen/suchen?query=my+name")).toBe("/kaufen/suchen");
  });
  it("mask e-mails, tokens and long numbers in messages and stacks", () => {
    const report = scrubErrorReport({
      kind: "client",
      message: "Failed for jane.doe+x@example.co.uk with id 123456789 and token abcdefghijklmnopqrstuvwxyz0123456789",
      stack: "at f (mail anna@example.org)",
    });
    expect(report.message).toBe("Failed for [email] with id [number] and token [token]");
    expect(report.stack).toBe("at f (mail [email])");
  });
  it("cut long texts", () => {
    expect(scrubErrorReport({ kind: "server", message: "x ".repeat(2000) }).message.length).toBe(1000);
  });
});
