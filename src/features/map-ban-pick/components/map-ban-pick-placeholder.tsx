import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { t } from "@/i18n/uk";

/** Stand-in until this section is built. */
export function MapBanPickPlaceholder() {
  return (
    <Card title={t("placeholder.mapBanPick")}>
      <EmptyState icon={<Icon name="map" />} title={t("common.comingSoon")}>
        {t("common.comingSoonText")}
      </EmptyState>
    </Card>
  );
}
