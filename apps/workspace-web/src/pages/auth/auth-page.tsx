import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  errorMessage,
  formatDate,
  TabBar,
  type TabBarItem,
  TabPanel,
  useFormFields,
} from '@pv/web-kit';
import { type FormEvent, useId, useState } from 'react';
import { useGetCurrentTermsQuery, useRegisterMutation } from '../../api/auth';
import { AuthStrings, isEmail, REDIRECT_DELAY_MS, STRONG_PASSWORD } from '../../strings/auth';
import { AuthCard } from './auth-card';
import { AuthSubmit, EmailField, PasswordField, useAuthForm } from './auth-form';
import { LoginForm } from './login-form';

type AuthTab = 'login' | 'register';

const AUTH_TABS: TabBarItem<AuthTab>[] = [
  { value: 'login', label: AuthStrings.tabLogin },
  { value: 'register', label: AuthStrings.tabRegister },
];

/** /auth: tabs Entrar and Cadastrar; both redirect to / after 1 s. */
export default function AuthPage() {
  const [tab, setTab] = useState<AuthTab>('login');
  const id = useId();
  return (
    <AuthCard title={AuthStrings.pageTitle}>
      <TabBar
        items={AUTH_TABS}
        value={tab}
        onChange={setTab}
        label={AuthStrings.tabsLabel}
        idPrefix={id}
        fullWidth
        sx={{ mb: 3 }}
      />
      <TabPanel idPrefix={id} value={tab}>
        {tab === 'login' ? (
          <LoginForm redirectDelayMs={REDIRECT_DELAY_MS} />
        ) : (
          <CombinedRegisterForm />
        )}
      </TabPanel>
    </AuthCard>
  );
}

/** Sign-up with the terms of use in force: acceptedTermsVersion goes with it. */
function CombinedRegisterForm() {
  const terms = useGetCurrentTermsQuery();
  const [register, { isLoading }] = useRegisterMutation();
  const { toast, problem, setProblem, done, succeed } = useAuthForm(REDIRECT_DELAY_MS);
  const { values, bind } = useFormFields({ fullName: '', email: '', password: '' });
  const [accepted, setAccepted] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const termsTitleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { fullName, email, password } = values;
    if (fullName.trim() === '' || email.trim() === '' || password === '')
      return setProblem(AuthStrings.combinedRequired);
    if (!isEmail(email)) return setProblem(AuthStrings.invalidEmail);
    if (!STRONG_PASSWORD.test(password)) return setProblem(AuthStrings.passwordPolicy);
    if (!accepted) return setProblem(AuthStrings.termsMustBeAccepted);
    if (!terms.data) return setProblem(AuthStrings.termsNotLoaded);
    setProblem(null);
    const result = await register({
      fullName: fullName.trim(),
      email: email.trim(),
      password,
      acceptedTermsVersion: terms.data.version,
    });
    if ('error' in result && result.error) {
      const message = errorMessage(result.error, AuthStrings.signupError);
      setProblem(message);
      toast({ title: AuthStrings.signupErrorTitle, description: message, variant: 'destructive' });
      // A 409 means the terms changed while the page was open: load the version in force.
      if ((result.error as { status?: unknown }).status === 409) {
        setAccepted(false);
        void terms.refetch();
      }
      return;
    }
    succeed({ title: AuthStrings.registerSuccessTitle, description: AuthStrings.registerSuccess });
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <TextField
        label={AuthStrings.fullName}
        autoComplete="name"
        {...bind('fullName')}
        required
        fullWidth
      />
      <EmailField {...bind('email')} />
      <PasswordField
        autoComplete="new-password"
        {...bind('password')}
        helperText={AuthStrings.passwordPolicy}
      />
      <Box>
        <FormControlLabel
          control={<Checkbox checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />}
          label={AuthStrings.acceptTerms}
        />
        <Button size="small" onClick={() => setTermsOpen(true)} disabled={!terms.data}>
          {terms.isLoading ? AuthStrings.termsLoading : AuthStrings.viewTerms}
        </Button>
        {terms.isError && (
          <Typography variant="body2" color="error" role="alert">
            {AuthStrings.termsNotLoaded}
          </Typography>
        )}
      </Box>
      <AuthSubmit
        problem={problem}
        busy={isLoading}
        done={done}
        label={AuthStrings.registerButton}
      />
      {terms.data && (
        <Dialog
          open={termsOpen}
          onClose={() => setTermsOpen(false)}
          aria-labelledby={termsTitleId}
          scroll="paper"
          maxWidth="md"
        >
          <DialogTitle id={termsTitleId}>{terms.data.title}</DialogTitle>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {AuthStrings.termsVersion(terms.data.version, formatDate(terms.data.effectiveDate))}
            </Typography>
            <Typography component="div" sx={{ whiteSpace: 'pre-wrap' }}>
              {terms.data.content}
            </Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setTermsOpen(false)}>{AuthStrings.close}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
