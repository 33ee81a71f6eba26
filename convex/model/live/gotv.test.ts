import { describe, expect, test } from "vitest";
import { gotvAddressOf, gotvPatch, hostOf } from "./gotv";

describe("GOTV on the status document", () => {
  test("written only when the reading changes; a source that cannot tell leaves it", () => {
    expect(gotvPatch(null, 27020)).toEqual({ tvPort: 27020 });
    expect(gotvPatch({ tvPort: 27020 }, 27020)).toBeNull();
    expect(gotvPatch({ tvPort: 27020 }, 27021)).toEqual({ tvPort: 27021 });
    expect(gotvPatch({ tvPort: 27020 }, null)).toEqual({ tvPort: undefined });
    expect(gotvPatch({}, null)).toBeNull();
    expect(gotvPatch({ tvPort: 27020 }, undefined)).toBeNull();
  });

  test("the watch address: the connect host with the admin's port, else the server's", () => {
    const server = { connectAddress: "play.example.org:27015" };
    expect(gotvAddressOf(server, { online: true, tvPort: 27020 })).toBe("play.example.org:27020");
    expect(gotvAddressOf({ ...server, gotvPort: 28020 }, { online: true, tvPort: 27020 })).toBe(
      "play.example.org:28020",
    );
  });

  test("no address while offline, GOTV off or never polled", () => {
    const server = { connectAddress: "1.2.3.4:27015", gotvPort: 28020 };
    expect(gotvAddressOf(server, { online: false, tvPort: 27020 })).toBeNull();
    expect(gotvAddressOf(server, { online: true })).toBeNull();
    expect(gotvAddressOf(server, null)).toBeNull();
  });

  test("hosts of names, IPv4 and bracketed IPv6", () => {
    expect(hostOf("1.2.3.4:27015")).toBe("1.2.3.4");
    expect(hostOf("[2001:db8::1]:27015")).toBe("[2001:db8::1]");
    expect(hostOf("example.org")).toBe("example.org");
  });
});
