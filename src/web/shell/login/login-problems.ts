import type { LoginError, RegisterError } from "../../../api/contract.ts";
import type { ApiErrorItem, ClientErrorCode } from "../../api-client/client.ts";

/** Field problems by field name, plus one message for the whole form; all translation keys. */
export interface LoginProblems {
  fields: Partial<Record<"email" | "password", string>>;
  form?: string;
}

/** A login's or a registration's refusal (registration answers alike for every address, so it has none of its own). */
type LoginRefusal = LoginError | RegisterError | ClientErrorCode;

const FORM_ERRORS: Partial<Record<LoginRefusal, string>> = {
  INVALID_CREDENTIALS: "auth.errors.invalidCredentials",
  LOGIN_TEMPORARILY_LOCKED: "auth.errors.locked",
};
const FIELD_ERRORS: Record<string, { field: "email" | "password"; key: string }> = {
  "body.email": { field: "email", key: "auth.errors.email" },
  "body.credentials.email": { field: "email", key: "auth.errors.email" },
  "body.password": { field: "password", key: "auth.errors.passwordLength" },
  "body.credentials.password": { field: "password", key: "auth.errors.passwordRequired" },
};

/** The API's refusal of a login or registration, as texts beside the fields and above the form. */
export function loginProblems(errors: readonly ApiErrorItem<LoginRefusal>[]): LoginProblems {
  const problems: LoginProblems = { fields: {} };
  for (const item of errors) {
    const field = item.reference ? FIELD_ERRORS[item.reference] : undefined;
    if (field) problems.fields[field.field] ??= field.key;
    else problems.form = FORM_ERRORS[item.code] ?? "auth.errors.default";
  }
  return problems;
}
