import { createAppStore } from '@pv/web-kit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from './api/base';
import { vaultSlice } from './state/vault-slice';

/** A fresh store (one per test, one for the app). */
export function makeStore() {
  return createAppStore({ api, slices: { [vaultSlice.name]: vaultSlice.reducer } });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
