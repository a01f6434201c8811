export { ConditionEngine, CONDITION_STATE_FILE, DEFAULT_CONDITION_SECONDS } from "./engine.js";
export { probeFor, runConditionScript } from "./platform.js";
