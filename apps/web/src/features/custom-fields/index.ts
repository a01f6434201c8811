export { useCustomFieldDefinitions } from "./api";
export type { ValueLevel } from "./api";
export { CustomFieldValuesEditor } from "./components/CustomFieldValuesEditor";
export { CustomFieldInput } from "./components/CustomFieldInput";
