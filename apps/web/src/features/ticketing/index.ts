// Nothing of this feature is used by others yet; its routes (the dashboards' ticketing tabs
// included) reach the registry from ./routes.
export {};
