import { messages } from "./messages.js";

export const TAG_MAX_LENGTH = 25;

/** The spec's tag rules, checked in its order. Returns the message for the first broken rule, or null. */
export function validateTag(tag: string): string | null {
  if (/\s/.test(tag)) return messages.tag.spaces;
  if (/["'`]/.test(tag)) return messages.tag.quotes;
  if (tag.includes(",")) return messages.tag.commas;
  if (tag.length > TAG_MAX_LENGTH) return messages.tag.tooLong;
  if (tag.length === 0) return messages.mandatory;
  return null;
}
