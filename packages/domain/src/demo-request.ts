import { messages } from "./messages.js";

// A pragmatic address check: one @, a dot in the domain, no spaces. Same rule on web and server.
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const demoRequestRules = {
  messages: {
    nameRequired: messages.mandatory,
    emailInvalid: "Enter a valid email address",
  },
  /** Returns field → message for what is wrong, or an empty object. */
  validate(input: { userName: string; userEmail: string }): Partial<Record<"userName" | "userEmail", string>> {
    const errors: Partial<Record<"userName" | "userEmail", string>> = {};
    if (input.userName.trim() === "") errors.userName = messages.mandatory;
    if (!EMAIL_RE.test(input.userEmail.trim())) errors.userEmail = "Enter a valid email address";
    return errors;
  },
};
