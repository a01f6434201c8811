import { describe, expect, it } from "vitest";
import { isApiPath } from "./web-assets.js";

describe("isApiPath", () => {
  it("recognizes the API under every spelling a router or proxy may normalize", () => {
    for (const target of [
      "/api",
      "/api/x",
      "//api/x",
      "///api//x",
      "/%61pi/x",
      "/%2561pi/x",
      "/api%2Fx",
      "/%2Fapi/x",
      "http://host/api/x",
      "HTTPS://host:8443/API/x",
      "/API/x",
      "/Api/X",
      "/x/../api/x",
      "/./api/x",
      "/api;a=b/x",
      "\\api\\x",
      "/api%00/x",
    ])
      expect(isApiPath(target), target).toBe(true);
  });

  it("leaves console paths to the web page", () => {
    for (const target of ["/", "/deviceSearch", "/apis", "/x/api", "/api-docs", "/%zz", "/../x"])
      expect(isApiPath(target), target).toBe(false);
  });
});
