import { expectNoAxeViolations } from "./axe.ts";
import type { Browser, Page } from "@playwright/test";
import { DEMO_STAFF } from "../src/demo-data/demo-customer.ts";
import { shopDayIso } from "../src/domain/dates.ts";
import { totpCode } from "../src/test/staff-session.ts";
import { expect, giveStaffCode, hydrated, invitedStaffMember, logInAsDemoCustomer, mailTo, staffStorageState, test } from "./fixtures.ts";


/** A browser page in the run's staff session (second factor given), in German with cookies decided. */
async function staffPage(browser: Browser, playwright: Parameters<typeof staffStorageState>[0], baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, storageState: await staffStorageState(playwright, baseURL) });
  await context.addCookies([
    { name: "reloop-language", value: "de", url: baseURL },
    { name: "reloop-consent", value: "necessary", url: baseURL },
  ]);
  return context.newPage();
}

test.describe("the back-office's door", () => {
  test("staff give their TOTP code after the password, then reach the page they asked for", async ({ page }) => {
    expect((await page.request.post("/api/customer/login", { data: { credentials: { email: DEMO_STAFF.email, password: DEMO_STAFF.password } } })).status()).toBe(200);
    await page.goto("/ops/content?type=legal");
    await expect(page).toHaveURL(/\/ops\/second-factor\?next=%2Fops%2Fcontent%3Ftype%3Dlegal$/);
    await expect(page.getByRole("heading", { level: 1, name: "Zweiter Faktor" })).toBeVisible();
    await hydrated(page);
    await expectNoAxeViolations(page);

    const code = page.getByLabel("Sechsstelliger Code");
    // A wrong code says so, on the same page.
    const right = await totpCode(DEMO_STAFF.totpSecret);
    await code.fill(String((Number(right) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await expect(page.getByText("Dieser Code stimmt nicht oder wurde schon verwendet")).toBeVisible();

    await giveStaffCode(page, /\/ops\/content\?type=legal$/);
    await expect(page).toHaveURL(/\/ops\/content\?type=legal$/);
    await expect(page.getByTestId("content-list")).toBeVisible();
  });

  test("does not exist for a customer", async ({ page }) => {
    await logInAsDemoCustomer(page);
    for (const path of ["/ops/second-factor", "/ops/content"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
    }
  });
});

test.describe("the back-office", () => {
  test("staff find their sections, invite someone by mail, see the invitation and find it in the audit log", async ({ browser, playwright, baseURL }) => {
    const staff = await staffPage(browser, playwright, baseURL!);
    const invitee = `invitee-${Date.now()}@example.com`;
    // The shop day the invitation is made on: the audit log is filtered by it, also after midnight.
    const invitedOn = shopDayIso(new Date());

    // The overview: who is signed in, their roles, and a navigation of the sections that exist.
    await staff.goto("/ops");
    await expect(staff.getByRole("heading", { level: 1, name: "Übersicht" })).toBeVisible();
    await expect(staff.getByTestId("ops-email")).toHaveText(/staff@reloop\.local/);
    const navigation = staff.getByRole("navigation", { name: "Bereiche" });
    await expect(navigation.getByRole("link")).toHaveText(["Übersicht", "Bestellungen", "Retouren", "Garantiefälle", "Kundschaft", "Wareneingang", "Prüfung", "Geräte", "Auszahlungen", "Überweisungen", "Preise", "Berichte", "Produkte", "Kategorien", "Inhalte", "Gutscheine", "Mitarbeitende", "Protokoll"]);
    await expect(navigation.getByRole("link", { name: "Übersicht" })).toHaveAttribute("aria-current", "page");
    await expect(staff.getByTestId("ops-roles")).toContainText("Admin");
    await hydrated(staff);
    await expectNoAxeViolations(staff);

    // The staff page: the team, and an invitation by mail in English.
    await navigation.getByRole("link", { name: "Mitarbeitende" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "Mitarbeitende" })).toBeVisible();
    await expect(staff.getByTestId("staff-members").getByRole("row", { name: /staff@reloop\.local/ })).toContainText("Eingerichtet");
    await expectNoAxeViolations(staff);
    const invite = staff.getByTestId("invite-form");
    await invite.getByLabel("E-Mail-Adresse").fill(invitee);
    await invite.getByLabel("Kundenservice").check();
    await invite.getByLabel("Prüfung").check();
    await invite.getByLabel("Englisch").check();
    await invite.getByRole("button", { name: "Einladung senden" }).click();
    await expect(staff.getByRole("status")).toContainText(`Einladung an ${invitee} verschickt`);
    await expect(invite.getByLabel("E-Mail-Adresse")).toHaveValue("");
    await expect(staff.getByTestId("staff-invitations").getByRole("row", { name: invitee })).toContainText("Kundenservice");
    const mail = await mailTo(invitee, /Invitation/);
    expect(mail.text).toContain("/ops/invitation?token=");

    // Without a role the API refuses next to the form.
    await invite.getByLabel("E-Mail-Adresse").fill(`nobody-${invitee}`);
    await invite.getByRole("button", { name: "Einladung senden" }).click();
    await expect(invite.getByText("Wähle mindestens eine Rolle.")).toBeVisible();

    // Deactivating the only admin is confirmed first, then refused in the member's dialog.
    await expect(staff.getByTestId("staff-members").getByRole("row").filter({ hasText: "Admin" }).filter({ hasText: "Aktiv" })).toHaveCount(1);
    await staff.getByRole("link", { name: "staff@reloop.local bearbeiten" }).click();
    const dialog = staff.getByRole("dialog", { name: "staff@reloop.local bearbeiten" });
    await expect(dialog).toBeVisible();
    await dialog.getByText("Deaktivieren …").click();
    await expect(dialog.getByText("verliert sofort den Zugang")).toBeVisible();
    await dialog.getByRole("button", { name: "Ja, deaktivieren" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Das Backoffice braucht mindestens eine aktive Person mit der Rolle Admin.");
    await staff.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(staff).toHaveURL(/\/ops\/staff$/);

    // The audit log, filtered by action and the invitation's day, has it.
    await staff.getByRole("navigation", { name: "Bereiche" }).getByRole("link", { name: "Protokoll" }).click();
    await expect(staff.getByRole("heading", { level: 1, name: "Protokoll" })).toBeVisible();
    await staff.getByLabel("Aktion").fill("staff.invite");
    await staff.getByLabel("Von").fill(invitedOn);
    await staff.getByRole("button", { name: "Filtern" }).click();
    await expect(staff).toHaveURL(/action=staff\.invite/);
    const row = staff.getByTestId("audit-entries").getByRole("row", { name: new RegExp(invitee.replace(/[.]/g, "\\.")) });
    await expect(row).toContainText("staff@reloop.local");
    await expect(row).toContainText("staff_invitation");
    await expect(row).toContainText('"roles":["grading","support"]');
    await expectNoAxeViolations(staff);
    // Nothing matches a day without actions.
    await staff.goto("/ops/audit?action=staff.invite&to=2001-01-01");
    await expect(staff.getByText("Zu diesen Filtern gibt es keine Einträge.")).toBeVisible();
    await staff.context().close();
  });

  test("a member's roles decide the sections: an invited grader in support sees theirs, the staff page is not allowed, and an admin deactivates and reactivates them", async ({ page, browser, playwright, baseURL }) => {
    // The invited address has an account, follows the mail's link, accepts, and sets up its authenticator app with the first code.
    const { email, invitation } = await invitedStaffMember(page, playwright, baseURL!, ["grading", "support"], async (invited) => {
      await expectNoAxeViolations(invited);
    });
    // The link works once.
    await page.goto(invitation);
    await page.getByRole("button", { name: "Einladung annehmen" }).click();
    await expect(page.getByRole("alert")).toContainText("unbekannt, schon benutzt oder abgelaufen");

    await page.goto("/ops");
    await expect(page.getByRole("navigation", { name: "Bereiche" }).getByRole("link")).toHaveText(["Übersicht", "Bestellungen", "Retouren", "Garantiefälle", "Kundschaft", "Prüfung", "Geräte", "Produkte", "Kategorien", "Inhalte", "Gutscheine", "Protokoll"]);
    await expect(page.getByTestId("ops-roles").getByRole("listitem")).toHaveText(["Prüfung", "Kundenservice"]);
    const response = await page.goto("/ops/staff");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Nicht erlaubt" })).toBeVisible();
    await expect(page.getByTestId("ops-frame")).toBeVisible();

    // An admin closes their access, after confirming, and opens it again.
    const staff = await staffPage(browser, playwright, baseURL!);
    await staff.goto("/ops/staff");
    await hydrated(staff);
    const row = staff.getByTestId("staff-members").getByRole("row", { name: new RegExp(email.replace(/[.]/g, "\\.")) });
    await row.getByRole("link", { name: `${email} bearbeiten` }).click();
    const dialog = staff.getByRole("dialog", { name: `${email} bearbeiten` });
    await dialog.getByText("Deaktivieren …").click();
    await dialog.getByRole("button", { name: "Ja, deaktivieren" }).click();
    await expect(dialog).toBeHidden();
    await expect(staff.getByRole("status")).toHaveText(`Änderung für ${email} gespeichert.`);
    await expect(row).toContainText("Deaktiviert");
    expect((await page.goto("/ops"))?.status()).toBe(404);
    await row.getByRole("link", { name: `${email} bearbeiten` }).click();
    await dialog.getByRole("button", { name: "Wieder aktivieren" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Aktiv");
    await staff.context().close();
  });

  test("the shop's header links the back-office for staff only", async ({ page, browser, playwright, baseURL }) => {
    const staff = await staffPage(browser, playwright, baseURL!);
    await staff.goto("/");
    await staff.getByRole("link", { name: "Backoffice" }).click();
    await expect(staff).toHaveURL(/\/ops$/);
    await staff.context().close();

    await page.goto("/");
    await expect(page.getByRole("link", { name: "Backoffice" })).toHaveCount(0);
    await logInAsDemoCustomer(page);
    await page.goto("/");
    await expect(page.getByRole("link", { name: "Mein Konto (demo@reloop.local)" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Backoffice" })).toHaveCount(0);
    expect((await page.goto("/ops"))?.status()).toBe(404);
  });
});
