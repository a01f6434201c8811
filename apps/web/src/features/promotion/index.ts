export { DemoRequestDialog } from "./components/DemoRequestDialog";
export { RequestDemoButton } from "./components/RequestDemoButton";
