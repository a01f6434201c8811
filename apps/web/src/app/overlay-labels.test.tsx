import { Modal } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { setLocaleSettings } from "../i18n";
import { renderApp } from "../test/render";

describe("close buttons of dialogs and notifications", () => {
  it("are named in the reader's language", async () => {
    renderApp(
      <Modal opened onClose={() => undefined} title="Edit">
        body
      </Modal>,
    );
    expect(await screen.findByRole("button", { name: "Close dialog" })).toBeTruthy();
    act(() => {
      notifications.show({ message: "Saved" });
    });
    expect(await screen.findByRole("button", { name: "Close notification" })).toBeTruthy();

    act(() => {
      setLocaleSettings({ locale: "de" });
    });
    expect(await screen.findByRole("button", { name: "Dialog schließen" })).toBeTruthy();
  });
});
