import { useState } from "react";
import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderApp } from "../../../test/render";
import { ScheduleEditor } from "./ScheduleEditor";
import { defaultScheduleDraft, scheduleErrors, scheduleOf, type ScheduleDraft } from "./schedule-draft";

function Harness({ initial = defaultScheduleDraft() }: { initial?: ScheduleDraft }) {
  const [draft, setDraft] = useState(initial);
  return <ScheduleEditor draft={draft} onChange={setDraft} errors={scheduleErrors(draft)} />;
}

describe("schedule editor", () => {
  it("starts with the spec's defaults: daily, every 1, 09:00, day 1, Monday, end Never", () => {
    const s = scheduleOf(defaultScheduleDraft());
    expect(s).toMatchObject({
      repeats: "DAILY",
      repeatsEveryCount: 1,
      runAtHour: 9,
      runAtMinute: 0,
      dayOfMonth: 1,
      daysOfWeek: ["MONDAY"],
      end: { type: "NEVER" },
    });
    renderApp(<Harness />);
    expect((screen.getByRole("textbox", { name: "Repeats" }) as HTMLInputElement).value).toBe("Daily");
    expect((screen.getByLabelText(/^Every/) as HTMLInputElement).value).toBe("1");
    expect((screen.getByLabelText("At") as HTMLInputElement).value).toBe("09:00");
    expect((screen.getByRole("textbox", { name: "Ends" }) as HTMLInputElement).value).toBe("Never");
  });

  it("offers exactly the spec's kinds and end rules", async () => {
    const user = userEvent.setup();
    renderApp(<Harness />);
    await user.click(screen.getByRole("textbox", { name: "Repeats" }));
    const kinds = within(await screen.findByRole("listbox"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(kinds).toEqual([
      "Daily",
      "Weekly",
      "Monthly",
      "Run Once",
      "Run Once Immediately",
      "None",
      "Every",
      "On System Startup",
      "On User Login",
    ]);
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("textbox", { name: "Ends" }));
    const ends = within(await screen.findByRole("listbox"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(ends).toEqual(["Never", "After", "On"]);
  });

  it.each([
    ["DAILY", 366, "Value must be less than or equal to 365"],
    ["WEEKLY", 53, "Value must be less than or equal to 52"],
    ["MONTHLY", 13, "Value must be less than or equal to 12"],
    ["EVERY", 13, "Value must be less than or equal to 12"],
    ["DAILY", 0, "Value must be greater than or equal to 1"],
  ] as const)("%s every %i says %s", (repeats, count, message) => {
    renderApp(<Harness initial={{ ...defaultScheduleDraft(), repeats, repeatsEveryCount: count }} />);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it("accepts the maximums themselves", () => {
    for (const [repeats, count] of [
      ["DAILY", 365],
      ["WEEKLY", 52],
      ["MONTHLY", 12],
      ["EVERY", 12],
    ] as const) {
      expect(scheduleErrors({ ...defaultScheduleDraft(), repeats, repeatsEveryCount: count })).toEqual({});
    }
  });

  it("asks for the date of a Run Once and the count of an end After", () => {
    expect(scheduleErrors({ ...defaultScheduleDraft(), repeats: "RUN_ONCE" })).toEqual({
      startDate: "Mandatory value is undefined. Please enter a value.",
    });
    expect(scheduleErrors({ ...defaultScheduleDraft(), endType: "AFTER", occurenceCount: "" })).toEqual({
      "end.occurenceCount": "Mandatory value is undefined. Please enter a value.",
    });
    expect(scheduleErrors({ ...defaultScheduleDraft(), repeatsEveryCount: "" })).toEqual({
      repeatsEveryCount: "Mandatory value is undefined. Please enter a value.",
    });
    // A field the kind does not use is not checked.
    expect(scheduleErrors({ ...defaultScheduleDraft(), dayOfMonth: "" })).toEqual({});
  });
});
