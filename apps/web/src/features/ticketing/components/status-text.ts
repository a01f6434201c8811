import type { TicketStateType, TicketValue } from "@steward/contracts";
import { useT } from "../../../i18n";
import { useTicketValues } from "../api";

/**
 * Names of statuses in the reader's language: a built-in status is named by its state (its
 * stored name is the English one); administrators' own statuses and other values by their name.
 */
export function useStatusText() {
  const t = useT();
  const values = useTicketValues();
  const stateOf = (s: TicketStateType) => t(`ticketing.states.${s}`);
  const builtIn = new Map<string, TicketStateType>();
  for (const s of values.data?.STATUS ?? []) if (s.builtIn && s.stateType) builtIn.set(s.name, s.stateType);
  return {
    status: (s: { name: string; stateType: TicketStateType; builtIn: boolean }) =>
      s.builtIn ? stateOf(s.stateType) : s.name,
    value: (v: TicketValue) =>
      v.kind === "STATUS" && v.builtIn && v.stateType ? stateOf(v.stateType) : v.name,
    /** A status name as the history keeps it. */
    named: (name: string | null) => {
      const state = name === null ? undefined : builtIn.get(name);
      return state ? stateOf(state) : name;
    },
  };
}
