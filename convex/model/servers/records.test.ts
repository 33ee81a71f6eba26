import { ConvexError } from "convex/values";
import { describe, expect, it } from "vitest";
import { validateServerInput } from "./records";

describe("validateServerInput", () => {
  it("refuses with the first problem's key and every problem in the Ukrainian message", () => {
    let data: unknown;
    try {
      validateServerInput({
        key: "Bad Key",
        name: "EU #1",
        apiBaseUrl: "http://203.0.113.9:8080",
        connectAddress: "nowhere",
        connectionType: "HTTP",
      });
    } catch (error) {
      data = error instanceof ConvexError ? error.data : error;
    }
    expect(data).toEqual({
      code: "INVALID_INPUT",
      key: "refusal.servers.keyFormat",
      message:
        "Ключ: 1–32 символи a-z, 0-9, - або _. Адреса підключення: host:port, наприклад 1.2.3.4:27015.",
    });
  });
});
