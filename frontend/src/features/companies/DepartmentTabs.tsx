/**
 * Tabs with counts (WAI-ARIA tabs pattern, automatic activation): a tablist of buttons, the
 * selected one `aria-selected` and the only one in the Tab order; Left/Right arrows move to
 * the previous/next tab (wrapping), Home/End to the first/last, and select it. The panel
 * (`children`) is labelled by the selected tab.
 *
 *   <DepartmentTabs label="Departments" tabs={[{ id: 'all', label: 'All', count: 71 }, ...]} selected="all" onSelect={setTab}>…</DepartmentTabs>
 */
import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './CompanyPage.module.css';

export interface Tab {
  id: string;
  label: string;
  count: number;
}

export function DepartmentTabs({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  children: ReactNode;
}) {
  const prefix = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  // Encoded: a department name may hold spaces, which an element id may not.
  const tabId = (id: string) => `${prefix}-tab-${encodeURIComponent(id)}`;
  const panelId = `${prefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined || tabs.length === 0) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onSelect(next.id);
    buttons.current.get(next.id)?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={label} className={styles.tablist} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
              <span className={styles.tabCount}>{tab.count}</span>
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className={styles.panel}>
        {children}
      </div>
    </>
  );
}
