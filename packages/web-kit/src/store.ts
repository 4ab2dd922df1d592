import {
  combineReducers,
  configureStore,
  type Middleware,
  type Reducer,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { toastSlice } from './toast.js';

/** An RTK Query API as the store needs it: its reducer under its path, and its middleware. */
interface StoreApi<Path extends string, State> {
  reducerPath: Path;
  reducer: Reducer<State>;
  middleware: Middleware;
}

/** The state of a store made by `createAppStore`. */
export type AppStoreState<Path extends string, ApiState, Slices extends Record<string, Reducer>> = {
  [K in keyof Slices]: Slices[K] extends Reducer<infer S> ? S : never;
} & { [P in Path]: ApiState } & { toast: ReturnType<typeof toastSlice.reducer> };

/**
 * A fresh store of an app (one for the app, one per test): its RTK Query API, the toast slice
 * both apps use, and the app's own slices. After a `resetOn` action every slice starts over
 * (the workspace's logout).
 * @example createAppStore({ api, slices: { vault: vaultSlice.reducer } })
 */
export function createAppStore<
  Path extends string,
  ApiState,
  Slices extends Record<string, Reducer>,
>(options: {
  api: StoreApi<Path, ApiState>;
  slices: Slices;
  resetOn?: { match: (action: UnknownAction) => boolean };
}) {
  type State = AppStoreState<Path, ApiState, Slices>;
  const { api, slices, resetOn } = options;
  const combined = combineReducers({
    ...slices,
    [toastSlice.name]: toastSlice.reducer,
    [api.reducerPath]: api.reducer,
  }) as unknown as Reducer<State>;
  const reducer: Reducer<State> = (state, action) =>
    combined(resetOn?.match(action) ? undefined : state, action);
  return configureStore({
    reducer,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}
