import CloseIcon from '@mui/icons-material/Close';
import { Box, IconButton, Paper, Typography } from '@mui/material';
import { toastDismissed } from '@pv/web-kit';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { aboveBottomBar } from '../layout/bottom-bar';
import { useAppDispatch, useAppSelector } from '../store';
import { ShellStrings } from '../strings/shell';

/** A toast stays 5,000 ms; swiping it right past 50 px dismisses it; F8 focuses the area. */
export const TOAST_DURATION_MS = 5_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_FOCUS_KEY = 'F8';

/**
 * Renders the one current toast (the slice keeps a single one: a new toast replaces it). The
 * region is always in the page, labelled and aria-live, so screen readers announce new toasts.
 */
export function Toaster() {
  const toast = useAppSelector((state) => state.toast.current);
  const dispatch = useAppDispatch();
  const regionRef = useRef<HTMLElement>(null);
  const swipeStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  useEffect(() => {
    if (!toast) return;
    setOffset(0);
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, dispatch]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_FOCUS_KEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null) return;
    // Only a rightward swipe moves the toast (swipe right).
    setOffset(Math.max(0, event.clientX - swipeStart.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (swipeStart.current === null || !toast) return;
    const distance = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (distance > TOAST_SWIPE_THRESHOLD_PX) dispatch(toastDismissed(toast.id));
    else setOffset(0);
  };

  const destructive = toast?.variant === 'destructive';
  return (
    <Box
      component="section"
      ref={regionRef}
      tabIndex={-1}
      aria-label={ShellStrings.toastRegion}
      aria-live="polite"
      sx={{
        position: 'fixed',
        bottom: aboveBottomBar(16),
        right: 16,
        zIndex: (theme) => theme.zIndex.snackbar,
        maxWidth: 'min(420px, calc(100vw - 32px))',
        outline: 'none',
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      {toast && (
        <Paper
          key={toast.id}
          elevation={6}
          role={destructive ? 'alert' : 'status'}
          data-variant={toast.variant}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={() => {
            swipeStart.current = null;
            setOffset(0);
          }}
          sx={{
            display: 'flex',
            alignItems: 'flex-start',
            gap: 1,
            p: 2,
            pr: 1,
            touchAction: 'pan-y',
            transform: `translateX(${offset}px)`,
            opacity: offset > 0 ? Math.max(0.3, 1 - offset / 200) : 1,
            transition: swipeStart.current === null ? 'transform 150ms, opacity 150ms' : 'none',
            ...(destructive
              ? { bgcolor: 'error.dark', color: 'error.contrastText' }
              : toast.variant === 'success'
                ? { borderLeft: 4, borderColor: 'success.main' }
                : {}),
          }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="p" sx={{ fontWeight: 700 }}>
              {toast.title}
            </Typography>
            {toast.description && (
              <Typography component="p" variant="body2" sx={{ mt: 0.5, wordBreak: 'break-word' }}>
                {toast.description}
              </Typography>
            )}
          </Box>
          <IconButton
            size="small"
            aria-label={ShellStrings.closeToast}
            onClick={() => dispatch(toastDismissed(toast.id))}
            sx={{ color: 'inherit' }}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </Paper>
      )}
    </Box>
  );
}
