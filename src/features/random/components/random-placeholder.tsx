import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Icon } from "@/components/ui/icon";
import { t } from "@/i18n/uk";

/** Stand-in until this section is built. */
export function RandomPlaceholder() {
  return (
    <Card title={t("placeholder.random")}>
      <EmptyState icon={<Icon name="dice" />} title={t("common.comingSoon")}>
        {t("common.comingSoonText")}
      </EmptyState>
    </Card>
  );
}
