import { Link } from "react-router-dom";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { DataTable } from "@/components/ui/table";
import { playerPath } from "@/config/paths";
import { formatInteger } from "@/i18n/format";
import { t } from "@/i18n";
import "@/i18n/load/history";
import "@/i18n/load/match";
import type { BreakdownPlayer, BreakdownRound, MatchBreakdown } from "@/lib/backend-history";
import { MoneyChart } from "../charts/money-chart";
import { RoundKills } from "../charts/round-kills";
import styles from "./history.module.css";

const sideClass = (side: "CT" | "T" | undefined) =>
  side === "CT" ? styles.ct : side === "T" ? styles.t : "";

/**
 * What CS2's log told about the match beyond each player's line: kills round by round with the
 * round's opening kill and clutch, each player's opening duels, multi-kills, clutches and
 * utility, and each side's money by round (a finished match only, so no enemy economy leaks).
 */
export function MatchBreakdownCards({ breakdown }: { breakdown: MatchBreakdown }) {
  const players = [...breakdown.players].sort(
    (a, b) =>
      (a.side ?? "Z").localeCompare(b.side ?? "Z") ||
      b.firstKills - a.firstKills ||
      b.utilityDamage - a.utilityDamage,
  );
  return (
    <>
      {breakdown.rounds.length > 0 ? (
        <Card title={t("history.breakdown.rounds")}>
          <div className={styles.stack}>
            <RoundKills rounds={breakdown.rounds} />
            <details>
              <summary>{t("history.breakdown.roundsTable")}</summary>
              <RoundsTable rounds={breakdown.rounds} />
            </details>
          </div>
        </Card>
      ) : null}
      {players.length > 0 ? (
        <Card title={t("history.breakdown.players")}>
          <PlayersTable players={players} />
          <p className={styles.muted}>{t("history.breakdown.playersHint")}</p>
        </Card>
      ) : null}
      {breakdown.economy.length > 1 ? (
        <Card title={t("history.breakdown.economy")}>
          <MoneyChart economy={breakdown.economy} />
          <p className={styles.muted}>{t("history.breakdown.economyHint")}</p>
        </Card>
      ) : null}
    </>
  );
}

function RoundsTable({ rounds }: { rounds: BreakdownRound[] }) {
  return (
    <DataTable
      caption={t("history.breakdown.roundsTable")}
      rows={rounds}
      rowKey={(r) => String(r.round)}
      columns={[
        { header: t("history.breakdown.col.round"), numeric: true, cell: (r) => r.round },
        {
          header: t("history.breakdown.col.kills"),
          cell: (r) => (
            <>
              <span className={styles.ct}>{formatInteger(r.killsCT)}</span> :{" "}
              <span className={styles.t}>{formatInteger(r.killsT)}</span>
            </>
          ),
        },
        {
          header: t("history.breakdown.col.first"),
          cell: (r) =>
            r.first ? (
              <span className={sideClass(r.first.side)}>
                {t("history.breakdown.firstKill", { killer: r.first.name, victim: r.first.victim })}
              </span>
            ) : (
              "—"
            ),
        },
        {
          header: t("history.breakdown.col.clutch"),
          cell: (r) =>
            r.clutch ? (
              <span className={sideClass(r.clutch.side)}>
                {t("history.breakdown.clutch", { name: r.clutch.name, vs: r.clutch.vs })}
              </span>
            ) : (
              "—"
            ),
        },
      ]}
    />
  );
}

function PlayersTable({ players }: { players: BreakdownPlayer[] }) {
  const count = (n: number) => (n > 0 ? formatInteger(n) : "—");
  return (
    <DataTable
      caption={t("history.breakdown.players")}
      rows={players}
      rowKey={(p) => p.steamId ?? `bot:${p.name}`}
      columns={[
        {
          header: t("history.col.player"),
          sticky: true,
          cell: (p) =>
            p.steamId ? (
              <Link
                to={playerPath(p.steamId)}
                className={`${styles.name} ${sideClass(p.side)}`}
                title={p.name}
              >
                {p.name}
              </Link>
            ) : (
              <span className={`${styles.name} ${sideClass(p.side)}`} title={p.name}>
                {p.name} <Badge title={t("board.botTitle")}>{t("board.bot")}</Badge>
              </span>
            ),
        },
        {
          header: (
            <abbr title={t("history.breakdown.col.openingTitle")}>
              {t("history.breakdown.col.opening")}
            </abbr>
          ),
          numeric: true,
          cell: (p) => `${formatInteger(p.firstKills)}–${formatInteger(p.firstDeaths)}`,
        },
        ...([2, 3, 4, 5] as const).map((k) => ({
          header: (
            <abbr title={t("history.breakdown.col.multiTitle", { kills: k })}>{`${k}K`}</abbr>
          ),
          numeric: true,
          cell: (p: BreakdownPlayer) => count(p[`k${k}`]),
        })),
        {
          header: (
            <abbr title={t("history.breakdown.col.clutchesTitle")}>
              {t("history.breakdown.col.clutches")}
            </abbr>
          ),
          cell: (p) =>
            p.clutches.length > 0
              ? `${formatInteger(p.clutches.length)} (${[...p.clutches]
                  .sort((a, b) => b - a)
                  .map((vs) => `1v${vs}`)
                  .join(", ")})`
              : "—",
        },
        {
          header: (
            <abbr title={t("history.breakdown.col.utilityTitle")}>
              {t("history.breakdown.col.utility")}
            </abbr>
          ),
          numeric: true,
          cell: (p) => formatInteger(p.utilityDamage),
        },
        {
          header: (
            <abbr title={t("history.breakdown.col.flashedTitle")}>
              {t("history.breakdown.col.flashed")}
            </abbr>
          ),
          numeric: true,
          cell: (p) => formatInteger(p.enemiesFlashed),
        },
      ]}
    />
  );
}
