import type { ReactNode } from "react";
import type { CustomFieldBehaviour, CustomFieldType } from "@steward/domain";
import { translate, type MessageKey } from "../../../i18n";
import { en } from "../i18n/en";

/** How each custom field type is named. */
export const typeText: Record<CustomFieldType, MessageKey> = {
  TEXT: "customFields.types.TEXT",
  MULTI_LINE: "customFields.types.MULTI_LINE",
  INTEGER: "customFields.types.INTEGER",
  DECIMAL: "customFields.types.DECIMAL",
  CHECKBOX: "customFields.types.CHECKBOX",
  DATE: "customFields.types.DATE",
  DATE_TIME: "customFields.types.DATE_TIME",
  DROPDOWN: "customFields.types.DROPDOWN",
  MULTI_SELECT: "customFields.types.MULTI_SELECT",
  IP_ADDRESS: "customFields.types.IP_ADDRESS",
};

/** How each custom field behaviour is named. */
export const behaviourText: Record<CustomFieldBehaviour, MessageKey> = {
  HIDDEN: "customFields.behaviours.HIDDEN",
  OPTIONAL: "customFields.behaviours.OPTIONAL",
  REQUIRED: "customFields.behaviours.REQUIRED",
  READ_ONLY: "customFields.behaviours.READ_ONLY",
  REQUIRED_TO_CREATE: "customFields.behaviours.REQUIRED_TO_CREATE",
  REQUIRED_TO_RESOLVE: "customFields.behaviours.REQUIRED_TO_RESOLVE",
};

/** The custom field rules' own messages (the shared catalogue holds the other field messages). */
const ruleMessages: Record<"nameRule" | "choicesRequired" | "choicesUnique" | "globalWithRole", MessageKey> =
  {
    nameRule: "customFields.form.nameRule",
    choicesRequired: "customFields.form.choicesRequired",
    choicesUnique: "customFields.form.choicesUnique",
    globalWithRole: "customFields.form.globalWithRole",
  };

/**
 * A field message in the reader's language: the definition rules write a few messages of their
 * own in English (on the server too), which are found here by their English text.
 */
export function localizeRule(message: ReactNode): ReactNode {
  if (typeof message !== "string") return message;
  for (const [key, id] of Object.entries(ruleMessages))
    if (en.form[key as keyof typeof ruleMessages] === message) return translate(id);
  return message;
}
