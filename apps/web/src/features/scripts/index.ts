export { useScripts, useScript } from "./api";
export { RunScriptDialog, type RunScriptTarget } from "./components/RunScriptDialog";
export type { QueueScriptJob } from "./components/use-run-script";
export { RunScriptPanel } from "./components/RunScriptPanel";
export { RunAsSelect } from "./components/RunAsSelect";
export { ParameterInputs } from "./components/ParameterInputs";
