import { MAP_GROUPS, WORKSHOP_GROUPS } from "@/lib/catalog";
import { mapGroupLabel, mapLabel } from "@/lib/maps";
import styles from "./map-pool-picker.module.css";

/** Worded at render, so a language switch renames the groups. */
const groups = () => [
  ...MAP_GROUPS.map((g) => ({
    id: g.id,
    label: mapGroupLabel(g.id),
    maps: [...g.maps] as string[],
  })),
  ...WORKSHOP_GROUPS.map((g) => ({ id: g.id, label: g.label, maps: g.maps.map((m) => m.name) })),
];

/** A map pool: catalog and workshop maps by group, each a checkbox; `legend` names the pool. */
export function MapPoolPicker({
  legend,
  pool,
  onChange,
}: {
  legend: string;
  pool: readonly string[];
  onChange: (pool: string[]) => void;
}) {
  const toggle = (map: string) =>
    onChange(pool.includes(map) ? pool.filter((m) => m !== map) : [...pool, map]);
  return (
    <fieldset className={styles.poolPicker}>
      <legend>{legend}</legend>
      {groups().map((group) => (
        <div key={group.id} className={styles.poolGroup}>
          <span className={styles.groupLabel}>{group.label}</span>
          {group.maps.map((map) => (
            <label key={map} className={styles.poolMap}>
              <input type="checkbox" checked={pool.includes(map)} onChange={() => toggle(map)} />
              {mapLabel(map)}
            </label>
          ))}
        </div>
      ))}
    </fieldset>
  );
}
