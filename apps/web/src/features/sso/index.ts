export { SsoSignInSection } from "./components/SsoSignInSection";
