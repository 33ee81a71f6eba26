import { useWorkshopTitle } from "@/hooks/use-steam-data";
import { mapLabel } from "@/lib/maps";

const WORKSHOP = /^workshop\/\d+\//;

/**
 * A recorded map's name as history prints it: a workshop map (`workshop/<id>/<name>`) by its
 * Steam Workshop title once the deployment knows it, any other map by its name («Dust II»), its
 * file name («de_dust2») as the title.
 */
export function MapName({ mapName }: { mapName: string }) {
  if (WORKSHOP.test(mapName)) return <WorkshopMapName mapName={mapName} />;
  return <span title={mapName}>{mapLabel(mapName)}</span>;
}

function WorkshopMapName({ mapName }: { mapName: string }) {
  const title = useWorkshopTitle(mapName);
  return <span title={title ? mapName : undefined}>{title ?? mapName}</span>;
}
