export { ActivitiesView } from "./components/ActivitiesView";
