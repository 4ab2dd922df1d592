import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useDispatch } from 'react-redux';
import { errorMessage } from './api.js';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** One toast at a time; a new one replaces the one on screen. */
interface ToastState {
  current: Toast | null;
  nextId: number;
}

const initialState: ToastState = { current: null, nextId: 1 };

/** The toast state of an app's store (each app renders it with its own <Toaster />). */
export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    shown(state, action: PayloadAction<Omit<Toast, 'id'>>) {
      state.current = { ...action.payload, id: state.nextId };
      state.nextId += 1;
    },
    dismissed(state, action: PayloadAction<number | undefined>) {
      if (action.payload === undefined || state.current?.id === action.payload) {
        state.current = null;
      }
    },
  },
});

export const { shown: toastShown, dismissed: toastDismissed } = toastSlice.actions;

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/**
 * Shows a toast; the app's <Toaster /> renders it for 5,000 ms. Failures are
 * destructive.
 * @example const toast = useToast(); toast({ title: 'Erro', description: msg, variant: 'destructive' });
 */
export function useToast(): (input: ToastInput) => void {
  const dispatch = useDispatch();
  return useCallback(
    (input: ToastInput) =>
      dispatch(
        toastShown({
          title: input.title,
          ...(input.description !== undefined ? { description: input.description } : {}),
          variant: input.variant ?? 'default',
        }),
      ),
    [dispatch],
  );
}

/**
 * A failed call as a destructive toast titled `title`, saying the server's message
 * or, without one, `fallback`.
 * @example const failed = useFailureToast(); failed(error, { title: 'Erro ao excluir usuário', fallback: 'Tente novamente' });
 */
export function useFailureToast(): (
  error: unknown,
  text: { title: string; fallback: string },
) => void {
  const toast = useToast();
  return useCallback(
    (error: unknown, text: { title: string; fallback: string }) =>
      toast({
        title: text.title,
        description: errorMessage(error, text.fallback),
        variant: 'destructive',
      }),
    [toast],
  );
}
