import { data, Form, Link, redirect } from "react-router";
import type { OpsCategoryNode } from "../../../api/contract.ts";
import { isApiError, type ApiError } from "../../api-client/client.ts";
import { readForm } from "../../shell/forms.ts";
import { staffPageOn } from "../../shell/route-errors.ts";
import { opsButton } from "./ops-ui.tsx";

/**
 * Pieces the catalogue's pages share: the way back to a list, a form's line above it when fields
 * were refused, the category choice, an id from the address, and the create forms' action.
 */

export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <p className="text-sm">
      <Link to={to} className="font-semibold text-blue-accent underline">
        {label}
      </Link>
    </p>
  );
}

/** Said above a refused form: the one problem without a field, or to check the marked ones. */
export function ProblemSummary({ problems, textOf }: { problems: readonly { field: unknown; problem: string }[]; textOf: (problem: string) => string }) {
  if (problems.length === 0) return null;
  const general = problems.find((p) => p.field === null);
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-2 text-sm text-red-800">
      {textOf(general ? general.problem : "checkFields")}
    </p>
  );
}

/** A form's one submit button, saying that it is at work while the form is sent. */
export function SubmitButton({ busy, label, busyLabel }: { busy: boolean; label: string; busyLabel: string }) {
  return (
    <div>
      <button type="submit" disabled={busy} className={`${opsButton.primary} h-11 px-6 text-base`}>
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}

/** The categories as options, indented by their depth in the tree (which comes depth first). */
export function CategoryOptions({ categories }: { categories: readonly OpsCategoryNode[] }) {
  return categories.map((c) => (
    <option key={c.id} value={c.id}>
      {`${"\u00a0\u00a0".repeat(c.depth)}${c.name}`}
    </option>
  ));
}

/** A product's or category's id from the address: 1 to 9 digits, else the page does not exist. */
export function idFromPath(value: string | undefined): number {
  if (!/^[1-9]\d{0,8}$/.test(value ?? "")) throw data(null, { status: 404 });
  return Number(value);
}

/**
 * A create form's action: the form as typed, checked here first and sent; then the new thing's page
 * (`?created=1`), or the form again with what was typed and each problem at its field.
 */
export async function createFromForm<Values, Body, Problem, Created extends { id: number }>(
  request: Request,
  url: URL,
  steps: {
    valuesOf: (form: FormData) => Values;
    inputOf: (values: Values) => { body: Body } | { problems: Problem[] };
    create: (body: Body) => Promise<Created>;
    pathOf: (id: number) => string;
    problemsOf: (error: ApiError) => Problem[];
  },
) {
  const values = steps.valuesOf(await readForm(request));
  const input = steps.inputOf(values);
  if ("problems" in input) return data({ values, problems: input.problems }, { status: 400 });
  try {
    const created = await steps.create(input.body);
    return redirect(`${steps.pathOf(created.id)}?created=1`, 303);
  } catch (error) {
    if (!isApiError(error) || error.status >= 500 || error.status === 404) throw error;
    if (error.status === 401) staffPageOn(error, url);
    return data({ values, problems: steps.problemsOf(error) }, { status: error.status });
  }
}

/** A button in a form of its own that sends one picture's intent (move, remove), so it works without the page's script. */
export function PictureButton({ intent, mediaId, step, label, text, disabled }: { intent: string; mediaId: number; step?: -1 | 1; label: string; text: string; disabled: boolean }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="mediaId" value={mediaId} />
      {step !== undefined && <input type="hidden" name="step" value={step} />}
      <button type="submit" disabled={disabled} aria-label={label} className={`${opsButton.secondary} h-8 px-2 text-xs`}>
        {text}
      </button>
    </Form>
  );
}
