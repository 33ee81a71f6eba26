import { describe, expect, it } from "vitest";
import { decideConnect, isPhoneLike, type ConnectTarget } from "./decide-connect";

const DESKTOP_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const PHONE_UA =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ANDROID_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36";

const one: ConnectTarget = {
  key: "server1",
  name: "Server #1",
  connectAddress: "10.0.0.1:27015",
  online: true,
  known: true,
};
const two: ConnectTarget = {
  key: "server2",
  name: "Server #2",
  connectAddress: "10.0.0.1:27016",
  online: true,
  known: true,
};

describe("isPhoneLike", () => {
  it("flags phone user agents and widths up to 768 px", () => {
    expect(isPhoneLike(PHONE_UA, 1280)).toBe(true);
    expect(isPhoneLike(ANDROID_UA, 1280)).toBe(true);
    expect(isPhoneLike(DESKTOP_UA, 768)).toBe(true);
    expect(isPhoneLike(DESKTOP_UA, 769)).toBe(false);
  });
});

describe("decideConnect", () => {
  it("/connect1 and /connect2 redirect to their server's steam://connect link", () => {
    expect(decideConnect([one, two], { kind: "server", index: 0 }, false)).toEqual({
      kind: "redirect",
      target: one,
      url: "steam://connect/10.0.0.1:27015",
    });
    expect(decideConnect([one, two], { kind: "server", index: 1 }, false)).toMatchObject({
      kind: "redirect",
      url: "steam://connect/10.0.0.1:27016",
    });
  });

  it("/connect picks the first online server", () => {
    const offline = { ...one, online: false };
    expect(decideConnect([offline, two], { kind: "first-online" }, false)).toMatchObject({
      kind: "redirect",
      target: two,
    });
    expect(decideConnect([one, two], { kind: "first-online" }, false)).toMatchObject({
      kind: "redirect",
      target: one,
    });
  });

  it("tells when both servers are down", () => {
    const down = [
      { ...one, online: false },
      { ...two, online: false, known: false },
    ];
    expect(decideConnect(down, { kind: "first-online" }, false)).toEqual({
      kind: "all-down",
      count: 2,
    });
  });

  it("does not redirect to an offline or never-reached server", () => {
    expect(
      decideConnect([{ ...one, online: false }], { kind: "server", index: 0 }, false),
    ).toMatchObject({ kind: "offline" });
    expect(
      decideConnect([{ ...one, online: false, known: false }], { kind: "server", index: 0 }, false),
    ).toMatchObject({
      kind: "unreachable",
    });
    expect(decideConnect([one], { kind: "server", index: 1 }, false)).toEqual({
      kind: "not-configured",
      number: 2,
    });
    expect(decideConnect([], { kind: "first-online" }, false)).toEqual({ kind: "no-servers" });
  });

  it("shows the desktop-only notice on phones instead of redirecting", () => {
    expect(decideConnect([one], { kind: "server", index: 0 }, isPhoneLike(PHONE_UA, 390))).toEqual({
      kind: "desktop-only",
      target: one,
    });
    expect(decideConnect(undefined, { kind: "first-online" }, true)).toEqual({
      kind: "desktop-only",
      target: undefined,
    });
  });

  it("waits while the cached status loads", () => {
    expect(decideConnect(undefined, { kind: "server", index: 0 }, false)).toEqual({
      kind: "loading",
    });
  });

  it("finds any server by its key, a third one included", () => {
    const third: ConnectTarget = { ...two, key: "server3", connectAddress: "10.0.0.3:27015" };
    expect(decideConnect([one, two, third], { kind: "key", key: "server3" }, false)).toEqual({
      kind: "redirect",
      target: third,
      url: "steam://connect/10.0.0.3:27015",
    });
    expect(decideConnect([one], { kind: "key", key: "nope" }, false)).toEqual({
      kind: "unknown-key",
      key: "nope",
    });
    expect(decideConnect([one], { kind: "key", key: "__proto__" }, false)).toMatchObject({
      kind: "unknown-key",
    });
  });
});
