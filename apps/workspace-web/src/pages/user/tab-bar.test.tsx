import { TabBar, type TabBarItem, TabPanel } from '@pv/web-kit';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

// The kit's tab bar (Minha Área, /auth, the console): the WAI-ARIA tabs pattern without MUI's
// Tabs. Checked by role and keyboard, as a screen reader or a keyboard user meets it.
const ITEMS: TabBarItem<string>[] = [
  { value: 'painel', label: 'Painel' },
  { value: 'perfil', label: 'Perfil' },
  { value: 'modelos', label: 'Modelos' },
];

function Tabs({ initial = 'painel' }: { initial?: string }) {
  const [tab, setTab] = useState(initial);
  return (
    <>
      <TabBar items={ITEMS} value={tab} onChange={setTab} label="Seções" idPrefix="area" />
      <TabPanel idPrefix="area" value={tab}>
        conteúdo de {tab}
      </TabPanel>
    </>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('TabBar', () => {
  it('names the list, marks the selected tab and ties it to its panel', () => {
    render(<Tabs initial="perfil" />);
    const list = screen.getByRole('tablist', { name: 'Seções' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Painel', 'Perfil', 'Modelos']);
    expect(tab('Perfil')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Painel')).toHaveAttribute('aria-selected', 'false');
    const panel = screen.getByRole('tabpanel', { name: 'Perfil' });
    expect(panel).toHaveTextContent('conteúdo de perfil');
    expect(tab('Perfil')).toHaveAttribute('aria-controls', panel.id);
  });

  it('selects a tab on a click, and on Enter or Space', async () => {
    render(<Tabs />);
    await userEvent.click(tab('Modelos'));
    expect(tab('Modelos')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('conteúdo de modelos');
    tab('Perfil').focus();
    await userEvent.keyboard('{Enter}');
    expect(tab('Perfil')).toHaveAttribute('aria-selected', 'true');
    tab('Painel').focus();
    await userEvent.keyboard(' ');
    expect(tab('Painel')).toHaveAttribute('aria-selected', 'true');
  });

  it('is one stop of the Tab key, at the selected tab; the arrows, Home and End move within', async () => {
    render(
      <>
        <button type="button">antes</button>
        <Tabs initial="perfil" />
        <button type="button">depois</button>
      </>,
    );
    screen.getByRole('button', { name: 'antes' }).focus();
    await userEvent.tab();
    expect(tab('Perfil')).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Modelos')).toHaveFocus();
    // Past the last, back to the first; the focus moves, the selection stays.
    await userEvent.keyboard('{ArrowRight}');
    expect(tab('Painel')).toHaveFocus();
    expect(tab('Perfil')).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowLeft}');
    expect(tab('Modelos')).toHaveFocus();
    await userEvent.keyboard('{Home}');
    expect(tab('Painel')).toHaveFocus();
    await userEvent.keyboard('{End}');
    expect(tab('Modelos')).toHaveFocus();
    // Leaving the list takes one Tab press, not one per tab.
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'depois' })).toHaveFocus();
  });
});
