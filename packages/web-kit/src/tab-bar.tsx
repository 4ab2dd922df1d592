import { Box, ButtonBase, type SxProps, type Theme } from '@mui/material';
import { styled } from '@mui/material/styles';
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';

/** One tab: the value it selects and its visible name. */
export interface TabBarItem<V extends string | number> {
  value: V;
  label: string;
}

/** The ids that tie a tab to its panel (`aria-controls`, `aria-labelledby`). */
export function tabIds(prefix: string, value: string | number): { tab: string; panel: string } {
  return { tab: `${prefix}-${value}`, panel: `${prefix}-${value}-panel` };
}

// One style for every tab, the selected one told apart by its aria-selected: emotion compiles
// it once, and no tab's style changes when another is chosen.
const TabButton = styled(ButtonBase)(({ theme }) => ({
  ...theme.typography.button,
  flexShrink: 0,
  minWidth: 90,
  maxWidth: 360,
  minHeight: 48,
  padding: '12px 16px',
  color: theme.palette.text.secondary,
  borderBottom: '2px solid transparent',
  whiteSpace: 'nowrap',
  '&[aria-selected="true"]': {
    color: theme.palette.primary.main,
    borderBottomColor: theme.palette.primary.main,
  },
  '&.Mui-focusVisible': { backgroundColor: theme.palette.action.focus },
}));

const KEY_STEPS: Record<string, (index: number, last: number) => number> = {
  ArrowRight: (index, last) => (index === last ? 0 : index + 1),
  ArrowLeft: (index, last) => (index === 0 ? last : index - 1),
  Home: () => 0,
  End: (_index, last) => last,
};

/**
 * A row of tabs (WAI-ARIA tabs pattern: arrow keys, Home and End move the focus, Enter, Space or
 * a click select), scrolling sideways when it does not fit. Drawn with CSS alone, the selected
 * tab underlined by its own border: MUI's Tabs measure every tab and their scroller in layout
 * effects to place a sliding indicator and register each tab for its keyboard focus, which was
 * a forced layout and a re-render inside the first commit of the console and of Minha Área on a
 * phone (docs/performance.md).
 * @example <TabBar label="Seções" idPrefix="area" items={[{ value: 'a', label: 'A' }]} value="a" onChange={setTab} />
 */
export function TabBar<V extends string | number>(props: {
  items: readonly TabBarItem<V>[];
  value: V;
  onChange: (value: V) => void;
  /** The tab list's accessible name. */
  label: string;
  /** Prefix of the tabs' and panels' ids (`tabIds`). */
  idPrefix: string;
  /** Tabs share the row's width equally instead of scrolling. */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
}) {
  const { items, value, onChange, label, idPrefix, fullWidth = false, sx } = props;
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = items.findIndex((item) => item.value === value);
  // With no tab selected, the keyboard enters the list at the first.
  const entryIndex = Math.max(selectedIndex, 0);

  // A tab chosen by the address (`?tab=`) or by code may be out of the visible part of a
  // scrolling row: bring it in, after the paint, and never for the first tab (always in view).
  useEffect(() => {
    if (selectedIndex <= 0) return;
    const list = listRef.current;
    const tab = list?.querySelectorAll<HTMLElement>('[role="tab"]')[selectedIndex];
    if (!list || !tab) return;
    if (tab.offsetLeft < list.scrollLeft) list.scrollLeft = tab.offsetLeft;
    else if (tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth)
      list.scrollLeft = tab.offsetLeft + tab.offsetWidth - list.clientWidth;
  }, [selectedIndex]);

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[event.key];
    const tabs = Array.from(listRef.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []);
    const from = tabs.indexOf(event.target as HTMLElement);
    if (!step || from < 0) return;
    event.preventDefault();
    tabs[step(from, tabs.length - 1)]?.focus();
  };

  return (
    <Box
      ref={listRef}
      role="tablist"
      aria-label={label}
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      sx={[
        {
          display: 'flex',
          overflowX: fullWidth ? 'hidden' : 'auto',
          scrollbarWidth: 'none',
          '&::-webkit-scrollbar': { display: 'none' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {items.map((item, index) => {
        const ids = tabIds(idPrefix, item.value);
        const selected = index === selectedIndex;
        return (
          <TabButton
            key={item.value}
            role="tab"
            id={ids.tab}
            aria-controls={ids.panel}
            aria-selected={selected}
            // Roving focus: Tab enters the list at the selected tab, the arrows move within.
            tabIndex={index === entryIndex ? 0 : -1}
            onClick={() => onChange(item.value)}
            sx={fullWidth ? { flex: 1, maxWidth: 'none' } : undefined}
          >
            {item.label}
          </TabButton>
        );
      })}
    </Box>
  );
}

/** The panel of the selected tab, labelled by it. */
export function TabPanel(props: {
  idPrefix: string;
  value: string | number;
  children: ReactNode;
  sx?: SxProps<Theme>;
}) {
  const ids = tabIds(props.idPrefix, props.value);
  return (
    <Box role="tabpanel" id={ids.panel} aria-labelledby={ids.tab} sx={props.sx}>
      {props.children}
    </Box>
  );
}
