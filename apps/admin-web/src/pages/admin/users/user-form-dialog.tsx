import { Alert, Grid, TextField } from '@mui/material';
import type { AdminUser } from '@pv/contracts';
import {
  BRAZIL_UFS,
  PROFESSIONAL_REGISTRIES,
  SPECIALTIES,
  USER_STATUSES,
  type UserStatus,
} from '@pv/contracts/constants';
import {
  GridSelect,
  GridSwitch,
  GridTextField,
  useFailureToast,
  useFormFields,
  useToast,
} from '@pv/web-kit';
import { useState } from 'react';
import { useCreateUserMutation, useUpdateUserMutation } from '../../../api/users';
import { FormDialog } from '../../../components/form-dialog';
import { crudErrorTitles, professionalLabel, T, USER_STATUS_LABELS } from '../../../messages';

interface UserForm {
  fullName: string;
  email: string;
  specialty: string;
  professionalRegistry: string;
  registryNumber: string;
  registryUf: string;
  rqe: string;
  clinicPhone: string;
  clinicAddress: string;
  isPremium: boolean;
  isAdmin: boolean;
  userStatus: UserStatus;
}

const USER_ERRORS = crudErrorTitles('usuário');

function toForm(user: AdminUser | undefined): UserForm {
  return {
    fullName: user?.fullName ?? '',
    email: user?.email ?? '',
    specialty: user?.specialty ?? '',
    professionalRegistry: user?.professionalRegistry ?? '',
    registryNumber: user?.registryNumber ?? '',
    registryUf: user?.registryUf ?? '',
    rqe: user?.rqe ?? '',
    clinicPhone: user?.clinicPhone ?? '',
    clinicAddress: user?.clinicAddress ?? '',
    isPremium: user?.isPremium ?? false,
    isAdmin: user?.isAdmin ?? false,
    userStatus: user?.userStatus ?? 'active',
  };
}

const REGISTRY_FIELDS = ['professionalRegistry', 'registryNumber', 'registryUf'] as const;
const orNull = (value: string) => value.trim() || null;

/** Nome Completo and Email are required; the button stays disabled otherwise. */
export function isUserFormComplete(form: Pick<UserForm, 'fullName' | 'email'>): boolean {
  return form.fullName.trim() !== '' && form.email.trim() !== '';
}

/** 'Novo Usuário' (no `user`) or the edit form of `user`. */
export function UserFormDialog({ user, onClose }: { user?: AdminUser; onClose: () => void }) {
  const { values: form, bind, check } = useFormFields(() => toForm(user));
  const [temporaryPassword, setTemporaryPassword] = useState<string | null>(null);
  const [createUser, creating] = useCreateUserMutation();
  const [updateUser, updating] = useUpdateUserMutation();
  const toast = useToast();
  const failed = useFailureToast();
  const editing = user !== undefined;

  const submit = async () => {
    if (!isUserFormComplete(form)) return;
    const body = {
      fullName: form.fullName.trim(),
      email: form.email.trim(),
      isPremium: form.isPremium,
      isAdmin: form.isAdmin,
      userStatus: form.userStatus,
      specialty: (form.specialty || null) as AdminUser['specialty'],
      rqe: orNull(form.rqe),
      clinicPhone: orNull(form.clinicPhone),
      clinicAddress: orNull(form.clinicAddress),
      // The server checks council, UF and number together whenever one is sent: an edit that
      // leaves them as they were does not send them, so an older registry never blocks it.
      ...(!editing || REGISTRY_FIELDS.some((f) => form[f].trim() !== (user[f] ?? ''))
        ? {
            professionalRegistry: (form.professionalRegistry ||
              null) as AdminUser['professionalRegistry'],
            registryNumber: orNull(form.registryNumber),
            registryUf: (form.registryUf || null) as AdminUser['registryUf'],
          }
        : {}),
    };
    try {
      if (editing) {
        await updateUser({ id: user.id, body }).unwrap();
        toast({ title: 'Usuário atualizado', variant: 'success' });
        onClose();
      } else {
        const created = await createUser(body).unwrap();
        toast({ title: created.message, variant: 'success' });
        if (created.temporaryPassword) setTemporaryPassword(created.temporaryPassword);
        else onClose();
      }
    } catch (error) {
      failed(error, {
        title: editing ? USER_ERRORS.update : USER_ERRORS.create,
        fallback: 'Tente novamente',
      });
    }
  };

  if (temporaryPassword) {
    return (
      <FormDialog title="Usuário criado" maxWidth="sm" onClose={onClose} closeLabel={T.close}>
        <Alert severity="info" sx={{ mb: 2 }}>
          Entregue esta senha temporária ao usuário: ele deverá criar uma nova senha no primeiro
          login. Ela não será exibida novamente.
        </Alert>
        <TextField
          label="Senha temporária"
          value={temporaryPassword}
          fullWidth
          slotProps={{ htmlInput: { readOnly: true } }}
        />
      </FormDialog>
    );
  }

  return (
    <FormDialog
      title={editing ? 'Editar Usuário' : T.newUser}
      maxWidth="sm"
      onClose={onClose}
      submit={{
        label: editing ? T.save : 'Criar Usuário',
        onClick: submit,
        disabled: !isUserFormComplete(form) || creating.isLoading || updating.isLoading,
      }}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <GridTextField label={T.fullName} required {...bind('fullName')} />
        <GridTextField label={T.email} type="email" required {...bind('email')} />
        <GridSelect
          cell={{ xs: 12, sm: 6 }}
          label="Especialidade"
          {...bind('specialty')}
          emptyLabel="Não informada"
          options={SPECIALTIES}
          optionLabel={professionalLabel}
        />
        <GridSelect
          cell={{ xs: 12, sm: 6 }}
          label="Status"
          {...bind('userStatus')}
          options={USER_STATUSES}
          optionLabel={(value) => USER_STATUS_LABELS[value]}
        />
        <GridSelect
          cell={{ xs: 12, sm: 4 }}
          label="Conselho"
          {...bind('professionalRegistry')}
          emptyLabel="Não informado"
          options={PROFESSIONAL_REGISTRIES}
        />
        <GridSelect
          cell={{ xs: 12, sm: 4 }}
          label="UF do conselho"
          {...bind('registryUf')}
          emptyLabel="Não informada"
          options={BRAZIL_UFS}
        />
        <GridTextField
          cell={{ xs: 12, sm: 4 }}
          label="Número do registro"
          {...bind('registryNumber')}
        />
        <GridTextField cell={{ xs: 12, sm: 4 }} label="RQE" {...bind('rqe')} />
        <GridTextField
          cell={{ xs: 12, sm: 8 }}
          label="Telefone da clínica"
          type="tel"
          {...bind('clinicPhone')}
        />
        <GridTextField label="Endereço da clínica" {...bind('clinicAddress')} />
        <GridSwitch cell={{ xs: 12, sm: 6 }} label="Premium" {...check('isPremium')} />
        <GridSwitch cell={{ xs: 12, sm: 6 }} label="Administrador" {...check('isAdmin')} />
      </Grid>
    </FormDialog>
  );
}
