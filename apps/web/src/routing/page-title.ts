import { createContext, useContext, useEffect } from "react";

/** Lets a page replace its registry title with a data-driven one (an organization's name). */
export const PageTitleContext = createContext<(title: string | null) => void>(() => {});

/** Sets the breadcrumb's last item and the document title while the page is shown. */
export function usePageTitle(title: string | null | undefined): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title ?? null);
    return () => setTitle(null);
  }, [setTitle, title]);
}
