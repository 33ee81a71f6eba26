import { describe, expect, it } from "vitest";
import { parseApiUrl, serverInputProblems } from "./serverInput";
import { SERVER_TEXTS } from "./texts/servers";

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
    // Each with its key (the form words it in the visitor's language) and the same Ukrainian.
    expect(problems[0]).toEqual({
      field: "key",
      key: "refusal.servers.keyFormat",
      message: "Ключ: 1–32 символи a-z, 0-9, - або _.",
    });
    expect(problems.map((p) => p.key)).toEqual([
      "refusal.servers.keyFormat",
      "refusal.servers.connectAddress",
      "refusal.servers.rconHostProxy",
      "refusal.servers.rconPort",
      "refusal.servers.gotvPort",
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
    expect(parseApiUrl("ftp://203.0.113.9")).toEqual({ problem: "refusal.servers.apiUrlScheme" });
    expect(SERVER_TEXTS["refusal.servers.apiUrlScheme"]).toBe("Адреса API: лише http або https.");
    expect(parseApiUrl(" http://203.0.113.9:8080/ ")).toEqual({ url: "http://203.0.113.9:8080" });
  });
});
