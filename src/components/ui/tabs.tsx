import { useEffect, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useScrollEdges } from "@/hooks/use-scroll-edges";
import styles from "./tabs.module.css";

export interface TabItem {
  id: string;
  label: ReactNode;
  disabled?: boolean;
  /** Tooltip, e.g. why a tab is disabled. */
  title?: string;
}

const tabDomId = (prefix: string, id: string) => `${prefix}-tab-${id}`;
const panelDomId = (prefix: string, id: string) => `${prefix}-panel-${id}`;

/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move between enabled tabs. A strip
 * wider than its box scrolls sideways with a fade and an arrow at each edge that hides tabs, and
 * keeps the selected tab in view.
 */
export function Tabs({
  items,
  value,
  onChange,
  label,
  idPrefix,
}: {
  items: TabItem[];
  value: string;
  onChange: (id: string) => void;
  label: string;
  idPrefix: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(listRef, items.map((i) => i.id).join(" "));

  // The selected tab in view (a link to a later tab, or a click on a half-hidden one).
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.ownerDocument.getElementById(tabDomId(idPrefix, value));
    if (!list || !tab) return;
    const box = list.getBoundingClientRect();
    const rect = tab.getBoundingClientRect();
    // Past the fade at that edge, so the whole label shows.
    const margin = 40;
    if (rect.left < box.left) list.scrollLeft -= box.left - rect.left + margin;
    else if (rect.right > box.right) list.scrollLeft += rect.right - box.right + margin;
  }, [idPrefix, value, edges.overflow]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = items.filter((i) => !i.disabled);
    const current = enabled.findIndex((i) => i.id === value);
    let next: number | undefined;
    if (event.key === "ArrowRight") next = (current + 1) % enabled.length;
    else if (event.key === "ArrowLeft") next = (current - 1 + enabled.length) % enabled.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = enabled.length - 1;
    const target = next === undefined ? undefined : enabled[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.id);
    listRef.current?.ownerDocument.getElementById(tabDomId(idPrefix, target.id))?.focus();
  };

  return (
    <div
      className={styles.strip}
      data-more-before={edges.before || undefined}
      data-more-after={edges.after || undefined}
    >
      <div
        ref={listRef}
        role="tablist"
        aria-label={label}
        className={styles.list}
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.id === value;
          return (
            <button
              key={item.id}
              type="button"
              role="tab"
              id={tabDomId(idPrefix, item.id)}
              aria-selected={selected}
              aria-controls={selected ? panelDomId(idPrefix, item.id) : undefined}
              tabIndex={selected ? 0 : -1}
              disabled={item.disabled}
              title={item.title}
              className={styles.tab}
              onClick={() => onChange(item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}

export function TabPanel({
  idPrefix,
  tabId,
  children,
}: {
  idPrefix: string;
  tabId: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={panelDomId(idPrefix, tabId)}
      aria-labelledby={tabDomId(idPrefix, tabId)}
      tabIndex={0}
      className={styles.panel}
    >
      {children}
    </div>
  );
}
