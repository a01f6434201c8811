export { PageHeader } from "./PageHeader";
export { LoadingState, ErrorState, EmptyState, FormError } from "./states";
export { QueryView } from "./QueryView";
export { CopyField } from "./CopyField";
export { NotAvailablePage } from "./NotAvailablePage";
export { StatCard } from "./StatCard";
export { formatDate, formatDateTime, formatRelativeSeconds } from "./format";
export { confirmAction } from "./confirm";
