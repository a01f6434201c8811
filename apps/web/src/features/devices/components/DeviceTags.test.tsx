import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { authenticatedSession, json, mockFetch, renderApp, signIn } from "../../../test/render";
import { DeviceTags } from "./DeviceTags";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("device tags", () => {
  it.each([
    ["two words", "Tag cannot contain spaces"],
    ['say"hi', "Tag cannot contain quotes"],
    ["a,b", "Tag cannot contain commas"],
    ["x".repeat(26), "Exceeds max character limit of 25"],
  ])("refuses %s with the spec's message", async (tag, message) => {
    const post = vi.fn(() => json(200, { tags: [] }));
    mockFetch({ "POST /api/devices/5/tags": post });
    const result = renderApp(<DeviceTags deviceId={5} tags={[]} canEdit />);
    signIn(result.queryClient, authenticatedSession());
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "New tag" }), tag);
    await user.click(screen.getByRole("button", { name: "Add tag" }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it("adds a valid tag and removes one", async () => {
    const calls: string[] = [];
    mockFetch({
      "POST /api/devices/5/tags": ({ body }) => {
        calls.push(`add ${(body as { tag: string }).tag}`);
        return json(200, { tags: ["kiosk"] });
      },
      "DELETE /api/devices/5/tags": ({ url }) => {
        calls.push(`remove ${url.searchParams.get("tag")}`);
        return json(200, { tags: [] });
      },
    });
    const result = renderApp(<DeviceTags deviceId={5} tags={["old"]} canEdit />);
    signIn(result.queryClient, authenticatedSession());
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "New tag" }), "kiosk");
    await user.click(screen.getByRole("button", { name: "Add tag" }));
    await user.click(screen.getByRole("button", { name: "Remove tag old" }));
    await waitFor(() => expect(calls).toEqual(["add kiosk", "remove old"]));
  });
});
