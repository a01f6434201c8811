export { roleKeys, useTechnicianRoles } from "./api";
export { roleEditorPath } from "./paths";
export { RolesMultiSelect } from "./components/RolesMultiSelect";
