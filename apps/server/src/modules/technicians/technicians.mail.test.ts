import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { technicianRoles, users } from "../../platform/identity/index.js";
import { translatorFor } from "../../platform/i18n/translator.js";
import { createTestContext, signedInClient, type TestContext } from "../../testing/test-app.js";
import { invitationMail } from "./technicians.mail.js";

let ctx: TestContext;
let roleId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [role] = await ctx.deps.db
    .insert(technicianRoles)
    .values({ name: "Mail readers", permissions: ["technicians.read"] })
    .returning({ id: technicianRoles.id });
  roleId = role!.id;
});
afterAll(async () => {
  await ctx.close();
});

let n = 0;
const newTech = () => ({
  email: `invitee${++n}@example.test`,
  firstName: "Ina",
  lastName: "Vitee",
  roleIds: [roleId],
});

/** An administrator named "Ada Admin", with the saved language given (none: follows the browser). */
async function inviter(language?: "en" | "de") {
  const signedIn = await signedInClient(ctx, { admin: true });
  await ctx.deps.db
    .update(users)
    .set({ firstName: "Ada", lastName: "Admin" })
    .where(eq(users.id, signedIn.userId));
  if (language) expect((await signedIn.client.put("/api/me/preferences", { language })).statusCode).toBe(200);
  return signedIn.client;
}

async function invite(client: Awaited<ReturnType<typeof inviter>>, headers: Record<string, string> = {}) {
  const body = newTech();
  const res = await client.post("/api/technicians", body, { headers });
  expect(res.statusCode, res.body).toBe(201);
  const mail = ctx.outbox.at(-1)!;
  expect(mail.to).toBe(body.email);
  return { mail, inviteUrl: res.json().inviteUrl as string, id: res.json().technician.id as number };
}

describe("the invitation email's language", () => {
  it("is English, worded as always, when the inviter chose no language and the browser asks for none", async () => {
    const { mail, inviteUrl } = await invite(await inviter());
    expect(mail.subject).toBe("You are invited to Steward");
    expect(mail.text).toBe(
      "Ada Admin invited you to the Steward console.\n\n" +
        `Set your password here (the link is valid for 24 hours):\n${inviteUrl}\n\n` +
        "You will then set up multi-factor authentication with an authenticator app.\n",
    );
  });

  it("is German when the inviting technician chose German", async () => {
    const { mail, inviteUrl } = await invite(await inviter("de"));
    expect(mail.subject).toBe("Ihre Einladung zu Steward");
    expect(mail.text).toBe(
      "Ada Admin hat Sie zur Steward-Konsole eingeladen.\n\n" +
        `Legen Sie hier Ihr Passwort fest (der Link ist 24 Stunden gültig):\n${inviteUrl}\n\n` +
        "Anschließend richten Sie die Multi-Faktor-Authentifizierung mit einer Authenticator-App ein.\n",
    );
  });

  it("follows the inviter's browser when they chose no language, and their choice over the browser", async () => {
    const german = await invite(await inviter(), { "accept-language": "de-AT,de;q=0.9,en;q=0.5" });
    expect(german.mail.subject).toBe("Ihre Einladung zu Steward");
    const french = await invite(await inviter(), { "accept-language": "fr-FR, ja;q=0.8" });
    expect(french.mail.subject).toBe("You are invited to Steward");
    const chosen = await invite(await inviter("en"), { "accept-language": "de" });
    expect(chosen.mail.subject).toBe("You are invited to Steward");
    expect(chosen.mail.text).toContain("the link is valid for 24 hours");
  });

  it("is the re-inviting technician's language for a new link", async () => {
    const { id } = await invite(await inviter());
    const german = await inviter("de");
    const res = await german.post(`/api/technicians/${id}/reinvite`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = ctx.outbox.at(-1)!;
    expect(mail.subject).toBe("Ihre Einladung zu Steward");
    expect(mail.text).toContain(res.json().inviteUrl);
    expect(mail.text).toContain("24 Stunden");
  });
});

describe("the invitation email's text", () => {
  const url = "https://steward.example/invite/abc";
  it("writes the invitation in the language asked for, with the inviter, the link and its hours", () => {
    const values = {
      to: "ina@example.test",
      inviter: "Ada Admin",
      inviteUrl: url,
      validHours: 24,
    };
    const en = invitationMail(translatorFor("en"), values);
    const de = invitationMail(translatorFor("de"), values);
    expect(en).toMatchObject({ to: "ina@example.test", subject: "You are invited to Steward" });
    expect(en.text).toContain("Ada Admin invited you to the Steward console.");
    expect(en.text).toContain(`(the link is valid for 24 hours):\n${url}\n`);
    expect(de.subject).toBe("Ihre Einladung zu Steward");
    expect(de.text).toContain("Ada Admin hat Sie zur Steward-Konsole eingeladen.");
    expect(de.text).toContain(`(der Link ist 24 Stunden gültig):\n${url}\n`);
    // One hour is singular in both languages.
    expect(invitationMail(translatorFor("en"), { ...values, validHours: 1 }).text).toContain(
      "valid for 1 hour)",
    );
    expect(invitationMail(translatorFor("de"), { ...values, validHours: 1 }).text).toContain(
      "ist 1 Stunde gültig",
    );
  });
});
