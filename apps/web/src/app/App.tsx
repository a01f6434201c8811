import { useState } from "react";
import { RouterProvider } from "react-router";
import { RouteRegistryContext } from "../routing";
import { AppProviders, createQueryClient } from "./providers";
import { routeRegistry } from "./registry";
import { createAppRouter } from "./router";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  return (
    <AppProviders queryClient={queryClient}>
      <RouteRegistryContext.Provider value={routeRegistry}>
        <RouterProvider router={router} />
      </RouteRegistryContext.Provider>
    </AppProviders>
  );
}
