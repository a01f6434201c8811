import { afterEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { CustomFieldDefinition } from "@steward/contracts";
import { setLocaleSettings } from "../../../i18n";
import { messagesByLocale } from "../../../i18n/catalogue";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { CustomFieldValuesEditor } from "./CustomFieldValuesEditor";
import { draftError } from "./field-draft";

afterEach(() => {
  vi.unstubAllGlobals();
});

let nextId = 1;
function aField(overrides: Partial<CustomFieldDefinition>): CustomFieldDefinition {
  const id = nextId++;
  return {
    id,
    scope: "GLOBAL",
    roleId: null,
    roleName: null,
    name: `field${id}`,
    label: `Field ${id}`,
    description: "",
    type: "TEXT",
    behaviour: "OPTIONAL",
    options: {},
    position: 0,
    createdAt: "2025-11-22T09:00:00.000Z",
    updatedAt: "2025-11-22T09:00:00.000Z",
    ...overrides,
  };
}

const item = (field: CustomFieldDefinition, value: unknown = null) => ({
  field,
  value,
  effectiveValue: value,
  effectiveSource: value === null ? null : "DEVICE",
});

function renderEditor(fields: CustomFieldDefinition[], put?: (body: unknown) => Response) {
  mockFetch({
    "GET /api/devices/5/custom-fields": () => json(200, { items: fields.map((f) => item(f)) }),
    ...(put ? { "PUT /api/devices/5/custom-fields": ({ body }) => put(body) } : {}),
  });
  const result = renderApp(<CustomFieldValuesEditor level={{ kind: "device", deviceId: 5 }} />);
  signIn(result.queryClient, authenticatedSession());
  return { ...result, user: userEvent.setup() };
}

describe("custom field inputs", () => {
  it("integer input blocks + - e E . , and strips everything but digits", async () => {
    const { user } = renderEditor([aField({ label: "Seats", type: "INTEGER" })]);
    const input = (await screen.findByLabelText("Seats")) as HTMLInputElement;
    await user.type(input, "+-1e2E.3,4");
    expect(input.value).toBe("1234");
    // Text set without key presses is stripped too.
    fireEvent.change(input, { target: { value: "12a 3" } });
    expect(input.value).toBe("123");
  });

  it("integer input shows the spec's message for pasted text that is not an integer, and does not save it", async () => {
    const put = vi.fn(() => json(200, { items: [] }));
    const { user } = renderEditor([aField({ label: "Seats", type: "INTEGER" })], put);
    const input = (await screen.findByLabelText("Seats")) as HTMLInputElement;
    await user.click(input);
    await user.paste("12.5");
    // Kept as pasted, never silently turned into 125.
    expect(input.value).toBe("12.5");
    expect(await screen.findByText("Input must be of integer value")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(put).not.toHaveBeenCalled();
    await user.clear(input);
    await user.paste("125");
    await waitFor(() => expect(screen.queryByText("Input must be of integer value")).toBeNull());
  });

  it("decimal input blocks + - e E, strips all but digits and keeps only the first dot", async () => {
    const { user } = renderEditor([aField({ label: "Ratio", type: "DECIMAL" })]);
    const input = (await screen.findByLabelText("Ratio")) as HTMLInputElement;
    await user.type(input, "-1.5e+2.7");
    expect(input.value).toBe("1.527");
    fireEvent.change(input, { target: { value: "3,1.4.1x" } });
    expect(input.value).toBe("31.41");
  });

  it('shows "Value must be a valid IP Address" for a bad IP address', async () => {
    const { user } = renderEditor([aField({ label: "Gateway", type: "IP_ADDRESS" })]);
    const input = await screen.findByLabelText("Gateway");
    await user.type(input, "999.1.1.1");
    await user.tab();
    expect(await screen.findByText("Value must be a valid IP Address")).toBeTruthy();
  });

  it("shows the numeric range messages", async () => {
    const { user } = renderEditor([
      aField({ label: "Seats", type: "INTEGER", options: { min: 1, max: 10 } }),
    ]);
    const input = await screen.findByLabelText("Seats");
    await user.type(input, "11");
    await user.tab();
    expect(await screen.findByText("Value must be less than or equal to 10")).toBeTruthy();
  });

  it("shows the mandatory message when a required device field is saved empty", async () => {
    const put = vi.fn(() => json(200, { items: [] }));
    const field = aField({ label: "Owner", type: "TEXT", behaviour: "REQUIRED" });
    mockFetch({
      "GET /api/devices/5/custom-fields": () => json(200, { items: [item(field, "ada")] }),
      "PUT /api/devices/5/custom-fields": put,
    });
    const result = renderApp(<CustomFieldValuesEditor level={{ kind: "device", deviceId: 5 }} />);
    signIn(result.queryClient, authenticatedSession());
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText(/^Owner/));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Mandatory value is undefined. Please enter a value.")).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
  });

  it('confirms a save with "Custom fields saved" and shows the saved value', async () => {
    const seats = aField({ label: "Seats", type: "INTEGER" });
    let stored: unknown = null;
    mockFetch({
      // The reload after a save takes a moment, as over a network: the form redraws meanwhile.
      "GET /api/devices/5/custom-fields": async () => {
        if (stored !== null) await new Promise((r) => setTimeout(r, 100));
        return json(200, { items: [item(seats, stored)] });
      },
      "PUT /api/devices/5/custom-fields": () => {
        stored = 42;
        return json(200, { items: [item(seats, stored)] });
      },
    });
    const result = renderApp(<CustomFieldValuesEditor level={{ kind: "device", deviceId: 5 }} />);
    signIn(result.queryClient, authenticatedSession());
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Seats"), "42");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Custom fields saved")).toBeTruthy();
    expect(((await screen.findByLabelText("Seats")) as HTMLInputElement).value).toBe("42");
  });

  it("saves only the changed fields and shows the server's message under its field", async () => {
    const seats = aField({ label: "Seats", type: "INTEGER" });
    const note = aField({ label: "Note", type: "TEXT" });
    let sent: unknown;
    const { user } = renderEditor([seats, note], (body) => {
      sent = body;
      return json(400, {
        code: "E_CUSTOM_FIELD_INVALID",
        message: "Input must be of integer value",
        requestId: "r",
        details: { issues: [{ fieldId: seats.id, message: "Input must be of integer value" }] },
      });
    });
    await user.type(await screen.findByLabelText("Seats"), "42");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(sent).toEqual({ values: [{ fieldId: seats.id, value: "42" }] }));
    expect((await screen.findAllByText("Input must be of integer value")).length).toBeGreaterThan(0);
  });

  it("checks drafts with the spec's messages", () => {
    const integer = { type: "INTEGER" as const, behaviour: "OPTIONAL" as const, options: {} };
    expect(draftError(integer, "12a", false)).toBe("Input must be of integer value");
    expect(draftError({ ...integer, type: "DECIMAL" }, "1.2.3", false)).toBe(
      "Input must be of decimal value",
    );
    expect(draftError({ ...integer, type: "DECIMAL" }, "1e5", false)).toBe(
      "Must not be in scientific notation",
    );
    expect(draftError(integer, "", true)).toBe("Mandatory value is undefined. Please enter a value.");
    expect(draftError(integer, "", false)).toBeNull();
  });
});

describe("custom field values in German", () => {
  it("groups, hints, counts and checks in German, with an inherited moment in the reader's date format", async () => {
    setLocaleSettings({ locale: "de", timeZone: "Europe/Berlin" });
    const seats = aField({ label: "Seats", type: "INTEGER" });
    const installed = aField({ label: "Installed", type: "DATE_TIME" });
    const backup = aField({
      label: "Backup",
      type: "TEXT",
      scope: "ROLE",
      roleName: "Server",
      behaviour: "READ_ONLY",
    });
    mockFetch({
      "GET /api/devices/5/custom-fields": () =>
        json(200, {
          items: [
            item(seats),
            {
              field: installed,
              value: null,
              effectiveValue: "2025-11-22T14:30:00.000Z",
              effectiveSource: "ORGANIZATION",
            },
            item(backup),
          ],
        }),
    });
    const result = renderApp(<CustomFieldValuesEditor level={{ kind: "device", deviceId: 5 }} />);
    signIn(result.queryClient, authenticatedSession());
    const user = userEvent.setup();

    expect(await screen.findByText("Globale Felder")).toBeTruthy();
    expect(screen.getByText("Rolle: Server")).toBeTruthy();
    expect(screen.getByText("Schreibgeschützt")).toBeTruthy();
    expect(screen.getByText("Geerbt von der Organisation: 22.11.2025, 15:30")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Änderungen verwerfen" })).toBeTruthy();

    const input = screen.getByLabelText("Seats");
    await user.click(input);
    await user.paste("12.5");
    expect(await screen.findByText("Die Eingabe muss eine ganze Zahl sein")).toBeTruthy();
    expect(screen.getByText("1 ungespeicherte Änderung")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Speichern" }));
    // No text of the custom fields catalogue is left in English (those with values checked above).
    const english = Object.entries(messagesByLocale.en)
      .filter(([id, text]) => id.startsWith("customFields.") && messagesByLocale.de[id] !== text)
      .map(([, text]) => text);
    expect(english.filter((text) => screen.queryAllByText(text).length > 0)).toEqual([]);
    expect(screen.queryByText(/unsaved|Inherited|Role:/)).toBeNull();
  });
});
