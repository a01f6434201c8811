export { activityKeys } from "./api";
export { ActivitiesView } from "./components/ActivitiesView";
