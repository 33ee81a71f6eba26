import { describe, expect, it } from "vitest";
import { setLanguage } from "@/i18n";
import { MAP_GROUPS } from "./catalog";
import { gameModeLabel, mapGroupLabel, mapKind, mapLabel } from "./maps";

describe("mapLabel", () => {
  it("names known maps", () => {
    expect(mapLabel("de_dust2")).toBe("Dust II");
    expect(mapLabel("de_inferno")).toBe("Inferno");
    expect(mapLabel("cs_office")).toBe("Office");
  });

  it.each(["constructor", "__proto__"])(
    "a map named after a prototype key (%s) still gets a text label",
    (name) => {
      expect(typeof mapLabel(name)).toBe("string");
      expect(mapKind(`${name}_x`)).toBeUndefined();
    },
  );

  it("derives a label for unknown and workshop maps", () => {
    expect(mapLabel("de_cool_map")).toBe("Cool Map");
    expect(mapLabel("workshop/3070284539/de_dust2_night")).toBe("Dust2 Night");
    expect(mapLabel("aim_map")).toBe("Aim Map");
    expect(mapLabel("kz_hub")).toBe("KZ Hub");
    expect(mapLabel("surf_beginner")).toBe("Surf Beginner");
    expect(mapLabel("fy_iceworld")).toBe("FY Iceworld");
  });

  it("tells the scenario by prefix", () => {
    expect(mapKind("de_nuke")).toBe("Закладання бомби");
    expect(mapKind("cs_italy")).toBe("Порятунок заручників");
    expect(mapKind("xx")).toBeUndefined();
  });
});

describe("map groups and game modes", () => {
  it("are worded in the visitor's language; an unknown mode as written", async () => {
    expect(MAP_GROUPS.map((g) => mapGroupLabel(g.id))).toEqual([
      "Змагальний пул",
      "Резервний пул",
      "Гонка озброєнь",
      "Напарники",
    ]);
    expect(gameModeLabel("deathmatch")).toBe("Бій насмерть");
    expect(gameModeLabel("retakes")).toBe("retakes");
    await setLanguage("en");
    try {
      expect(mapGroupLabel("reserve")).toBe("Reserve pool");
      expect(gameModeLabel("wingman")).toBe("Wingman");
    } finally {
      await setLanguage("uk");
    }
  });
});
