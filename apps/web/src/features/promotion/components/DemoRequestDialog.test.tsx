import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { messages } from "@steward/domain";
import { json, mockFetch, renderApp } from "../../../test/render";
import { DemoRequestDialog } from "./DemoRequestDialog";

const PATH = "/api/division/promotion/BackupDemoRequest";

function open() {
  const onClose = vi.fn();
  renderApp(<DemoRequestDialog opened onClose={onClose} />);
  const dialog = screen.getByRole("dialog", { name: "Request Demo" });
  return { dialog, onClose, user: userEvent.setup() };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("DemoRequestDialog", () => {
  it("has the spec's title, name and email fields and a Submit button", () => {
    mockFetch({});
    const { dialog } = open();
    expect(within(dialog).getByLabelText(/^Name/)).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Email/)).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Submit" })).toBeTruthy();
  });

  it("requires a name and a valid email before sending anything", async () => {
    const fetchMock = mockFetch({});
    const { dialog, user } = open();
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).getByText(messages.mandatory)).toBeTruthy();
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();

    await user.type(within(dialog).getByLabelText(/^Name/), "Grace Hopper");
    await user.type(within(dialog).getByLabelText(/^Email/), "grace@navy");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    expect(within(dialog).queryByText(messages.mandatory)).toBeNull();
    expect(within(dialog).getByText("Enter a valid email address")).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts userName and userEmail, then thanks and confirms 'Demo request sent'", async () => {
    let sent: unknown;
    mockFetch({
      [`POST ${PATH}`]: ({ body }) => {
        sent = body;
        return json(200, { resultCode: "SUCCESS" });
      },
    });
    const { dialog, user } = open();
    await user.type(within(dialog).getByLabelText(/^Name/), "  Grace Hopper ");
    await user.type(within(dialog).getByLabelText(/^Email/), "grace@navy.mil");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await within(dialog).findByText(/Thank you/)).toBeTruthy();
    expect(await screen.findByText("Demo request sent")).toBeTruthy();
    expect(sent).toEqual({ userName: "Grace Hopper", userEmail: "grace@navy.mil" });
    expect(within(dialog).queryByRole("button", { name: "Submit" })).toBeNull();
  });

  it("only logs a failure: the user sees the thank-you, no error and no false confirmation", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch({
      [`POST ${PATH}`]: () => json(500, { code: "E_INTERNAL", message: "boom", requestId: "r-1" }),
    });
    const { dialog, user } = open();
    await user.type(within(dialog).getByLabelText(/^Name/), "Grace Hopper");
    await user.type(within(dialog).getByLabelText(/^Email/), "grace@navy.mil");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));

    expect(await within(dialog).findByText(/Thank you/)).toBeTruthy();
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText(/boom|error|failed|went wrong/i)).toBeNull();
    expect(screen.queryByText("Demo request sent")).toBeNull();
  });
});
