import { toastShown } from '@pv/web-kit';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { makeStore } from '../store';
import { Toaster } from './toaster';

function renderToaster() {
  const store = makeStore();
  render(
    <AppProviders store={store}>
      <Toaster />
    </AppProviders>,
  );
  const show = (
    title: string,
    variant: 'default' | 'destructive' = 'default',
    description?: string,
  ) =>
    act(() => {
      store.dispatch(toastShown({ title, variant, ...(description ? { description } : {}) }));
    });
  return { store, show };
}

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the one on screen', () => {
    const { show } = renderToaster();
    show('Primeiro aviso');
    show('Segundo aviso');
    expect(screen.queryByText('Primeiro aviso')).not.toBeInTheDocument();
    expect(screen.getByText('Segundo aviso')).toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('disappears after 5,000 ms, not before', () => {
    vi.useFakeTimers();
    const { show } = renderToaster();
    show('Salvo');
    act(() => vi.advanceTimersByTime(4_999));
    expect(screen.getByText('Salvo')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Salvo')).not.toBeInTheDocument();
  });

  it('is dismissed by a swipe right past 50 px and stays for a shorter one', () => {
    const { show } = renderToaster();
    show('Deslize');
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 140 });
    fireEvent.pointerUp(toast, { clientX: 150 });
    expect(screen.getByText('Deslize')).toBeInTheDocument();
    fireEvent.pointerDown(toast, { clientX: 100 });
    fireEvent.pointerMove(toast, { clientX: 140 });
    fireEvent.pointerUp(toast, { clientX: 151 });
    expect(screen.queryByText('Deslize')).not.toBeInTheDocument();
  });

  it('ignores a swipe to the left', () => {
    const { show } = renderToaster();
    show('Fica');
    const toast = screen.getByRole('status');
    fireEvent.pointerDown(toast, { clientX: 200 });
    fireEvent.pointerUp(toast, { clientX: 100 });
    expect(screen.getByText('Fica')).toBeInTheDocument();
  });

  it('F8 moves focus to the labelled, aria-live toast region', () => {
    renderToaster();
    const region = screen.getByRole('region', { name: 'Notificações (F8)' });
    expect(region).toHaveAttribute('aria-live', 'polite');
    fireEvent.keyDown(window, { key: 'F8' });
    expect(region).toHaveFocus();
  });

  it('renders failures as a destructive alert with their description', () => {
    const { show } = renderToaster();
    show('Erro', 'destructive', 'Erro ao formatar texto: 500: falhou');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveAttribute('data-variant', 'destructive');
    expect(alert).toHaveTextContent('Erro');
    expect(alert).toHaveTextContent('Erro ao formatar texto: 500: falhou');
  });

  it('closes with its close button', () => {
    const { show } = renderToaster();
    show('Fechar-me');
    fireEvent.click(screen.getByRole('button', { name: 'Fechar notificação' }));
    expect(screen.queryByText('Fechar-me')).not.toBeInTheDocument();
  });
});
