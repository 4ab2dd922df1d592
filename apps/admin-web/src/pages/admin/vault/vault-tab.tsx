import { useAppSelector } from '../../../store';
import { VaultLogin } from './vault-login';
import { VaultRecords } from './vault-records';

/** Spec 2 §2, §4: the transcript vault, locked until the admin key is accepted. */
export default function VaultTab() {
  const unlocked = useAppSelector((state) => state.vault.unlocked);
  return unlocked ? <VaultRecords /> : <VaultLogin />;
}
