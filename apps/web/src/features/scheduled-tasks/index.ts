// What other features reuse: the schedule fields of the task editor, their draft and a schedule's summary.
// Its routes reach the registry from ./routes.
export { ScheduleEditor } from "./components/ScheduleEditor";
export { ScheduleSummary } from "./components/ScheduleSummary";
export { useScheduleDraft, type ScheduleDraftState } from "./components/use-schedule-draft";
