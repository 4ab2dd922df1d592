import { createAppStore } from '@pv/web-kit';
import { createAction } from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from './api/base';
import { workspaceSlice } from './state/workspace-slice';

/**
 * Logout clears all cached data. Every slice goes back to its initial state (the
 * layout also dispatches `api.util.resetApiState()` so RTK Query drops its subscriptions).
 */
export const sessionEnded = createAction('session/ended');

/** A fresh store (one per test, one for the app). */
export function makeStore() {
  return createAppStore({
    api,
    slices: { [workspaceSlice.name]: workspaceSlice.reducer },
    resetOn: sessionEnded,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
