import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastVariant = 'default' | 'success' | 'destructive';

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant: ToastVariant;
}

/** Spec 1 §9: one toast at a time; a new one replaces the one on screen. */
interface ToastState {
  current: Toast | null;
  nextId: number;
}

const initialState: ToastState = { current: null, nextId: 1 };

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
