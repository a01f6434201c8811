export { PageHeader } from "./PageHeader";
export { LoadingState, ErrorState, EmptyState, FormError } from "./states";
export { QueryView } from "./QueryView";
export { CopyField } from "./CopyField";
export { NotAvailablePage } from "./NotAvailablePage";
export { StatCard } from "./StatCard";
export {
  formatBytes,
  formatDate,
  formatDateTime,
  formatNumber,
  formatRelativeSeconds,
  formatTime,
} from "./format";
export { confirmAction } from "./confirm";
export { CommandBlock } from "./CommandBlock";
export { showMessageDialog } from "./dialogs";
export type { MessageDialogOptions } from "./dialogs";
export { ListFooter } from "./ListFooter";
export { RowActions, RowAction, DeleteIconButton, EditIconButton } from "./rowActions";
export { FormCard, SaveBar } from "./FormCard";
export { ListTable, TableCard } from "./TableCard";
export { confirmDelete } from "./confirmDelete";
