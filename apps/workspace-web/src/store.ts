import { toastSlice } from '@pv/web-kit';
import {
  combineReducers,
  configureStore,
  createAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { type TypedUseSelectorHook, useDispatch, useSelector } from 'react-redux';
import { api } from './api/base';
import { workspaceSlice } from './pages/workspace/workspace-slice';

/**
 * Spec 1 §4: logout clears all cached data. Every slice goes back to its initial state (the
 * layout also dispatches `api.util.resetApiState()` so RTK Query drops its subscriptions).
 */
export const sessionEnded = createAction('session/ended');

/** A fresh store (one per test, one for the app). */
export function makeStore() {
  const slices = combineReducers({
    [api.reducerPath]: api.reducer,
    [toastSlice.name]: toastSlice.reducer,
    [workspaceSlice.name]: workspaceSlice.reducer,
  });
  return configureStore({
    reducer: (state: ReturnType<typeof slices> | undefined, action: UnknownAction) =>
      slices(sessionEnded.match(action) ? undefined : state, action),
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch: () => AppDispatch = useDispatch;
export const useAppSelector: TypedUseSelectorHook<RootState> = useSelector;
