import { useState } from "react";
import { Link } from "react-router-dom";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { LoadingLabel } from "@/components/ui/spinner";
import { tournamentPath } from "@/config/paths";
import { t } from "@/i18n";
import "@/i18n/load/tournament";
import type { Id } from "@/lib/backend";
import { useTournamentList, type TournamentListItem } from "../hooks/use-tournament";
import { ArchiveList } from "./archive-list";
import { CreateTournamentForm } from "./create-tournament-form";
import { TournamentBoard } from "./tournament-board";
import styles from "./map-ban-pick-tab.module.css";
import textStyles from "./text.module.css";
import { teamSizeLabel } from "@/lib/team-size";

export interface MapBanPickTabProps {
  isAdmin: boolean;
  /** The server a launch goes to (the panel's active server). */
  serverId: Id<"servers"> | undefined;
  serverName: string | undefined;
}

/** The ban/pick tab: the active tournaments, one of them open below; admins create new ones. */
export function MapBanPickTab({ isAdmin, serverId, serverName }: MapBanPickTabProps) {
  const list = useTournamentList();
  const [chosen, setChosen] = useState<string | null>(null);
  if (list === undefined) return <LoadingLabel />;
  const selected = list.find((x) => x.slug === chosen)?.slug ?? list[0]?.slug;

  return (
    <div className={styles.tabStack}>
      <Card title={t("tournament.listTitle")}>
        {list.length === 0 ? (
          <EmptyState icon={<Icon name="map" />} title={t("tournament.empty.title")}>
            {t(isAdmin ? "tournament.empty.admin" : "tournament.empty.visitor")}
          </EmptyState>
        ) : (
          <ul className={styles.tournamentList} aria-label={t("tournament.listTitle")}>
            {list.map((item) => (
              <ListRow
                key={item.id}
                item={item}
                selected={item.slug === selected}
                onSelect={() => setChosen(item.slug)}
              />
            ))}
          </ul>
        )}
        {isAdmin ? <CreateTournamentForm onCreated={setChosen} /> : null}
        <div className={styles.archiveRow}>
          <ArchiveList />
        </div>
      </Card>
      {selected ? (
        <TournamentBoard
          key={selected}
          slug={selected}
          isAdmin={isAdmin}
          serverId={serverId}
          serverName={serverName}
        />
      ) : null}
    </div>
  );
}

function ListRow({
  item,
  selected,
  onSelect,
}: {
  item: TournamentListItem;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li className={styles.tournamentItem} data-selected={selected || undefined}>
      <button type="button" className={styles.tournamentPick} onClick={onSelect}>
        <span className={styles.tournamentSlug}>{item.slug}</span>
        <span className={textStyles.muted}>
          {t("tournament.listItem", {
            size: teamSizeLabel(item.teamSize),
            status: t(`tournament.status.${item.status}`),
            n: item.players,
            total: item.teamSize * 2,
          })}
        </span>
      </button>
      <Link className={textStyles.shareLink} to={tournamentPath(item.slug)}>
        {t("tournament.openLink")}
      </Link>
    </li>
  );
}
