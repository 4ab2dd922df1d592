import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Button, Card, CardContent, Container, Grid, Stack, Typography } from '@mui/material';
import type { TicketCategory } from '@pv/contracts/constants';
import { GridSelect, GridTextField, useFailureToast, useFormFields, useToast } from '@pv/web-kit';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useViewer } from '../../api/auth';
import { useCreateTicketMutation } from '../../api/support';
import { SupportStrings as S } from '../../strings/account';

const CATEGORIES = Object.keys(S.categories) as TicketCategory[];

interface TicketForm {
  contactEmail: string;
  contactName: string;
  subject: string;
  description: string;
  category: TicketCategory;
}

const blankForm = (email = '', name = ''): TicketForm => ({
  contactEmail: email,
  contactName: name,
  subject: '',
  description: '',
  category: 'general',
});

/** /support: the public ticket form and its success screen. */
export default function SupportPage() {
  const viewer = useViewer();
  if (viewer.kind === 'loading') return null;
  // Keyed by the viewer so a signed-in user's email and name are prefilled.
  const user = viewer.kind === 'user' ? viewer.user : null;
  return (
    <SupportForm
      key={user?.id ?? 'anonymous'}
      email={user?.email ?? ''}
      name={user?.fullName ?? ''}
    />
  );
}

function SupportForm({ email, name }: { email: string; name: string }) {
  const { values: form, setValues: setForm, bind } = useFormFields(() => blankForm(email, name));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [createTicket, { isLoading }] = useCreateTicketMutation();
  const toast = useToast();
  const failed = useFailureToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ([form.contactEmail, form.subject, form.description].some((v) => v.trim() === '')) {
      toast({ title: S.requiredTitle, description: S.required, variant: 'destructive' });
      return;
    }
    const result = await createTicket({
      contactEmail: form.contactEmail.trim(),
      contactName: form.contactName.trim() === '' ? null : form.contactName.trim(),
      subject: form.subject.trim(),
      description: form.description.trim(),
      category: form.category,
    });
    if ('error' in result && result.error) {
      failed(result.error, { title: S.createErrorTitle, fallback: S.createErrorFallback });
      return;
    }
    setSentTo(result.data.contactEmail);
  };

  if (sentTo !== null) {
    return (
      <Container maxWidth="sm" sx={{ py: 6 }}>
        <Card>
          <CardContent sx={{ textAlign: 'center', py: 5 }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 64 }} aria-hidden />
            <Typography component="h1" variant="h4" sx={{ fontWeight: 700, my: 2 }}>
              {S.successTitle}
            </Typography>
            <Typography sx={{ mb: 3 }}>{S.successText(sentTo)}</Typography>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ justifyContent: 'center' }}
            >
              <Button component={RouterLink} to="/" variant="contained">
                {S.backHome}
              </Button>
              <Button
                variant="outlined"
                onClick={() => {
                  setForm(blankForm(email, name));
                  setSentTo(null);
                }}
              >
                {S.newTicket}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Container>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700 }}>
        {S.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {S.intro}
      </Typography>
      <Card>
        <CardContent>
          <Grid container spacing={2} component="form" onSubmit={submit} noValidate>
            <GridTextField
              cell={{ xs: 12, md: 6 }}
              label={S.contactEmail}
              type="email"
              autoComplete="email"
              {...bind('contactEmail')}
              required
            />
            <GridTextField
              cell={{ xs: 12, md: 6 }}
              label={S.contactName}
              autoComplete="name"
              {...bind('contactName')}
            />
            <GridTextField
              cell={{ xs: 12, md: 8 }}
              label={S.subject}
              {...bind('subject')}
              required
            />
            <GridSelect
              cell={{ xs: 12, md: 4 }}
              label={S.category}
              {...bind('category')}
              options={CATEGORIES}
              optionLabel={(c) => S.categories[c]}
            />
            <GridTextField
              label={S.description}
              {...bind('description')}
              required
              multiline
              minRows={6}
            />
            <Grid size={12}>
              <Button type="submit" variant="contained" size="large" disabled={isLoading}>
                {isLoading ? S.submitting : S.submit}
              </Button>
            </Grid>
          </Grid>
        </CardContent>
      </Card>
    </Container>
  );
}
