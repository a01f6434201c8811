import { Text } from "@mantine/core";
import { NotAvailablePage } from "../../../ui";
import { RequestDemoButton } from "../../promotion";

/** Backup areas are not built yet; meanwhile technicians can ask for a demo. */
export function BackupPlaceholderPage() {
  return (
    <NotAvailablePage>
      <Text size="sm">
        Want to see cloud and local backup with file/folder and image plans, restore, integrity checks and
        upsync?
      </Text>
      <RequestDemoButton />
    </NotAvailablePage>
  );
}
