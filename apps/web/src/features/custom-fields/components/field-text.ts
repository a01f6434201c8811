import type { CustomFieldBehaviour, CustomFieldType } from "@steward/domain";
import type { MessageKey } from "../../../i18n";

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
