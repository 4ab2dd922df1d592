import { createRenderers } from '@pv/web-kit/testing';
import { AppProviders } from '../providers';
import { makeStore } from '../store';

/** `renderAt(ui, { path, store })` and `renderRoutes(routes, ...)` inside this app's providers. */
export const { renderAt, renderRoutes } = createRenderers({ makeStore, Providers: AppProviders });

export { type CannedResponse, jsonResponses, type RecordedCall } from '@pv/web-kit/testing';
