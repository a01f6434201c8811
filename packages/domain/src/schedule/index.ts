export * from "./schedule.js";
export * from "./validate.js";
export * from "./legacy.js";
export * from "./next-run.js";
export { parseIsoDate, formatIsoDate, type CivilDate } from "./civil-date.js";
export { wallClockAt, zonedInstant, type WallClock } from "./zoned-time.js";
