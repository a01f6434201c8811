import { Text } from "@mantine/core";
import { useT } from "../../../i18n";
import { NotAvailablePage } from "../../../ui";
import { RequestDemoButton } from "../../promotion";

/** Backup areas are not built yet; meanwhile technicians can ask for a demo. */
export function BackupPlaceholderPage() {
  const t = useT();
  return (
    <NotAvailablePage>
      <Text size="sm">{t("backup.placeholder.demo")}</Text>
      <RequestDemoButton />
    </NotAvailablePage>
  );
}
