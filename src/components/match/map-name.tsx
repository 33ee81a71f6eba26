import { useWorkshopTitle } from "@/hooks/use-steam-data";

const WORKSHOP = /^workshop\/\d+\//;

/**
 * A recorded map's name as history prints it: a workshop map (`workshop/<id>/<name>`) by its
 * Steam Workshop title once the deployment knows it, any other map as it was recorded.
 */
export function MapName({ mapName }: { mapName: string }) {
  return WORKSHOP.test(mapName) ? <WorkshopMapName mapName={mapName} /> : <>{mapName}</>;
}

function WorkshopMapName({ mapName }: { mapName: string }) {
  const title = useWorkshopTitle(mapName);
  return <span title={title ? mapName : undefined}>{title ?? mapName}</span>;
}
