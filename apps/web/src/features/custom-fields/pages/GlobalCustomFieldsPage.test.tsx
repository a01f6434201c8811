import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomFieldDefinition } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { expectNoEnglish } from "../../../test/german";
import { GlobalCustomFieldsPage } from "./GlobalCustomFieldsPage";

afterEach(() => {
  vi.unstubAllGlobals();
});

const seats: CustomFieldDefinition = {
  id: 4,
  scope: "GLOBAL",
  roleId: null,
  roleName: null,
  name: "seats",
  label: "Seats",
  description: "",
  type: "INTEGER",
  behaviour: "REQUIRED",
  options: { min: 1 },
  position: 0,
  createdAt: "2025-11-22T09:00:00.000Z",
  updatedAt: "2025-11-22T09:00:00.000Z",
};

function renderPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  mockFetch({
    "GET /api/custom-fields": () => json(200, { globalCustomFields: [seats], roleCustomFields: [] }),
    "GET /api/device-roles": () => json(200, { items: [] }),
    ...handlers,
  });
  const result = renderApp(<GlobalCustomFieldsPage />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

async function chooseType(
  user: ReturnType<typeof userEvent.setup>,
  dialog: HTMLElement,
  label: string,
  type: string,
) {
  await user.click(within(dialog).getByRole("textbox", { name: label }));
  await user.click(await screen.findByRole("option", { name: type }));
}

describe("custom field definitions", () => {
  it("checks a new field on submit (label, name, choices) and creates it with the options its type uses", async () => {
    let created: unknown;
    const { user } = renderPage({
      "POST /api/custom-fields": ({ body }) => {
        created = body;
        return json(201, { ...seats, id: 5 });
      },
    });
    await user.click(await screen.findByRole("button", { name: "New custom field" }));
    const dialog = await screen.findByRole("dialog", { name: "New custom field" });
    await user.click(within(dialog).getByRole("button", { name: "Create field" }));
    expect(within(dialog).getAllByText("Mandatory value is undefined. Please enter a value.")).toHaveLength(
      2,
    );

    await user.type(within(dialog).getByLabelText(/^Label/), "Warranty end");
    expect((within(dialog).getByLabelText(/^Name/) as HTMLInputElement).value).toBe("warrantyEnd");
    await chooseType(user, dialog, "Type", "Drop-down");
    await user.click(within(dialog).getByRole("button", { name: "Create field" }));
    expect(await within(dialog).findByText("Give at least one choice")).toBeTruthy();

    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), "1st");
    await user.type(within(dialog).getByRole("textbox", { name: "Choices" }), "Gold{Enter}Silver{Enter}");
    await user.click(within(dialog).getByRole("button", { name: "Create field" }));
    expect(
      await within(dialog).findByText("Start with a letter; use letters, digits and _ (at most 64)"),
    ).toBeTruthy();
    expect(created).toBeUndefined();

    await user.clear(within(dialog).getByLabelText(/^Name/));
    await user.type(within(dialog).getByLabelText(/^Name/), "warrantyEnd");
    await user.click(within(dialog).getByRole("button", { name: "Create field" }));
    await waitFor(() =>
      expect(created).toMatchObject({
        scope: "GLOBAL",
        roleId: null,
        name: "warrantyEnd",
        label: "Warranty end",
        description: "",
        type: "DROPDOWN",
        behaviour: "OPTIONAL",
        options: { choices: ["Gold", "Silver"] },
      }),
    );
    expect(await screen.findByText("Custom field created")).toBeTruthy();
  });

  it("keeps the maximum at least the minimum, and an edit sends what an edit may change", async () => {
    let updated: unknown;
    const { user } = renderPage({
      "PATCH /api/custom-fields/4": ({ body }) => {
        updated = body;
        return json(200, seats);
      },
    });
    await user.click(await screen.findByRole("button", { name: "Edit Seats" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Seats" });
    await user.type(within(dialog).getByLabelText("Maximum"), "0");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await within(dialog).findByText("Value must be greater than or equal to 1")).toBeTruthy();
    expect(updated).toBeUndefined();

    await user.clear(within(dialog).getByLabelText("Maximum"));
    await user.type(within(dialog).getByLabelText("Maximum"), "50");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(updated).toEqual({
        label: "Seats",
        description: "",
        behaviour: "REQUIRED",
        options: { min: 1, max: 50 },
      }),
    );
  });

  it("speaks German: types, behaviours, the form and its checks", async () => {
    setLocaleSettings({ locale: "de" });
    const { user } = renderPage();
    const table = await screen.findByRole("table");
    expect(screen.getByRole("heading", { name: "Globale benutzerdefinierte Felder" })).toBeTruthy();
    for (const heading of ["Bezeichnung", "Name", "Typ", "Verhalten"])
      expect(within(table).getByText(heading)).toBeTruthy();
    expect(within(table).getByText("Ganzzahl")).toBeTruthy();
    expect(within(table).getByText("Erforderlich")).toBeTruthy();
    expectNoEnglish(document.body, "customFields.");

    await user.click(screen.getByRole("button", { name: "Neues benutzerdefiniertes Feld" }));
    const dialog = await screen.findByRole("dialog", { name: "Neues benutzerdefiniertes Feld" });
    expect(within(dialog).getByText("Skripte und die API verwenden diesen Namen")).toBeTruthy();
    await chooseType(user, dialog, "Typ", "Auswahlliste");
    await user.type(within(dialog).getByLabelText(/^Name/), "1st");
    await user.click(within(dialog).getByRole("button", { name: "Feld erstellen" }));
    expect(
      await within(dialog).findByText("Pflichtwert fehlt. Bitte geben Sie einen Wert ein."),
    ).toBeTruthy();
    // The rules' own messages come from the shared catalogue, in the reader's language.
    const choices = within(dialog).getByRole("textbox", { name: "Auswahlwerte" });
    expect(choices.getAttribute("aria-invalid")).toBe("true");
    expect(within(dialog).getByRole("textbox", { name: /^Name/ }).getAttribute("aria-invalid")).toBe("true");
    expect(dialog.textContent).not.toMatch(/Give at least one choice|Start with a letter/);
    expectNoEnglish(dialog, "customFields.");
  });
});
