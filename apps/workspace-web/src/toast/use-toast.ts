import { useCallback } from 'react';
import { useAppDispatch } from '../store';
import { type ToastVariant, toastShown } from './toast-slice';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
}

/**
 * Shows a toast (the <Toaster /> in the layout renders it for 5,000 ms).
 * @example const toast = useToast(); toast({ title: 'Erro', description: msg, variant: 'destructive' });
 */
export function useToast(): (input: ToastInput) => void {
  const dispatch = useAppDispatch();
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
