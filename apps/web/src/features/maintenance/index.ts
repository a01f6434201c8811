// The maintenance feature hands other features nothing yet: its pages are registered by app/registry.ts.
export {};
