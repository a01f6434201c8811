import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  agentDownTriggered,
  customFieldTriggered,
  FLAP_MAX_TRANSITIONS,
  FLAP_WINDOW_MS,
  flappingOver,
  followUpsOf,
  recordTransition,
  toServerTime,
  worstHealth,
  type FlapState,
} from "./alerting.js";

const MIN = 60_000;

function toggles(times: number[], start?: FlapState) {
  let state: FlapState | undefined = start;
  const outcomes = [];
  for (const t of times) {
    const o = recordTransition(state, t);
    outcomes.push(o);
    state = o;
  }
  return outcomes;
}

describe("flap detection", () => {
  it("marks a condition flapping on the sixth change inside 30 minutes, once", () => {
    const outcomes = toggles([0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * MIN));
    expect(outcomes.map((o) => o.flapping)).toEqual([false, false, false, false, false, true, true, true]);
    expect(outcomes.filter((o) => o.startedFlapping)).toHaveLength(1);
    expect(outcomes[5]!.startedFlapping).toBe(true);
  });

  it("does not flap when the same number of changes is spread wider than the window", () => {
    const outcomes = toggles([0, 7, 14, 21, 28, 35, 42].map((i) => i * MIN));
    expect(outcomes.some((o) => o.flapping)).toBe(false);
  });

  it("keeps flapping while changes keep coming, and ends after a whole stable window", () => {
    const flapping = toggles([0, 1, 2, 3, 4, 5].map((i) => i * MIN)).at(-1)!;
    expect(flapping.flapping).toBe(true);
    // A change 20 minutes later: still within the window of the last one.
    const later = recordTransition(flapping, 25 * MIN);
    expect(later).toMatchObject({ flapping: true, startedFlapping: false });
    // Stable for 30 minutes: the next change starts afresh.
    const settled = recordTransition(later, 25 * MIN + FLAP_WINDOW_MS);
    expect(settled).toMatchObject({ flapping: false, startedFlapping: false, transitions: [55 * MIN] });
    expect(flappingOver(25 * MIN, 25 * MIN + FLAP_WINDOW_MS - 1)).toBe(false);
    expect(flappingOver(25 * MIN, 25 * MIN + FLAP_WINDOW_MS)).toBe(true);
  });

  it("never keeps more than the window's transitions, and flaps exactly when more than the limit fall in it", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 10 * MIN }), { minLength: 1, maxLength: 40 }),
        (gaps) => {
          let t = 0;
          const times = gaps.map((g) => (t += g));
          let state: FlapState | undefined;
          for (const at of times) {
            const o = recordTransition(state, at);
            expect(o.transitions.every((x) => x > at - FLAP_WINDOW_MS && x <= at)).toBe(true);
            if (o.transitions.length > FLAP_MAX_TRANSITIONS) expect(o.flapping).toBe(true);
            if (!state?.flapping) expect(o.flapping).toBe(o.transitions.length > FLAP_MAX_TRANSITIONS);
            state = o;
          }
        },
      ),
    );
  });
});

describe("follow-ups", () => {
  const calm = { flapping: false, startedFlapping: false };
  it("notifies and automates an opening, notifies a reset, and does nothing for a repeat", () => {
    expect(followUpsOf("OPENED", calm, undefined)).toEqual({ notify: true, automate: true });
    expect(followUpsOf("RESET", calm, undefined)).toEqual({ notify: true, automate: false });
    expect(followUpsOf("REPEATED", calm, undefined)).toEqual({ notify: false, automate: false });
  });

  it("notifies a flapping condition once, when it starts flapping, and runs no automations after", () => {
    expect(followUpsOf("OPENED", { flapping: true, startedFlapping: true }, undefined).notify).toBe(true);
    expect(followUpsOf("OPENED", { flapping: true, startedFlapping: false }, undefined)).toEqual({
      notify: false,
      automate: false,
    });
    expect(followUpsOf("RESET", { flapping: true, startedFlapping: false }, undefined).notify).toBe(false);
  });

  it("holds back what a maintenance window suppresses, and only that", () => {
    const notifications = { alerts: false, notifications: true, automations: false };
    expect(followUpsOf("OPENED", calm, notifications)).toEqual({ notify: false, automate: true });
    const automations = { alerts: false, notifications: false, automations: true };
    expect(followUpsOf("OPENED", calm, automations)).toEqual({ notify: true, automate: false });
  });
});

describe("device health", () => {
  it("is the worst open alert's health, HEALTHY when none is open", () => {
    expect(worstHealth([])).toBe("HEALTHY");
    expect(worstHealth(["NEEDS_ATTENTION", "UNHEALTHY", "UNKNOWN"])).toBe("UNHEALTHY");
    expect(worstHealth(["UNKNOWN", "NEEDS_ATTENTION"])).toBe("NEEDS_ATTENTION");
    expect(worstHealth(["UNKNOWN"])).toBe("UNKNOWN");
  });
});

describe("agent times on the server clock", () => {
  const now = 1_000_000_000;
  it("keeps times of a clock within five seconds, and moves those of a clock further off", () => {
    expect(toServerTime(now - 10_000, now - 3_000, now)).toBe(now - 10_000);
    // The agent's clock runs an hour behind.
    expect(toServerTime(now - 3_600_000 - 10_000, now - 3_600_000, now)).toBe(now - 10_000);
  });
  it("never places an event after its receipt", () => {
    expect(toServerTime(now + 50_000, now - 1_000, now)).toBe(now);
  });
});

describe("server-evaluated checks", () => {
  const check = (operator: "EQ" | "NE" | "CONTAINS" | "EMPTY" | "NOT_EMPTY", value = "") =>
    ({ kind: "customField", field: "Backup", operator, value }) as const;
  it("compares a custom field without regard to case or surrounding spaces", () => {
    expect(customFieldTriggered(check("EQ", "Failed"), " failed ")).toBe(true);
    expect(customFieldTriggered(check("NE", "ok"), "OK")).toBe(false);
    expect(customFieldTriggered(check("CONTAINS", "err"), "Last run: ERROR 5")).toBe(true);
    expect(customFieldTriggered(check("EMPTY"), null)).toBe(true);
    expect(customFieldTriggered(check("NOT_EMPTY"), "  ")).toBe(false);
  });
  it("triggers agent down once the device has been down for the minutes", () => {
    expect(agentDownTriggered(0, 5, 5 * MIN - 1)).toBe(false);
    expect(agentDownTriggered(0, 5, 5 * MIN)).toBe(true);
  });
});
