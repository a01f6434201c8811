import { afterEach, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine needs longer.
configure({ asyncUtilTimeout: 5000 });
import { notifications } from "@mantine/notifications";
import { missingMessages, setLocaleSettings } from "../i18n";

// Mantine reads these browser APIs that jsdom does not implement.
if (!window.matchMedia) {
  Object.defineProperty(window, "matchMedia", {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    }),
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!("ResizeObserver" in window)) {
  Object.defineProperty(window, "ResizeObserver", { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, "ResizeObserver", { writable: true, value: ResizeObserverStub });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};
window.HTMLElement.prototype.scrollTo = () => {};

// jsdom's getComputedStyle does not accept a pseudo-element argument; Mantine passes one.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => originalGetComputedStyle(element);

afterEach(() => {
  cleanup();
  // Every text a test rendered must come from the catalogue: an id no catalogue holds fails the test.
  const missing = [...missingMessages];
  missingMessages.clear();
  setLocaleSettings({ locale: "en", timeZone: undefined, dateFormat: "locale" });
  if (missing.length > 0) throw new Error(`Texts missing from the catalogue: ${missing.join(", ")}`);
  // Notifications live in a module-level store: start every test without leftovers.
  notifications.clean();
  notifications.cleanQueue();
});
