import { Badge } from "@mantine/core";
import { useLiveStatus } from "../../../api";
import { useT } from "../../../i18n";

/**
 * A quiet mark of whether the list updates by itself (live) or waits for the stream to return;
 * nothing while the first stream opens.
 */
export function LiveIndicator() {
  const t = useT();
  const status = useLiveStatus();
  if (status === "idle" || status === "connecting") return null;
  const live = status === "live";
  return (
    <Badge
      variant="dot"
      color={live ? "green" : "gray"}
      size="md"
      role="status"
      title={t(live ? "alerts.live.onHint" : "alerts.live.reconnectingHint")}
      data-testid="live-indicator"
    >
      {t(live ? "alerts.live.on" : "alerts.live.reconnecting")}
    </Badge>
  );
}
