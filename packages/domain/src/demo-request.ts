import { messages } from "./messages.js";

// One address rule for web and server: dot-separated atoms of the usual characters before the @,
// dot-separated host labels after it, and a top-level domain of at least two letters.
const LOCAL = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*";
const LABEL = "[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?";
const EMAIL_RE = new RegExp(`^${LOCAL}@(?:${LABEL}\\.)+[A-Za-z]{2,63}$`);

export const EMAIL_MAX_LENGTH = 254;

/** Whether a text is an email address the console accepts (same rule in the browser and the API). */
export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_RE.test(v);
}

export const demoRequestRules = {
  messages: {
    nameRequired: messages.mandatory,
    emailInvalid: "Enter a valid email address",
  },
  /** Returns field → message for what is wrong, or an empty object. */
  validate(input: {
    userName: string;
    userEmail: string;
  }): Partial<Record<"userName" | "userEmail", string>> {
    const errors: Partial<Record<"userName" | "userEmail", string>> = {};
    if (input.userName.trim() === "") errors.userName = messages.mandatory;
    if (!isValidEmail(input.userEmail)) errors.userEmail = demoRequestRules.messages.emailInvalid;
    return errors;
  },
};
