import { Button, Card, CardContent, Grid, MenuItem, TextField, Typography } from '@mui/material';
import type { CurrentUser, ProfileBody } from '@pv/contracts';
import { errorMessage, useToast } from '@pv/web-kit';
import { type FormEvent, useState } from 'react';
import { useUpdateProfileMutation } from '../../api/auth';
import { UserAreaStrings as S } from '../../strings/account';
import { SPECIALTY_LABELS } from '../../strings/workspace';

/** Councils a registry number can belong to (the contract's ProfessionalRegistry values). */
const REGISTRIES = [
  'CRM',
  'COREN',
  'CRN',
  'CRESS',
  'CRP',
  'CRF',
  'CRO',
  'CREFITO',
  'OUTRO',
] as const;
type Registry = (typeof REGISTRIES)[number];
type Specialty = keyof typeof SPECIALTY_LABELS;

interface ProfileForm {
  fullName: string;
  professionalRegistry: Registry | '';
  registryNumber: string;
  specialty: Specialty | '';
  clinicPhone: string;
  clinicAddress: string;
}

function formFrom(user: CurrentUser): ProfileForm {
  return {
    fullName: user.fullName,
    professionalRegistry: user.professionalRegistry ?? '',
    registryNumber: user.registryNumber ?? '',
    specialty: user.specialty ?? '',
    clinicPhone: user.clinicPhone ?? '',
    clinicAddress: user.clinicAddress ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** Perfil: the professional data of PUT /api/profile (spec 2 §7). */
export function ProfileTab({ user }: { user: CurrentUser }) {
  const [form, setForm] = useState<ProfileForm>(() => formFrom(user));
  const [nameError, setNameError] = useState(false);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();
  const set = (field: keyof ProfileForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.fullName.trim() === '') {
      setNameError(true);
      toast({ title: S.error, description: S.fullNameRequired, variant: 'destructive' });
      return;
    }
    setNameError(false);
    const body: ProfileBody = {
      fullName: form.fullName.trim(),
      professionalRegistry: form.professionalRegistry === '' ? null : form.professionalRegistry,
      registryNumber: orNull(form.registryNumber),
      specialty: form.specialty === '' ? null : form.specialty,
      clinicPhone: orNull(form.clinicPhone),
      clinicAddress: orNull(form.clinicAddress),
    };
    const result = await updateProfile(body);
    if ('error' in result && result.error) {
      toast({
        title: S.error,
        description: errorMessage(result.error, S.profileError),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: S.profileUpdated, variant: 'success' });
  };

  return (
    <Card>
      <CardContent>
        <Typography component="h2" variant="h5" sx={{ fontWeight: 700, mb: 2 }}>
          {S.profileTitle}
        </Typography>
        <Grid container spacing={2} component="form" onSubmit={submit} noValidate>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              label={S.fullName}
              value={form.fullName}
              onChange={set('fullName')}
              required
              error={nameError}
              helperText={nameError ? S.fullNameRequired : undefined}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField label={S.email} value={user.email} fullWidth disabled />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              label={S.professionalRegistry}
              value={form.professionalRegistry}
              onChange={set('professionalRegistry')}
              fullWidth
            >
              <MenuItem value="">{S.none}</MenuItem>
              {REGISTRIES.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              label={S.registryNumber}
              value={form.registryNumber}
              onChange={set('registryNumber')}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              select
              label={S.specialty}
              value={form.specialty}
              onChange={set('specialty')}
              fullWidth
            >
              <MenuItem value="">{S.none}</MenuItem>
              {(Object.keys(SPECIALTY_LABELS) as Specialty[]).map((s) => (
                <MenuItem key={s} value={s}>
                  {SPECIALTY_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <TextField
              label={S.clinicPhone}
              type="tel"
              autoComplete="tel"
              value={form.clinicPhone}
              onChange={set('clinicPhone')}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, md: 8 }}>
            <TextField
              label={S.clinicAddress}
              autoComplete="street-address"
              value={form.clinicAddress}
              onChange={set('clinicAddress')}
              fullWidth
            />
          </Grid>
          <Grid size={12}>
            <Button type="submit" variant="contained" disabled={isLoading}>
              {isLoading ? S.saving : S.save}
            </Button>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
