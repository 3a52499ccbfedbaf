import { useId } from "react";
import { TextField } from "../../components/text-field.tsx";
import { useTranslation } from "../../i18n/i18n.tsx";
import type { CouponField, CouponFormValues, CouponSide } from "./coupon-form.ts";

/** A checkbox with its label. */
function Flag({ name, label, checked }: { name: CouponField; label: string; checked: boolean }) {
  return (
    <label className="flex min-h-8 items-center gap-2 text-sm">
      <input type="checkbox" name={name} defaultChecked={checked} className="h-4 w-4 shrink-0" />
      {label}
    </label>
  );
}

/**
 * A coupon's fields for one side, filled with what was typed (or the coupon's terms), each with its
 * problem under it. The code is fixed once the coupon exists: shown, and sent hidden.
 */
export function CouponFields({ side, values, errorOf, codeFixed }: { side: CouponSide; values: CouponFormValues; errorOf: (field: CouponField) => string | undefined; codeFixed: boolean }) {
  const { t } = useTranslation();
  const kindError = useId();
  const field = (name: CouponField, extra: { type?: string; inputMode?: "numeric" | "decimal"; hint?: string; maxLength?: number } = {}) => (
    <TextField
      label={t(`ops.coupons.fields.${name}`)}
      name={name}
      type={extra.type ?? "text"}
      defaultValue={values[name] ?? ""}
      error={errorOf(name)}
      autoComplete="off"
      {...(extra.inputMode ? { inputMode: extra.inputMode } : {})}
      {...(extra.hint ? { hint: extra.hint } : {})}
      {...(extra.maxLength ? { maxLength: extra.maxLength } : {})}
    />
  );
  const euros = { inputMode: "decimal" as const, hint: t("ops.coupons.fields.eurosHint") };
  return (
    <>
      {codeFixed ? (
        <p className="text-sm">
          <span className="font-semibold">{t("ops.coupons.fields.code")}:</span> <code className="font-mono">{values.code}</code>
          <input type="hidden" name="code" value={values.code ?? ""} />
        </p>
      ) : (
        field("code", { hint: t("ops.coupons.fields.codeHint"), maxLength: 40 })
      )}
      {side === "buy" ? (
        <>
          <fieldset aria-describedby={errorOf("kind") ? kindError : undefined}>
            <legend className="text-sm font-semibold">{t("ops.coupons.fields.kind")}</legend>
            <div className="mt-1 flex gap-4">
              {(["percent", "fixed"] as const).map((kind) => (
                <label key={kind} className="flex min-h-8 items-center gap-2 text-sm">
                  <input type="radio" name="kind" value={kind} defaultChecked={(values.kind || "percent") === kind} className="h-4 w-4 shrink-0" />
                  {t(`ops.coupons.kinds.${kind}`)}
                </label>
              ))}
            </div>
            {errorOf("kind") && (
              <p id={kindError} className="mt-1 text-sm text-red-700">
                {errorOf("kind")}
              </p>
            )}
          </fieldset>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            {field("percentOff", { inputMode: "numeric", hint: t("ops.coupons.fields.percentOffHint") })}
            {field("amountOff", euros)}
          </div>
          {field("minOrderValue", euros)}
        </>
      ) : (
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {field("bonusPercent", { inputMode: "numeric" })}
          {field("maxBonusCents", euros)}
        </div>
      )}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        {field("validFrom", { type: "date" })}
        {field("validTo", { type: "date" })}
      </div>
      {side === "buy" && (
        <div>
          <Flag name="oncePerCustomer" label={t("ops.coupons.fields.oncePerCustomer")} checked={values.oncePerCustomer === "on"} />
          <Flag name="singleItemOnly" label={t("ops.coupons.fields.singleItemOnly")} checked={values.singleItemOnly === "on"} />
        </div>
      )}
    </>
  );
}
