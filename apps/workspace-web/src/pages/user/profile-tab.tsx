import { Button, Card, CardContent, Grid, Typography } from '@mui/material';
import type { CurrentUser, ProfileBody } from '@pv/contracts';
import {
  BRAZIL_UFS,
  type BrazilUf,
  PROFESSIONAL_REGISTRIES,
  RegistryMessages,
  registryNumberProblem,
} from '@pv/contracts/constants';
import { GridSelect, GridTextField, useFailureToast, useFormFields, useToast } from '@pv/web-kit';
import { type FormEvent, useState } from 'react';
import { useUpdateProfileMutation } from '../../api/auth';
import { UserAreaStrings as S } from '../../strings/account';
import { SPECIALTY_LABELS } from '../../strings/workspace';

type Registry = (typeof PROFESSIONAL_REGISTRIES)[number];
type Specialty = keyof typeof SPECIALTY_LABELS;

interface ProfileForm {
  fullName: string;
  professionalRegistry: Registry | '';
  registryNumber: string;
  registryUf: BrazilUf | '';
  rqe: string;
  specialty: Specialty | '';
  clinicPhone: string;
  clinicAddress: string;
  cpf: string;
}

function formFrom(user: CurrentUser): ProfileForm {
  return {
    fullName: user.fullName,
    professionalRegistry: user.professionalRegistry ?? '',
    registryNumber: user.registryNumber ?? '',
    registryUf: user.registryUf ?? '',
    rqe: user.rqe ?? '',
    specialty: user.specialty ?? '',
    clinicPhone: user.clinicPhone ?? '',
    clinicAddress: user.clinicAddress ?? '',
    cpf: user.cpf ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * The registry as the server will check it (same rules, same messages), so the form points at
 * the field at once; the server's answer is shown too should it differ.
 */
function registryProblem(
  form: ProfileForm,
): { field: 'registryNumber' | 'registryUf' | 'professionalRegistry'; message: string } | null {
  const number = form.registryNumber.trim();
  if (number === '') return null;
  if (form.professionalRegistry === '')
    return { field: 'professionalRegistry', message: RegistryMessages.councilRequired };
  const problem = registryNumberProblem(form.professionalRegistry, number);
  if (problem) return { field: 'registryNumber', message: problem };
  if (form.registryUf === '') return { field: 'registryUf', message: RegistryMessages.ufRequired };
  return null;
}

/** Perfil: the professional data of PUT /api/profile. */
export function ProfileTab({ user }: { user: CurrentUser }) {
  const { values: form, bind } = useFormFields<ProfileForm>(() => formFrom(user));
  const [nameError, setNameError] = useState(false);
  const [registryError, setRegistryError] = useState<ReturnType<typeof registryProblem>>(null);
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const toast = useToast();
  const failed = useFailureToast();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (form.fullName.trim() === '') {
      setNameError(true);
      toast({ title: S.error, description: S.fullNameRequired, variant: 'destructive' });
      return;
    }
    setNameError(false);
    const problem = registryProblem(form);
    setRegistryError(problem);
    if (problem) {
      toast({ title: S.error, description: problem.message, variant: 'destructive' });
      return;
    }
    const body: ProfileBody = {
      fullName: form.fullName.trim(),
      professionalRegistry: form.professionalRegistry === '' ? null : form.professionalRegistry,
      registryNumber: orNull(form.registryNumber),
      registryUf: form.registryUf === '' ? null : form.registryUf,
      rqe: orNull(form.rqe),
      specialty: form.specialty === '' ? null : form.specialty,
      clinicPhone: orNull(form.clinicPhone),
      clinicAddress: orNull(form.clinicAddress),
      cpf: orNull(form.cpf),
    };
    const result = await updateProfile(body);
    if ('error' in result && result.error) {
      failed(result.error, { title: S.error, fallback: S.profileError });
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
          <GridTextField
            cell={{ xs: 12, md: 6 }}
            label={S.fullName}
            {...bind('fullName')}
            required
            error={nameError}
            helperText={nameError ? S.fullNameRequired : undefined}
          />
          <GridTextField cell={{ xs: 12, md: 6 }} label={S.email} value={user.email} disabled />
          <GridSelect
            cell={{ xs: 12, md: 3 }}
            label={S.professionalRegistry}
            {...bind('professionalRegistry')}
            emptyLabel={S.none}
            options={PROFESSIONAL_REGISTRIES}
            error={registryError?.field === 'professionalRegistry'}
          />
          <GridSelect
            cell={{ xs: 6, md: 2 }}
            label={S.registryUf}
            {...bind('registryUf')}
            emptyLabel={S.none}
            options={BRAZIL_UFS}
            error={registryError?.field === 'registryUf'}
          />
          <GridTextField
            cell={{ xs: 6, md: 4 }}
            label={S.registryNumber}
            {...bind('registryNumber')}
            error={registryError?.field === 'registryNumber'}
            helperText={registryError?.message}
          />
          <GridTextField
            cell={{ xs: 12, md: 3 }}
            label={S.rqe}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...bind('rqe')}
          />
          <GridTextField
            cell={{ xs: 12, md: 3 }}
            label={S.cpf}
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 14 } }}
            {...bind('cpf')}
          />
          <GridSelect
            cell={{ xs: 12, md: 4 }}
            label={S.specialty}
            {...bind('specialty')}
            emptyLabel={S.none}
            options={Object.keys(SPECIALTY_LABELS) as Specialty[]}
            optionLabel={(s) => SPECIALTY_LABELS[s]}
          />
          <GridTextField
            cell={{ xs: 12, md: 4 }}
            label={S.clinicPhone}
            type="tel"
            autoComplete="tel"
            {...bind('clinicPhone')}
          />
          <GridTextField
            cell={{ xs: 12, md: 8 }}
            label={S.clinicAddress}
            autoComplete="street-address"
            {...bind('clinicAddress')}
          />
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
