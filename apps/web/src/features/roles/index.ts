export { useTechnicianRoles } from "./api";
export { RolesMultiSelect } from "./components/RolesMultiSelect";
