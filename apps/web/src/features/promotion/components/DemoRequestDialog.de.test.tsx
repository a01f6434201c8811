import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { messagesByLocale } from "../../../i18n/catalogue";
import { setLocaleSettings } from "../../../i18n";
import { json, mockFetch, renderApp } from "../../../test/render";
import { DemoRequestDialog } from "./DemoRequestDialog";
import { RequestDemoButton } from "./RequestDemoButton";

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The promotion texts whose German reads differently. */
const englishOnly = Object.entries(messagesByLocale.en)
  .filter(([id, text]) => id.startsWith("promotion.") && messagesByLocale.de[id] !== text)
  .map(([, text]) => text);

function expectNoEnglish(root: HTMLElement) {
  expect(englishOnly.filter((text) => within(root).queryAllByText(text).length > 0)).toEqual([]);
}

describe("demo request in German", () => {
  it("asks for the details in German, checks them in German and thanks in German", async () => {
    setLocaleSettings({ locale: "de" });
    let sent: unknown;
    mockFetch({
      "POST /api/division/promotion/BackupDemoRequest": ({ body }) => {
        sent = body;
        return json(200, { resultCode: "SUCCESS" });
      },
    });
    const user = userEvent.setup();
    renderApp(<RequestDemoButton />);
    await user.click(screen.getByRole("button", { name: "Demo anfordern" }));
    const dialog = await screen.findByRole("dialog", { name: "Demo anfordern" });
    expectNoEnglish(dialog);

    await user.click(within(dialog).getByRole("button", { name: "Absenden" }));
    expect(within(dialog).getByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein.")).toBeTruthy();
    expect(within(dialog).getByText("Geben Sie eine gültige E-Mail-Adresse ein")).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Name/), "Grace Hopper");
    await user.type(within(dialog).getByLabelText(/^E-Mail/), "grace@navy.mil");
    await user.click(within(dialog).getByRole("button", { name: "Absenden" }));

    expect(await within(dialog).findByText("Vielen Dank für Ihr Interesse!")).toBeTruthy();
    expect(await screen.findByText("Demo-Anfrage gesendet")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Schließen" })).toBeTruthy();
    expect(sent).toEqual({ userName: "Grace Hopper", userEmail: "grace@navy.mil" });
    expectNoEnglish(document.body);
  });
});

describe("demo request checks", () => {
  it("after a refused submit, an email message follows the typing and goes once the address is valid", async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderApp(<DemoRequestDialog opened onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Request Demo" });
    await user.type(within(dialog).getByLabelText(/^Name/), "Grace");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();
    // Still not an address while typing: the message stays.
    await user.type(within(dialog).getByLabelText(/^Email/), "grace@navy");
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Email/), ".mil");
    expect(within(dialog).queryByText("Enter a valid email address")).toBeNull();
  });
});
