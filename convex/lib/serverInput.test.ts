import { describe, expect, it } from "vitest";
import { parseApiUrl, serverInputProblems } from "./serverInput";

const ok = {
  key: "eu-1",
  name: "EU #1",
  apiBaseUrl: "http://203.0.113.9:8080/",
  connectAddress: "203.0.113.9:27015",
  connectionType: "HTTP" as const,
};

describe("serverInputProblems", () => {
  it("passes a good form and names every bad field at once, in the form's order", () => {
    expect(serverInputProblems(ok)).toEqual([]);
    const problems = serverInputProblems({
      ...ok,
      key: "Bad Key",
      connectAddress: "nowhere",
      connectionType: "RCON_PROXY",
      proxyTargetPort: 70000,
      gotvPort: 0,
    });
    expect(problems.map((p) => p.field)).toEqual([
      "key",
      "connectAddress",
      "proxyTargetHost",
      "proxyTargetPort",
      "gotvPort",
    ]);
  });

  it("direct RCON needs no API address; the API address must be http(s)", () => {
    expect(
      serverInputProblems({
        ...ok,
        apiBaseUrl: "",
        connectionType: "RCON",
        proxyTargetHost: "203.0.113.9",
        proxyTargetPort: 27015,
      }),
    ).toEqual([]);
    expect(parseApiUrl("ftp://203.0.113.9")).toEqual({
      problem: "Адреса API: лише http або https.",
    });
    expect(parseApiUrl(" http://203.0.113.9:8080/ ")).toEqual({ url: "http://203.0.113.9:8080" });
  });
});
