import { Stack, Text, Timeline, Title } from "@mantine/core";
import type { TicketHistoryEntry } from "@steward/contracts";
import { isMessageKey, useT, type Translate } from "../../../i18n";
import { formatDateTime } from "../../../ui";
import { useStatusText } from "./status-text";

function line(t: Translate, h: TicketHistoryEntry, named: (name: string | null) => string | null): string {
  if (h.field === "created") return t("ticketing.history.created", { value: named(h.newValue) ?? "" });
  if (h.field === "reply") return t("ticketing.history.reply");
  if (h.field === "note") return t("ticketing.history.note");
  const key = `ticketing.history.fields.${h.field}`;
  const none = t("ticketing.history.none");
  return t("ticketing.history.changed", {
    field: isMessageKey(key) ? t(key) : h.field,
    from: (h.field === "status" ? named(h.oldValue) : h.oldValue) || none,
    to: (h.field === "status" ? named(h.newValue) : h.newValue) || none,
  });
}

/** Every change of the ticket, oldest first, with who made it and when. */
export function TicketHistory({ history }: { history: TicketHistoryEntry[] }) {
  const t = useT();
  const statusText = useStatusText();
  return (
    <Stack gap="sm">
      <Title order={4}>{t("ticketing.history.title")}</Title>
      <Timeline bulletSize={12} lineWidth={2}>
        {history.map((h) => (
          <Timeline.Item key={h.id} title={<Text size="sm">{line(t, h, statusText.named)}</Text>}>
            <Text size="xs" c="dimmed">
              {h.user?.name ?? t("ticketing.comments.system")} · {formatDateTime(h.createdAt)}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
