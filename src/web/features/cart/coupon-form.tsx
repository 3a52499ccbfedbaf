import type { ReactNode } from "react";
import { Form } from "react-router";

/** Texts of a coupon form: the buy cart's and the sell cart's are worded differently. */
export interface CouponTexts {
  label: string;
  apply: string;
  applied: string;
  remove: string;
}

/**
 * The cart's coupon: the applied code with a way to remove it, or a field to enter one (intents
 * "coupon" and "remove-coupon"), with the refusal announced beside the field.
 */
export function CouponForm({
  code,
  texts,
  error,
  busy,
  defaultValue = "",
  children,
}: {
  code: string | null;
  texts: CouponTexts;
  error: string | null;
  busy: boolean;
  defaultValue?: string;
  children?: ReactNode;
}) {
  if (code) {
    return (
      <Form method="post" className="flex items-center justify-between rounded-xl bg-canvas px-3 py-2 text-sm">
        <span>
          {texts.applied} <strong>{code}</strong>
        </span>
        <input type="hidden" name="intent" value="remove-coupon" />
        <button type="submit" className="text-muted underline">
          {texts.remove}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor="coupon-code" className="block text-sm font-semibold">
        {texts.label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="coupon-code"
          name="code"
          required
          maxLength={40}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "coupon-error" : undefined}
          className="h-11 min-w-0 flex-1 rounded-xl border border-line px-3 uppercase outline-none focus:border-[var(--accent)]"
          defaultValue={defaultValue}
        />
        <button type="submit" disabled={busy} className="rounded-xl border border-line px-4 font-semibold hover:bg-canvas">
          {texts.apply}
        </button>
      </div>
      {error && (
        <p id="coupon-error" role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
      {children}
    </Form>
  );
}
