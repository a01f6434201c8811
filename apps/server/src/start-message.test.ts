import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, logFormatFor } from "./runtime.js";
import { startMessage } from "./start-message.js";

/** A stream that keeps what is written to it. */
function capture(): { stream: Writable; text: () => string } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("what a terminal shows at start", () => {
  it("sends a first-run visitor to the setup page", () => {
    const text = startMessage("http://localhost:8080", false);
    expect(text).toContain(
      "Open http://localhost:8080 — no administrator yet: the setup page there creates one.",
    );
  });

  it("asks to sign in once an administrator exists", () => {
    const text = startMessage("https://rmm.example.com", true);
    expect(text).toContain("Open https://rmm.example.com and sign in.");
    expect(text).not.toContain("setup");
  });

  it("writes readable log lines to a terminal and JSON lines elsewhere", () => {
    expect(logFormatFor({ isTTY: true })).toBe("pretty");
    expect(logFormatFor({ isTTY: false })).toBe("json");
    expect(logFormatFor({})).toBe("json");
  });

  it("formats a pretty line as level and message, a JSON line as one parsable object, secrets redacted in both", () => {
    const pretty = capture();
    createLogger({ logLevel: "info" }, "pretty", pretty.stream).info(
      { port: 8080, user: { password: "hunter2hunter2" } },
      "console listening",
    );
    const line = pretty.text();
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: console listening\n/);
    expect(line).toContain("port: 8080");
    expect(line).not.toContain("hunter2");
    expect(() => JSON.parse(line) as unknown).toThrow();

    const json = capture();
    createLogger({ logLevel: "info" }, "json", json.stream).info(
      { port: 8080, user: { password: "hunter2hunter2" } },
      "console listening",
    );
    const record = JSON.parse(json.text()) as Record<string, unknown>;
    expect(record).toMatchObject({ level: 30, msg: "console listening", port: 8080 });
    expect(json.text()).not.toContain("hunter2");
  });
});
