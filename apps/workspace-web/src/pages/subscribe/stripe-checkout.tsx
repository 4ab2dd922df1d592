import { Box, Button } from '@mui/material';
import { useToast } from '@pv/web-kit';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
// The `pure` entry loads Stripe.js only when loadStripe is called (the plain entry injects the
// script as soon as it is imported): this whole module is a lazy chunk of /subscribe.
import { loadStripe } from '@stripe/stripe-js/pure';
import { type FormEvent, useMemo, useState } from 'react';
import { SubscribeStrings as S } from '../../strings/account';

export interface StripeCheckoutProps {
  publishableKey: string;
  clientSecret: string;
  priceLabel: string;
  /** Called with the payment intent id once the provider accepted the payment. */
  onPaid: (paymentIntentId: string) => Promise<void>;
}

/** The embedded Stripe Payment Element and its submit button. */
export default function StripeCheckout({
  publishableKey,
  clientSecret,
  priceLabel,
  onPaid,
}: StripeCheckoutProps) {
  const stripe = useMemo(() => loadStripe(publishableKey), [publishableKey]);
  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret, locale: 'pt-BR', appearance: { theme: 'stripe' } }}
    >
      <PaymentForm priceLabel={priceLabel} onPaid={onPaid} />
    </Elements>
  );
}

function PaymentForm({ priceLabel, onPaid }: Pick<StripeCheckoutProps, 'priceLabel' | 'onPaid'>) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [paying, setPaying] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/subscribe-success` },
    });
    if (error || !paymentIntent) {
      // The provider's message, and the user stays on the page.
      toast({
        title: S.paymentFailed,
        description: error?.message ?? S.paymentFailedFallback,
        variant: 'destructive',
      });
      setPaying(false);
      return;
    }
    await onPaid(paymentIntent.id);
  };

  return (
    <Box component="form" onSubmit={submit}>
      <PaymentElement />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={!stripe || paying}
      >
        {paying ? S.paying : S.pay(priceLabel)}
      </Button>
    </Box>
  );
}
