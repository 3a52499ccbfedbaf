import { useId } from "react";
import { data, Form, Link, redirect, useNavigate, useNavigation, useRouteLoaderData } from "react-router";
import type { StaffInviteError, StaffMemberView, StaffUpdateError } from "../../api/contract.ts";
import { formatDate } from "../../domain/dates.ts";
import { STAFF_INVITATION_DAYS, STAFF_ROLES, type StaffRole } from "../../domain/staff/staff.ts";
import { isApiError } from "../api-client/client.ts";
import { staffApi } from "../api-client/staff.ts";
import { Dialog } from "../components/dialog.tsx";
import { TextField } from "../components/text-field.tsx";
import { opsButton, OpsPageTitle, RoleBadges, TableCard, tableCell } from "../features/ops/ops-ui.tsx";
import { loadPageMessages } from "../i18n/client-messages.ts";
import { useTranslation } from "../i18n/i18n.tsx";
import type { loader as opsLoader } from "../layouts/ops.tsx";
import { storefront } from "../load-context.ts";
import { readForm } from "../shell/forms.ts";
import { pageNotFoundOn, staffPageOn } from "../shell/route-errors.ts";
import type { Route } from "./+types/ops-staff";

await loadPageMessages();

const STAFF_PATH = "/ops/staff";

export async function loader({ url, context }: Route.LoaderArgs) {
  try {
    const list = await staffApi(storefront(context).api).staffList();
    return { list, editing: url.searchParams.get("edit"), saved: url.searchParams.get("saved") };
  } catch (error) {
    // Staff without the admin role get the back-office's 403; anyone else no page at all.
    staffPageOn(error, url);
  }
}

/** What went wrong with a form: one of the page's own texts (ops.staff.problems). */
type Problem = "email" | "roles" | "lastAdmin" | "notFound" | "notAllowed" | "failed";
type Refusal = { intent: string; member: string; problems: Problem[] };

/** The API's refusal in the page's words: a field's (e-mail, roles) where it names one, else what it means. */
function problemsOf(error: { status: number; code: string | undefined; errors: { reference: string }[] }): Problem[] {
  if (error.code === "LAST_ADMIN") return ["lastAdmin"];
  if (error.code === "STAFF_NOT_FOUND") return ["notFound"];
  if (error.code === "ROLE_REQUIRED") return ["notAllowed"];
  const fields = error.errors.map((item) => /^body\.(email|roles)\b/.exec(item.reference)?.[1]).filter((field): field is "email" | "roles" => field !== undefined);
  return fields.length > 0 ? [...new Set(fields)] : ["failed"];
}

const rolesOf = (form: FormData): StaffRole[] => STAFF_ROLES.filter((role) => form.getAll("roles").includes(role));

export async function action({ request, url, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = staffApi(storefront(context).api);
  const intent = String(form.get("intent") ?? "");
  const member = String(form.get("uuid") ?? "");
  try {
    if (intent === "invite") {
      const email = String(form.get("email") ?? "").trim();
      await api.staffInvite({ email, roles: rolesOf(form), locale: form.get("locale") === "en" ? "en" : "de" });
      // `at` makes every sent invitation a new one, which empties the form for the next.
      return { invited: email, at: Date.now() };
    }
    if (intent === "roles") await api.staffUpdate(member, { roles: rolesOf(form) });
    else if (intent === "deactivate" || intent === "reactivate") await api.staffUpdate(member, { active: intent === "reactivate" });
    else throw data("Unknown form.", { status: 400 });
    return redirect(`${STAFF_PATH}?${new URLSearchParams({ saved: member })}`, 303);
  } catch (error) {
    if (!isApiError<StaffInviteError | StaffUpdateError>(error) || error.status >= 500) throw error;
    if (error.status === 401) staffPageOn(error, url);
    // No longer staff (the API's 404 for anyone else): as for the page itself.
    if (error.status === 404 && error.code !== "STAFF_NOT_FOUND") pageNotFoundOn(error);
    return data<Refusal>({ intent, member, problems: problemsOf(error) }, { status: error.status });
  }
}

/** The role checkboxes of the invite form and of a member's form. */
function RoleChoice({ checked = [], error }: { checked?: readonly StaffRole[]; error?: string | undefined }) {
  const { t } = useTranslation();
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold">{t("ops.staff.roles")}</legend>
      <div className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1">
        {STAFF_ROLES.map((role) => (
          <label key={role} className="flex min-h-8 items-center gap-2 text-sm">
            <input type="checkbox" name="roles" value={role} defaultChecked={checked.includes(role)} className="h-4 w-4 shrink-0" />
            {t(`ops.roles.${role}`)}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A refusal of the whole form (not of a field), next to it. */
function FormProblem({ problems }: { problems: Problem[] }) {
  const { t } = useTranslation();
  const general = problems.filter((p) => p !== "email" && p !== "roles");
  if (general.length === 0) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-2 text-sm text-red-800">
      {general.map((p) => t(`ops.staff.problems.${p}`)).join(" ")}
    </p>
  );
}

/** Whether the form of this intent (and member) is the one being sent. */
function useSending(intent: string, member?: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent && (member === undefined || navigation.formData.get("uuid") === member);
}

function InviteForm({ refusal, invited }: { refusal: Refusal | null; invited: { invited: string; at: number } | null }) {
  const { t } = useTranslation();
  const sending = useSending("invite");
  const problems = refusal?.intent === "invite" ? refusal.problems : [];
  return (
    <section aria-labelledby="ops-invite" className="rounded-xl border border-line bg-white p-4">
      <h2 id="ops-invite" className="font-bold">
        {t("ops.staff.invite.heading")}
      </h2>
      {invited && (
        <p role="status" className="mt-2 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t("ops.staff.invite.sent", { email: invited.invited, days: STAFF_INVITATION_DAYS })}
        </p>
      )}
      <Form method="post" key={invited?.at ?? "invite"} className="mt-3 space-y-3" aria-busy={sending} data-testid="invite-form">
        <input type="hidden" name="intent" value="invite" />
        <TextField
          label={t("ops.staff.invite.email")}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          error={problems.includes("email") ? t("ops.staff.problems.email") : undefined}
        />
        <RoleChoice error={problems.includes("roles") ? t("ops.staff.problems.roles") : undefined} />
        <fieldset>
          <legend className="text-sm font-semibold">{t("ops.staff.invite.language")}</legend>
          <div className="mt-1 flex gap-4">
            {(["de", "en"] as const).map((locale) => (
              <label key={locale} className="flex min-h-8 items-center gap-2 text-sm">
                <input type="radio" name="locale" value={locale} defaultChecked={locale === "de"} className="h-4 w-4 shrink-0" />
                {t(`ops.staff.invite.languages.${locale}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <FormProblem problems={problems} />
        <button type="submit" disabled={sending} className={opsButton.primary}>
          {sending ? t("ops.staff.invite.sending") : t("ops.staff.invite.submit")}
        </button>
      </Form>
    </section>
  );
}

/** One member's roles and access, in a dialog with its own URL (?edit=), so it works before JavaScript runs. */
function MemberDialog({ member, refusal }: { member: StaffMemberView; refusal: Refusal | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const saving = useSending("roles", member.uuid);
  const switching = useSending(member.active ? "deactivate" : "reactivate", member.uuid);
  const problemsOf = (intent: string) => (refusal?.intent === intent && refusal.member === member.uuid ? refusal.problems : []);
  const problems = problemsOf("roles");
  const switchProblems = problemsOf(member.active ? "deactivate" : "reactivate");
  const here = `${STAFF_PATH}?${new URLSearchParams({ edit: member.uuid })}`;
  // Deactivating (behind its confirmation) or reactivating.
  const accessForm = (
    <Form method="post" action={here} className={member.active ? "mt-3 rounded-lg bg-red-50 p-3" : undefined} aria-busy={switching}>
      <input type="hidden" name="intent" value={member.active ? "deactivate" : "reactivate"} />
      <input type="hidden" name="uuid" value={member.uuid} />
      <p className={member.active ? "text-sm" : "text-sm text-muted"}>{member.active ? t("ops.staff.edit.deactivateQuestion", { email: member.email }) : t("ops.staff.edit.inactive")}</p>
      <FormProblem problems={switchProblems} />
      <button type="submit" disabled={switching} className={`mt-2 ${member.active ? opsButton.danger : opsButton.secondary}`}>
        {switching ? t("ops.staff.edit.saving") : member.active ? t("ops.staff.edit.deactivateConfirm") : t("ops.staff.edit.reactivate")}
      </button>
    </Form>
  );
  return (
    <Dialog
      open
      openOnServer
      onClose={() => navigate(STAFF_PATH, { preventScrollReset: true, replace: true })}
      title={t("ops.staff.edit.title", { email: member.email })}
      closeLabel={t("ops.staff.edit.close")}
      closeHref={STAFF_PATH}
      width="lg"
      testId="member-dialog"
    >
      <Form method="post" action={here} className="mt-4 space-y-3" aria-busy={saving}>
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="uuid" value={member.uuid} />
        <RoleChoice checked={member.roles} error={problems.includes("roles") ? t("ops.staff.problems.roles") : undefined} />
        <FormProblem problems={problems} />
        <button type="submit" disabled={saving} className={opsButton.primary}>
          {saving ? t("ops.staff.edit.saving") : t("ops.staff.edit.saveRoles")}
        </button>
      </Form>
      <div className="mt-5 border-t border-line pt-4">
        {member.active ? (
          // The confirmation is a disclosure: a second, deliberate step, with or without JavaScript.
          <details open={switchProblems.length > 0 || undefined}>
            <summary className="inline-flex h-9 cursor-pointer items-center rounded-lg border border-red-700 px-4 text-sm font-semibold text-red-800">{t("ops.staff.edit.deactivate")}</summary>
            {accessForm}
          </details>
        ) : (
          accessForm
        )}
      </div>
    </Dialog>
  );
}

/** A row's e-mail, its heading: wrapped only where it must be, at any character. */
const emailCell = `${tableCell} text-left font-semibold [overflow-wrap:break-word]`;

/** Admins: who works in the back-office with which roles, open invitations, and inviting, changing and deactivating. */
export default function OpsStaff({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const me = useRouteLoaderData<typeof opsLoader>("layouts/ops")?.me;
  const { list, editing, saved } = loaderData;
  const refusal = actionData && "problems" in actionData ? actionData : null;
  const invited = actionData && "invited" in actionData ? actionData : null;
  const editedMember = list.staff.find((m) => m.uuid === editing);
  const savedMember = list.staff.find((m) => m.uuid === saved);
  return (
    <>
      <OpsPageTitle title={t("ops.staff.title")} intro={t("ops.staff.intro")} />
      {savedMember && (
        <p role="status" className="mt-3 rounded-lg bg-green-50 p-2 text-sm text-green-900">
          {t("ops.staff.edit.saved", { email: savedMember.email })}
        </p>
      )}
      <div className="mt-4 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="min-w-0 space-y-4">
          <TableCard
            id="ops-members"
            heading={t("ops.staff.members.heading")}
            columns={[
              t("ops.staff.members.email"),
              t("ops.staff.roles"),
              t("ops.staff.members.status"),
              t("ops.staff.members.totp"),
              t("ops.staff.members.since"),
              <span className="sr-only">{t("ops.staff.members.actions")}</span>,
            ]}
            rows={list.staff.map((member) => (
              <tr key={member.uuid} className={member.active ? "" : "text-muted"}>
                <th scope="row" className={emailCell}>
                  {member.email}
                  {member.uuid === me?.uuid && <span className="ml-1 font-normal text-muted">{t("ops.staff.members.you")}</span>}
                </th>
                <td className={tableCell}>
                  <RoleBadges roles={member.roles} />
                </td>
                <td className={tableCell}>{member.active ? t("ops.staff.members.active") : t("ops.staff.members.inactive")}</td>
                <td className={tableCell}>{member.totpEnrolled ? t("ops.staff.members.totpSet") : t("ops.staff.members.totpMissing")}</td>
                <td className={`${tableCell} whitespace-nowrap`}>
                  <time dateTime={member.createdAt}>{formatDate(member.createdAt, i18n.language, "medium")}</time>
                </td>
                <td className={`${tableCell} text-right`}>
                  <Link
                    to={`${STAFF_PATH}?${new URLSearchParams({ edit: member.uuid })}`}
                    preventScrollReset
                    className="font-semibold text-blue-accent underline"
                    aria-label={t("ops.staff.members.editLabel", { email: member.email })}
                  >
                    {t("ops.staff.members.edit")}
                  </Link>
                </td>
              </tr>
            ))}
            empty={t("ops.staff.members.empty")}
            minWidth="min-w-[42rem]"
            testId="staff-members"
          />
          <TableCard
            id="ops-invitations"
            heading={t("ops.staff.invitations.heading")}
            columns={[t("ops.staff.members.email"), t("ops.staff.roles"), t("ops.staff.invitations.expires")]}
            rows={list.invitations.map((invitation) => (
              <tr key={`${invitation.email} ${invitation.expiresAt}`}>
                <th scope="row" className={emailCell}>
                  {invitation.email}
                </th>
                <td className={tableCell}>
                  <RoleBadges roles={invitation.roles} />
                </td>
                <td className={`${tableCell} whitespace-nowrap`}>
                  <time dateTime={invitation.expiresAt}>{formatDate(invitation.expiresAt, i18n.language, "medium-time")}</time>
                </td>
              </tr>
            ))}
            empty={t("ops.staff.invitations.empty")}
            minWidth="min-w-[30rem]"
            testId="staff-invitations"
          />
        </div>
        <InviteForm refusal={refusal} invited={invited} />
      </div>
      {editedMember && <MemberDialog key={editedMember.uuid} member={editedMember} refusal={refusal} />}
    </>
  );
}
