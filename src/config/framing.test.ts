import { describe, expect, test } from "vitest";
import { framingHeaders, headersFile } from "./framing";

describe("framing", () => {
  test("only a cup's embed may be framed by other sites", () => {
    expect(framingHeaders("/cup/abc234/embed")).toEqual({
      "Content-Security-Policy": "frame-ancestors *",
    });
    for (const path of ["/", "/cup/abc234", "/cup/abc234/team/t1", "/t/x", "/me", "/nosuch"]) {
      expect(framingHeaders(path), path).toEqual({
        "Content-Security-Policy": "frame-ancestors 'none'",
        "X-Frame-Options": "DENY",
      });
    }
  });

  test("the static host's file: one rule per route, none overlapping the embed", () => {
    const file = headersFile();
    expect(file).toContain("/cup/:slug/embed\n  Content-Security-Policy: frame-ancestors *\n");
    expect(file).toContain(
      "/cup/:slug\n  Content-Security-Policy: frame-ancestors 'none'\n  X-Frame-Options: DENY\n",
    );
    expect(file).not.toContain("/*");
  });
});
