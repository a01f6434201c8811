// Nothing of this feature is used by others yet; its routes reach the registry from ./routes.
export {};
