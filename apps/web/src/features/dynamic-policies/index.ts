// The dynamic policies feature hands other features nothing: its page is registered by app/registry.ts.
export {};
