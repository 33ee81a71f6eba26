import { useRef, type KeyboardEvent, type ReactNode } from "react";
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

/** WAI-ARIA tabs with automatic activation: arrows, Home and End move between enabled tabs. */
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
