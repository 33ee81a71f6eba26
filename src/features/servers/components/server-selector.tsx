import { Select } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/spinner";
import { t } from "@/i18n";
import "@/i18n/load/common";
import type { Id } from "@/lib/backend";
import type { PublicServer } from "@/hooks/use-servers";

export function ServerSelector({
  servers,
  activeId,
  onSelect,
}: {
  servers: PublicServer[] | undefined;
  activeId: Id<"servers"> | undefined;
  onSelect: (id: Id<"servers">) => void;
}) {
  if (servers === undefined) return <Skeleton width="11rem" height="2.5rem" radius="10px" />;
  return (
    <Select
      label={t("header.serverLabel")}
      hideLabel
      value={activeId ?? ""}
      placeholder={
        servers.length === 0
          ? t("header.noServers")
          : activeId
            ? undefined
            : t("header.selectServer")
      }
      disabled={servers.length === 0}
      options={servers.map((s) => ({ value: s._id, label: s.name }))}
      onChange={(value) => {
        const picked = servers.find((s) => s._id === value);
        if (picked) onSelect(picked._id);
      }}
    />
  );
}
