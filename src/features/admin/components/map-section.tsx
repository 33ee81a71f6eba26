import { useState, type FormEvent } from "react";
import { showError } from "@/lib/errors";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select } from "@/components/ui/select";
import type { GatedAction } from "@/hooks/use-gated-action";
import { t } from "@/i18n/uk";
import type { api } from "@/lib/backend";
import { MAP_GROUPS, WORKSHOP_GROUPS } from "@/lib/catalog";
import { mapLabel } from "@/lib/maps";
import styles from "./admin.module.css";

const OFFICIAL = MAP_GROUPS.map((g) => ({
  label: g.label,
  options: g.maps.map((m) => ({ value: m, label: `${mapLabel(m)} (${m})` })),
}));

const WORKSHOP = WORKSHOP_GROUPS.map((g) => ({
  label: g.label,
  options: g.maps.map((m) => ({ value: m.id, label: m.name })),
}));

export interface MapSectionProps {
  changeMap: GatedAction<typeof api.serverControl.changeMap>;
  workshopMap: GatedAction<typeof api.serverControl.workshopMap>;
}

/** With nothing chosen, a click warns 'Оберіть мапу з випадаючого списку' and sends nothing. */
function submitWith(value: string, send: () => void) {
  return (event: FormEvent) => {
    event.preventDefault();
    if (!value) showError(t("errors.chooseMap"));
    else send();
  };
}

export function MapSection({ changeMap, workshopMap }: MapSectionProps) {
  const [map, setMap] = useState("");
  const [workshopId, setWorkshopId] = useState("");
  return (
    <Card title={t("admin.map.title")}>
      <div className={styles.cardBody}>
        <form className={styles.row} onSubmit={submitWith(map, () => void changeMap.run({ map }))}>
          <Select
            label={t("admin.map.official")}
            value={map}
            placeholder={t("admin.map.placeholder")}
            groups={OFFICIAL}
            onChange={setMap}
          />
          <Button type="submit" variant="primary" loading={changeMap.pending}>
            {t("admin.map.change")}
          </Button>
        </form>
        <form
          className={styles.row}
          onSubmit={submitWith(workshopId, () => void workshopMap.run({ workshopId }))}
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
