import { useToast } from '@pv/web-kit';
import { useCallback } from 'react';
import { useConfirmPaymentMutation, useUpgradeSubscriptionMutation } from '../../api/billing';
import { SubscribeStrings as S } from '../../strings/account';

/** Where a redirect-based payment (3-D Secure, etc.) finds its subscription again. */
export const SUBSCRIPTION_ID_KEY = 'pv.subscription-id';

/**
 * After the card provider accepted the payment, POST /api/confirm-payment
 * and then the upgrade call. Resolves to whether the account is Premium now; a failed
 * confirm-payment resolves to false (the user still goes to the success page, without the flag).
 */
export function useCompletePayment(): (
  paymentIntentId: string,
  subscriptionId: string,
) => Promise<boolean> {
  const [confirmPayment] = useConfirmPaymentMutation();
  const [upgrade] = useUpgradeSubscriptionMutation();
  const toast = useToast();
  return useCallback(
    async (paymentIntentId, subscriptionId) => {
      const confirmed = await confirmPayment({ paymentIntentId, subscriptionId });
      if ('error' in confirmed && confirmed.error) return false;
      const upgraded = await upgrade({ subscriptionId });
      if ('error' in upgraded && upgraded.error) {
        toast({ title: S.error, description: S.upgradeError, variant: 'destructive' });
        return confirmed.data?.isPremium ?? false;
      }
      return upgraded.data?.upgraded ?? false;
    },
    [confirmPayment, upgrade, toast],
  );
}
