import { createElement, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame, startInSteps, VIEWER_WAIT_MS } from '../src/boot.js';
import { useRevealInSteps } from '../src/reveal.js';

/** The store and current-user API modules of an app whose session question is `viewer`. */
function storeModules(viewer: unknown, name = 'the store') {
  const store = { name, dispatch: (action: unknown) => (action === 'who?' ? viewer : undefined) };
  const authApi = { endpoints: { getCurrentUser: { initiate: () => 'who?' } } };
  return [{ makeStore: () => store }, { authApi }] as const;
}

/** A "who is visiting" request that answers when the test says so. */
function viewerRequest() {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  return Object.assign(answered, { unsubscribe: vi.fn(), answer: () => answer() });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('startInSteps (an SPA started a task per step)', () => {
  it('evaluates each step in a task of its own, then draws the app once the viewer is known', async () => {
    const events: string[] = [];
    // Work another task queued: it runs between two steps, never inside one.
    const queueOtherTask = (name: string) => setTimeout(() => events.push(name), 0);
    const viewer = viewerRequest();
    const started = startInSteps({
      libraries: [
        async () => {
          events.push('react');
          queueOtherTask('a tap after react');
        },
        async () => {
          events.push('mui');
          queueOtherTask('a tap after mui');
        },
      ],
      store: async () => {
        events.push('store');
        queueOtherTask('a tap after the store');
        setTimeout(() => {
          events.push('viewer answered');
          viewer.answer();
        }, 5);
        return storeModules(viewer);
      },
      app: async () => ({
        mountApp: (store: { name: string }) => events.push(`mount over ${store.name}`),
      }),
    });
    await started;
    expect(events).toEqual([
      'react',
      'a tap after react',
      'mui',
      'a tap after mui',
      'store',
      'a tap after the store',
      'viewer answered',
      'mount over the store',
    ]);
    expect(viewer.unsubscribe).toHaveBeenCalledOnce();
  });

  it('draws the app after VIEWER_WAIT_MS when the viewer does not answer', async () => {
    vi.useFakeTimers();
    const viewer = viewerRequest();
    const mountApp = vi.fn();
    const started = startInSteps({
      libraries: [async () => {}],
      store: async () => storeModules(viewer),
      app: async () => ({ mountApp }),
    });
    await vi.advanceTimersByTimeAsync(VIEWER_WAIT_MS - 50);
    expect(mountApp).not.toHaveBeenCalled();
    // The wait for a first frame (none is drawn here) comes before it.
    await vi.advanceTimersByTimeAsync(200);
    await started;
    expect(mountApp).toHaveBeenCalledOnce();
  });
});

function Parts({ total, first }: { total: number; first: number }) {
  const shown = useRevealInSteps(total, first);
  return createElement(
    Fragment,
    null,
    Array.from({ length: shown }, (_, index) =>
      createElement('p', { key: index }, `part ${index}`),
    ),
  );
}

describe('afterFirstFrame (the HTML on screen before the JavaScript runs)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('resolves in the task after the next frame is drawn', async () => {
    const events: string[] = [];
    let drawFrame = () => {};
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => {
      drawFrame = () => {
        events.push('frame');
        callback();
      };
    });
    const waited = afterFirstFrame().then(() => events.push('app starts'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    drawFrame();
    await waited;
    expect(events).toEqual(['frame', 'app starts']);
  });

  it('does not wait for ever where no frame is drawn (a tab in the background)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', () => {});
    const waited = vi.fn();
    void afterFirstFrame().then(waited);
    await vi.advanceTimersByTimeAsync(99);
    expect(waited).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(waited).toHaveBeenCalledOnce();
  });
});

describe('useRevealInSteps', () => {
  it('draws every part at once outside a browser (the build pre-renders the whole page)', () => {
    const html = renderToString(createElement(Parts, { total: 6, first: 2 }));
    expect(html.match(/<p>/g)).toHaveLength(6);
  });
});
