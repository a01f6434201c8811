export { StepUpPrompt } from "./components/StepUpPrompt";
