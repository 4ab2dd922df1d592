import { configureStore } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus } from '../src/api.js';
import { toastDismissed, toastShown, toastSlice } from '../src/toast.js';

describe('toasts (one at a time)', () => {
  const store = () => configureStore({ reducer: { toast: toastSlice.reducer } });

  it('a new toast replaces the one on screen', () => {
    const s = store();
    s.dispatch(toastShown({ title: 'Primeiro', variant: 'default' }));
    s.dispatch(toastShown({ title: 'Erro', description: 'Falhou', variant: 'destructive' }));
    expect(s.getState().toast.current).toMatchObject({
      id: 2,
      title: 'Erro',
      variant: 'destructive',
    });
  });

  it('dismissing an old toast id leaves the newer one alone', () => {
    const s = store();
    s.dispatch(toastShown({ title: 'Primeiro', variant: 'default' }));
    s.dispatch(toastShown({ title: 'Segundo', variant: 'default' }));
    s.dispatch(toastDismissed(1));
    expect(s.getState().toast.current?.title).toBe('Segundo');
    s.dispatch(toastDismissed(2));
    expect(s.getState().toast.current).toBeNull();
  });
});

describe('API errors', () => {
  it("shows the server's pt-BR message, else the fallback", () => {
    const failed = {
      status: 429,
      data: { statusCode: 429, code: 'X', message: 'Limite atingido' },
    };
    expect(errorMessage(failed, 'Tente novamente')).toBe('Limite atingido');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'x' }, 'Tente novamente')).toBe(
      'Tente novamente',
    );
    expect(errorStatus(failed)).toBe(429);
    expect(errorStatus({ status: 'FETCH_ERROR' })).toBeUndefined();
  });
});
