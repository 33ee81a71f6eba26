import { describe, expect, it } from "vitest";
import { DemoUsageError, parseDemoArgs } from "../../dev/demo-args";

describe("parseDemoArgs", () => {
  it("defaults to fixed ports (undefined = the built-in default)", () => {
    expect(parseDemoArgs([], {})).toEqual({
      help: false,
      ephemeral: false,
      webPort: undefined,
      backendPort: undefined,
      simBasePort: undefined,
    });
  });

  it("reads flags, and the environment where a flag is absent", () => {
    expect(
      parseDemoArgs(["--web-port", "8080", "--sim-base-port=28000"], {
        DEMO_WEB_PORT: "9000",
        DEMO_BACKEND_PORT: "4000",
        SIM_BASE_PORT: "30000",
        DEMO_EPHEMERAL: "1",
      }),
    ).toEqual({
      help: false,
      ephemeral: true,
      webPort: 8080,
      backendPort: 4000,
      simBasePort: 28000,
    });
    expect(parseDemoArgs(["--ephemeral"], { DEMO_EPHEMERAL: "0" }).ephemeral).toBe(true);
    expect(parseDemoArgs([], { DEMO_EPHEMERAL: "" }).ephemeral).toBe(false);
  });

  it("returns help without validating anything else", () => {
    expect(parseDemoArgs(["-h"], { DEMO_WEB_PORT: "nope" }).help).toBe(true);
  });

  it.each([
    [["--web-port", "abc"], {}, '--web-port must be a port number from 1 to 65535, got "abc".'],
    [["--web-port", "70000"], {}, "--web-port must be a port number from 1 to 65535"],
    [["--web-port", "-1"], {}, "argument is ambiguous"],
    [["--web-port", "0"], {}, "For OS-assigned ports use --ephemeral."],
    [["--web-port", ""], {}, "--web-port must be a port number"],
    [["--backend-port", "65535"], {}, "--backend-port must be a port number from 1 to 65534"],
    [["--sim-base-port", "65500"], {}, "--sim-base-port must be a port number from 1 to 65445"],
    [
      [],
      { SIM_BASE_PORT: "1e4" },
      'SIM_BASE_PORT must be a port number from 1 to 65445, got "1e4"',
    ],
    [[], { DEMO_EPHEMERAL: "on" }, 'DEMO_EPHEMERAL must be 1 or 0, got "on".'],
    [["--ephemeral=yes"], {}, "Option '--ephemeral' does not take an argument."],
    [["--webport", "1"], {}, "Unknown option '--webport'."],
    [["start"], {}, "Unexpected argument 'start'"],
    [["--web-port", "3211"], {}, "Port 3211 would be used twice"],
    [["--backend-port", "27015"], {}, "Port 27015 would be used twice"],
  ] as Array<[string[], Record<string, string>, string]>)(
    "%j %j is a usage error",
    (argv, env, message) => {
      expect(() => parseDemoArgs(argv, env)).toThrow(DemoUsageError);
      expect(() => parseDemoArgs(argv, env)).toThrow(message);
    },
  );

  it("lets --ephemeral free the ports it does not fix, so they cannot clash", () => {
    expect(parseDemoArgs(["--ephemeral", "--web-port", "3211"], {}).webPort).toBe(3211);
  });
});
