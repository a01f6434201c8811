import type { NotificationChannelType, NotificationOutcome } from "@steward/contracts";
import type { MessageKey } from "../../../i18n";

export const channelTypeText: Record<NotificationChannelType, MessageKey> = {
  EMAIL: "integrations.channels.types.EMAIL",
  WEBHOOK: "integrations.channels.types.WEBHOOK",
  SLACK: "integrations.channels.types.SLACK",
  TEAMS: "integrations.channels.types.TEAMS",
};

export const outcomeText: Record<NotificationOutcome, MessageKey> = {
  DELIVERED: "integrations.channels.outcomes.DELIVERED",
  FAILED: "integrations.channels.outcomes.FAILED",
  REFUSED: "integrations.channels.outcomes.REFUSED",
  HELD: "integrations.channels.outcomes.HELD",
  DIGESTED: "integrations.channels.outcomes.DIGESTED",
};

export const outcomeColor: Record<NotificationOutcome, string> = {
  DELIVERED: "teal",
  FAILED: "red",
  REFUSED: "orange",
  HELD: "gray",
  DIGESTED: "blue",
};
