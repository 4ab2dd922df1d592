import { ForcedPasswordChangeDialog as PasswordChangeDialog } from '@pv/web-kit';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { authApi, useChangePasswordMutation } from '../../api/auth';
import { useLogout } from '../../layout/use-logout';
import { useAppDispatch } from '../../store';
import { AuthStrings, REDIRECT_DELAY_MS } from '../../strings/auth';

/**
 * After an admin reset the user must choose a new password before anything else;
 * after the change, / about 1 s later (the dialog itself lives in the web kit).
 */
export default function ForcedPasswordChangeDialog({ message }: { message?: string | undefined }) {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const redirect = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (redirect.current) clearTimeout(redirect.current);
    },
    [],
  );
  // The current user is refetched only when leaving: refetching at once would close this dialog
  // (and cancel the redirect) before the spec's ~1 s pause.
  const leave = () => {
    redirect.current = setTimeout(() => {
      dispatch(authApi.util.invalidateTags(['CurrentUser']));
      navigate('/', { replace: true });
    }, REDIRECT_DELAY_MS);
  };
  return (
    <PasswordChangeDialog
      message={message}
      reason={AuthStrings.mustChangeReason}
      changePassword={(body) => changePassword(body)}
      busy={isLoading}
      onChanged={leave}
      onSignOut={() => void logout()}
    />
  );
}
