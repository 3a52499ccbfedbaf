import type { AddressInput, CartView } from "../../../api/contract.ts";
import { DELIVERY_COUNTRIES, type Country } from "../../../domain/checkout/cart-rules.ts";
import { resolveLocale } from "../../../domain/i18n/locales.ts";
import { useTranslation } from "../../i18n/i18n.tsx";
import { TextField } from "../../components/text-field.tsx";

/** An address as carts and orders hold it. */
type Address = Omit<NonNullable<CartView["billingAddress"]>, "country"> & { country: string };
export const ADDRESS_FIELDS = ["firstName", "lastName", "company", "street", "houseNumber", "postalCode", "city", "country", "postNumber"] as const;

/** Country names in the page's language, made once per language. */
const countryNames = new Map<string, Intl.DisplayNames>();
function countryName(code: string, language: string): string {
  let names = countryNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: "region" });
    countryNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/**
 * The address as the API takes it, from fields named `${prefix}.${field}`; empty optional fields
 * are left out. The API checks every field: a country the select does not offer comes back as
 * VALIDATION_FAILED for that field, like any other.
 */
export function addressFromForm(form: FormData, prefix: string): AddressInput {
  const value = (field: string) => String(form.get(`${prefix}.${field}`) ?? "").trim();
  const packstation = form.get(`${prefix}.packstation`) === "1";
  return {
    firstName: value("firstName"),
    lastName: value("lastName"),
    ...(value("company") ? { company: value("company") } : {}),
    street: packstation ? "Packstation" : value("street"),
    houseNumber: value("houseNumber"),
    postalCode: value("postalCode"),
    city: value("city"),
    country: value("country") as Country,
    packstation,
    ...(packstation ? { postNumber: value("postNumber") } : {}),
  };
}

/** One address's fields; errors by field name, already translated. */
export function AddressFields({
  prefix,
  initial,
  errors,
  allowPackstation,
  required,
}: {
  prefix: string;
  initial: Partial<Address> | null;
  errors: Record<string, string>;
  allowPackstation: boolean;
  /** Off for the optional delivery address: the server checks it when it is chosen. */
  required: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = resolveLocale(i18n.language);
  const field = (name: (typeof ADDRESS_FIELDS)[number], autoComplete: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <TextField
      label={t(`checkout.address.fields.${name}`)}
      name={`${prefix}.${name}`}
      autoComplete={`section-${prefix} ${autoComplete}`}
      defaultValue={(initial?.[name as keyof Address] as string | undefined) ?? ""}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field("firstName", "given-name", { required, maxLength: 100 })}
      {field("lastName", "family-name", { required, maxLength: 100 })}
      <div className="sm:col-span-2">{field("company", "organization", { maxLength: 100 })}</div>
      {allowPackstation && (
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name={`${prefix}.packstation`} value="1" defaultChecked={initial?.packstation ?? false} className="h-4 w-4" />
          {t("checkout.address.packstation")}
        </label>
      )}
      <div className="grid grid-cols-[1fr_7rem] gap-3 sm:col-span-2">
        {field("street", "address-line1", { maxLength: 150 })}
        {field("houseNumber", "address-line2", { required, maxLength: 20 })}
      </div>
      {allowPackstation && (
        <div className="sm:col-span-2">{field("postNumber", "off", { inputMode: "numeric", maxLength: 10, pattern: "\\d{6,10}" })}</div>
      )}
      {field("postalCode", "postal-code", { required, maxLength: 10 })}
      {field("city", "address-level2", { required, maxLength: 100 })}
      <div className="sm:col-span-2">
        <label htmlFor={`${prefix}-country`} className="block text-sm font-semibold">
          {t("checkout.address.fields.country")}
        </label>
        <select
          id={`${prefix}-country`}
          name={`${prefix}.country`}
          defaultValue={initial?.country ?? "DE"}
          autoComplete={`section-${prefix} country`}
          className="mt-1 h-11 w-full rounded-xl border border-line bg-white px-3"
        >
          {DELIVERY_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {countryName(c, language)}
            </option>
          ))}
        </select>
        {errors.country && <p className="mt-1 text-sm text-red-700">{errors.country}</p>}
      </div>
    </div>
  );
}

/** An address on a few lines, for summaries. */
export function AddressLines({ address }: { address: Address }) {
  const { t, i18n } = useTranslation();
  return (
    <address className="not-italic">
      {address.firstName} {address.lastName}
      <br />
      {address.company && (
        <>
          {address.company}
          <br />
        </>
      )}
      {address.packstation ? `${t("checkout.address.packstationShort")} ${address.houseNumber} · ${address.postNumber ?? ""}` : `${address.street} ${address.houseNumber}`}
      <br />
      {address.postalCode} {address.city}, {countryName(address.country, resolveLocale(i18n.language))}
    </address>
  );
}
