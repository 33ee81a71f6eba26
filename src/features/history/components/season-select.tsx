import { Select } from "@/components/ui/select";
import { t } from "@/i18n";
import "@/i18n/load/history";
import { ALL_TIME } from "@/lib/backend-history";
import { seasonLabel } from "../utils/format";

/** «Сезон»: all time, then the given month seasons ("YYYY-MM", newest first). */
export function SeasonSelect({
  seasons,
  value,
  onChange,
}: {
  seasons: readonly string[];
  value: string;
  onChange: (season: string) => void;
}) {
  return (
    <Select
      label={t("history.board.season")}
      value={value}
      options={[
        { value: ALL_TIME, label: t("history.board.allTime") },
        ...seasons.map((s) => ({ value: s, label: seasonLabel(s) })),
      ]}
      onChange={onChange}
    />
  );
}
