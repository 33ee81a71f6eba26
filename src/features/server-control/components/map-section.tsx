import { useState, type FormEvent } from "react";
import { showError } from "@/lib/errors";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import type { ConfirmRequest } from "@/hooks/use-confirmation";
import { useServerAction } from "@/hooks/use-server-action";
import { t } from "@/i18n";
import "@/i18n/load/admin";
import "@/i18n/load/common";
import { MAP_GROUPS, WORKSHOP_GROUPS } from "@/lib/catalog";
import { mapGroupLabel, mapLabel } from "@/lib/maps";
import styles from "@/styles/admin.module.css";

/** Worded at render, so a language switch renames the groups. */
const officialGroups = () =>
  MAP_GROUPS.map((g) => ({
    label: mapGroupLabel(g.id),
    options: g.maps.map((m) => ({ value: m, label: `${mapLabel(m)} (${m})` })),
  }));

const WORKSHOP = WORKSHOP_GROUPS.map((g) => ({
  label: g.label,
  options: g.maps.map((m) => ({ value: m.id, label: m.name })),
}));

const WORKSHOP_NAMES = new Map<string, string>(
  WORKSHOP.flatMap((g) => g.options.map((o) => [o.value, o.label] as const)),
);

export interface MapSectionProps {
  /** A map change ends the running match, so it asks first. */
  confirm: (request: ConfirmRequest) => void;
  serverName: string;
}

/** With nothing chosen, a click warns 'Оберіть мапу з випадаючого списку' and sends nothing. */
function submitWith(value: string, send: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    if (!value) showError(t("errors.chooseMap"));
    else send();
  };
}

export function MapSection({ confirm, serverName }: MapSectionProps) {
  const changeMap = useServerAction("changeMap");
  const workshopMap = useServerAction("workshopMap");
  const [map, setMap] = useState("");
  const [workshopId, setWorkshopId] = useState("");
  const askChange = (label: string, run: () => Promise<unknown>) =>
    confirm({
      title: t("admin.confirm.changeMapTitle", { map: label }),
      text: t("admin.confirm.changeMapText", { server: serverName }),
      confirmLabel: t("admin.map.change"),
      run,
    });
  const workshopName = WORKSHOP_NAMES.get(workshopId);
  return (
    <Card title={t("admin.map.title")}>
      <div className={styles.cardBody}>
        <form
          className={styles.row}
          noValidate
          onSubmit={submitWith(map, () => askChange(mapLabel(map), () => changeMap.run({ map })))}
        >
          <Select
            label={t("admin.map.official")}
            value={map}
            placeholder={t("admin.map.placeholder")}
            groups={officialGroups()}
            onChange={setMap}
          />
          <Button type="submit" variant="primary" loading={changeMap.pending}>
            {t("admin.map.change")}
          </Button>
        </form>
        <form
          className={styles.row}
          noValidate
          onSubmit={submitWith(workshopId, () =>
            askChange(workshopName ?? workshopId, () => workshopMap.run({ workshopId })),
          )}
        >
          <Select
            label={t("admin.map.workshop")}
            value={workshopId}
            placeholder={t("admin.map.placeholder")}
            groups={WORKSHOP}
            onChange={setWorkshopId}
          />
          <Button type="submit" loading={workshopMap.pending}>
            {t("admin.map.load")}
          </Button>
        </form>
      </div>
    </Card>
  );
}
