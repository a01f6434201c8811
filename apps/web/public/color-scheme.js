/* global window, document */
// Paints the console in the colour scheme kept in this browser before the app loads, so a dark
// theme does not flash white first. The content security policy allows only same-origin script
// files (no inline script), hence this file. It reads the key the UI library stores the choice
// under; "auto" (or nothing stored) follows the system, as the app does.
(function () {
  var stored = null;
  try {
    stored = window.localStorage.getItem("mantine-color-scheme-value");
  } catch {
    // No storage (private mode): the system's scheme decides.
  }
  var systemDark = Boolean(window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches);
  var scheme = stored === "light" || stored === "dark" ? stored : systemDark ? "dark" : "light";
  document.documentElement.setAttribute("data-mantine-color-scheme", scheme);
})();
