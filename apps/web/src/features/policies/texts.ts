import type { DeviceClassCode, PolicySourceCode } from "@steward/contracts";
import type { MessageKey } from "../../i18n";

/** The name of each device class. */
export const deviceClassText: Record<DeviceClassCode, MessageKey> = {
  WINDOWS_WORKSTATION: "policies.classes.WINDOWS_WORKSTATION",
  WINDOWS_SERVER: "policies.classes.WINDOWS_SERVER",
  MAC: "policies.classes.MAC",
  LINUX_WORKSTATION: "policies.classes.LINUX_WORKSTATION",
  LINUX_SERVER: "policies.classes.LINUX_SERVER",
};

/** Where a device's policy comes from, in words. */
export const policySourceText: Record<PolicySourceCode, MessageKey> = {
  DEVICE: "policies.sources.DEVICE",
  LOCATION: "policies.sources.LOCATION",
  ORGANIZATION_ROLE: "policies.sources.ORGANIZATION_ROLE",
  CLASS_DEFAULT: "policies.sources.CLASS_DEFAULT",
};

/** A fixed item the editor shows: its label and its help. */
export interface ItemText {
  label: MessageKey;
  help: MessageKey;
}

/**
 * The sections the editor shows, with their items' texts. A section other areas register
 * appears once its texts are listed here.
 */
export const sectionTexts: Record<string, { title: MessageKey; items: Record<string, ItemText> }> = {
  agentSettings: {
    title: "policies.sections.agentSettings",
    items: {
      metricIntervalSeconds: {
        label: "policies.sections.metricIntervalSeconds",
        help: "policies.sections.metricIntervalSecondsHelp",
      },
      heartbeatSeconds: {
        label: "policies.sections.heartbeatSeconds",
        help: "policies.sections.heartbeatSecondsHelp",
      },
    },
  },
};
