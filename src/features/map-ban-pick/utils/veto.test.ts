import { describe, expect, it } from "vitest";
import { afterBans, finished, waiting } from "../test/fixtures";
import { bannedBy, canBan, canJoin, canPickSide, sideOf } from "./veto";

const neo = { team: "teamA", nickname: "Neo", ready: false } as const;
const olena = { team: "teamB", nickname: "Olena", ready: false } as const;

describe("veto rules as the screen applies them", () => {
  it("bans: only the team in turn, only in the ban phase", () => {
    expect(canBan(afterBans(0), neo)).toBe(true);
    expect(canBan(afterBans(0), olena)).toBe(false);
    expect(canBan(afterBans(0), null)).toBe(false);
    expect(canBan(afterBans(0), undefined)).toBe(false);
    expect(canBan(afterBans(3), olena)).toBe(true);
    expect(canBan(afterBans(5), neo)).toBe(false);
    expect(canBan(waiting(), neo)).toBe(false);
  });

  it("side pick: the team in turn or an admin", () => {
    expect(canPickSide(afterBans(5), neo, false)).toBe(true);
    expect(canPickSide(afterBans(5), olena, false)).toBe(false);
    expect(canPickSide(afterBans(5), null, true)).toBe(true);
    expect(canPickSide(afterBans(4), null, true)).toBe(false);
    expect(canPickSide(finished("CT"), neo, true)).toBe(false);
  });

  it("join: no seat yet (known, not loading) and room in the team", () => {
    expect(canJoin(waiting(), null, "teamA")).toBe(true);
    expect(canJoin(waiting(), undefined, "teamA")).toBe(false);
    expect(canJoin(waiting(), neo, "teamB")).toBe(false);
    expect(canJoin(afterBans(0), null, "teamB")).toBe(false);
  });

  it("who banned what, and which side each team plays", () => {
    const t = afterBans(2);
    expect(bannedBy(t, "de_inferno")).toBe("teamA");
    expect(bannedBy(t, "de_nuke")).toBe("teamB");
    expect(bannedBy(t, "de_overpass")).toBeUndefined();
    expect(sideOf(t, "teamA")).toBeUndefined();
    expect(sideOf(finished("T"), "teamA")).toBe("T");
    expect(sideOf(finished("T"), "teamB")).toBe("CT");
  });
});
