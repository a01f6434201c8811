import { describe, expect, it } from "vitest";
import { sanitizeTicketHtml, textOfTicketHtml } from "./ticketing.sanitize.js";

/** Known ways to smuggle script into HTML; none may survive the sanitizer. */
const payloads = [
  `<script>alert(1)</script>`,
  `<img src=x onerror=alert(1)>`,
  `<svg onload=alert(1)>`,
  `<svg><script>alert(1)</script></svg>`,
  `<a href="javascript:alert(1)">x</a>`,
  `<a href="  JaVaScRiPt:alert(1)">x</a>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="java\tscript:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<a href="vbscript:msgbox(1)">x</a>`,
  `<img src="javascript:alert(1)">`,
  `<img src="data:image/svg+xml,<svg onload=alert(1)>">`,
  `<iframe src="https://evil.test"></iframe>`,
  `<iframe srcdoc="<script>alert(1)</script>"></iframe>`,
  `<object data="javascript:alert(1)"></object>`,
  `<embed src="javascript:alert(1)">`,
  `<body onload=alert(1)>`,
  `<div style="background:url(javascript:alert(1))">x</div>`,
  `<p onclick="alert(1)" onmouseover="alert(1)">x</p>`,
  `<form action="javascript:alert(1)"><button>x</button></form>`,
  `<input autofocus onfocus=alert(1)>`,
  `<details open ontoggle=alert(1)>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<noscript><p title="</noscript><img src=x onerror=alert(1)>">`,
  `<style><img src=x onerror=alert(1)></style>`,
  `<textarea><img src=x onerror=alert(1)></textarea>`,
  `<title><img src=x onerror=alert(1)></title>`,
  `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`,
  `<link rel="stylesheet" href="javascript:alert(1)">`,
  `<base href="javascript:alert(1)//">`,
  `<a href="//evil.test/x">protocol-relative</a>`,
  `<scr<script>ipt>alert(1)</scr</script>ipt>`,
  `"><script>alert(1)</script>`,
  `<!--<img src=x onerror=alert(1)>-->`,
  `<template><img src=x onerror=alert(1)></template>`,
  `<a href="https://ok.test" onclick="alert(1)">ok</a>`,
  `<img src="https://ok.test/a.png" onload="alert(1)">`,
  `<table background="javascript:alert(1)"><tr><td>x</td></tr></table>`,
];

describe("ticket HTML sanitizer", () => {
  it.each(payloads)("leaves nothing that can run in %s", (payload) => {
    const clean = sanitizeTicketHtml(payload);
    expect(clean).not.toMatch(
      /<\s*(script|iframe|object|embed|svg|math|style|form|input|meta|link|base|template|body)/i,
    );
    expect(clean).not.toMatch(/\son[a-z]+\s*=/i);
    expect(clean).not.toMatch(/(javascript|vbscript|data):/i);
    expect(clean).not.toMatch(/\sstyle\s*=|srcdoc|href="\/\//i);
    // What it makes is stable: sanitizing it again changes nothing.
    expect(sanitizeTicketHtml(clean)).toBe(clean);
  });

  it("keeps the editor's formatting, lists, tables and web links", () => {
    const html =
      `<h2>Steps</h2><p>Press <strong>Start</strong>, then <em>Run</em>.</p>` +
      `<ul><li>one</li><li>two</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>` +
      `<a href="https://help.test/a?b=1&amp;c=2" title="Help">help</a>`;
    expect(sanitizeTicketHtml(html)).toBe(
      `<h2>Steps</h2><p>Press <strong>Start</strong>, then <em>Run</em>.</p>` +
        `<ul><li>one</li><li>two</li></ul><table><tbody><tr><td colspan="2">cell</td></tr></tbody></table>` +
        `<a href="https://help.test/a?b=1&amp;c=2" title="Help" rel="noopener noreferrer nofollow" target="_blank">help</a>`,
    );
  });

  it("keeps the words of unknown wrappers and escapes text", () => {
    expect(sanitizeTicketHtml(`<custom-tag>a &lt; b</custom-tag>`)).toBe("a &lt; b");
    expect(textOfTicketHtml(sanitizeTicketHtml(`<p>Disk <b>full</b></p><script>x</script>`))).toBe(
      "Disk full",
    );
  });
});
