import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Kill } from "@/lib/backend";
import { KillFeed } from "./kill-feed";
import { weaponName } from "./weapon-names";

const kill = (over: Partial<Kill>): Kill => ({
  key: "k",
  attacker: { name: "Alpha", steamId: "76561197960265739", side: "CT", bot: false },
  victim: { name: "Bravo", steamId: "", side: "T", bot: true },
  weapon: "ak47",
  headshot: false,
  penetrated: false,
  noscope: false,
  throughSmoke: false,
  attackerBlind: false,
  ...over,
});

describe("KillFeed", () => {
  it("attacker, readable weapon, how, victim; newest first as given", () => {
    render(
      <KillFeed
        kills={[
          kill({ key: "2", weapon: "m4a1_silencer", headshot: true, penetrated: true }),
          kill({ key: "1", weapon: "awp", noscope: true, throughSmoke: true, attackerBlind: true }),
        ]}
      />,
    );
    const rows = within(screen.getByRole("list", { name: "Останні вбивства" })).getAllByRole(
      "listitem",
    );
    expect(rows.map((r) => r.textContent)).toEqual([
      "AlphaM4A1-SHSкрізь стінуBravoбот",
      "AlphaAWPбез прицілукрізь димзасліпленийBravoбот",
    ]);
    expect(screen.getByTitle("У голову")).toHaveTextContent("HS");
  });

  it("names are text, never markup", () => {
    const { container } = render(
      <KillFeed
        kills={[
          kill({ attacker: { name: "<img src=x onerror=alert(1)>", steamId: "", bot: false } }),
        ]}
      />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByText("<img src=x onerror=alert(1)>")).toBeInTheDocument();
  });

  it("weapon names as the game shows them; unknown ones as they came", () => {
    expect(weaponName("usp_silencer")).toBe("USP-S");
    expect(weaponName("knife_t")).toBe("Ніж");
    expect(weaponName("hegrenade")).toBe("HE-граната");
    expect(weaponName("new_gun")).toBe("new gun");
    expect(weaponName("__proto__")).toBe("  proto  ");
  });
});
