import { useAppSelector } from '../../../store';
import { VaultLogin } from './vault-login';
import { VaultRecords } from './vault-records';

/** The transcript vault, locked until the admin key is accepted. */
export default function VaultTab() {
  const unlocked = useAppSelector((state) => state.vault.unlocked);
  return unlocked ? <VaultRecords /> : <VaultLogin />;
}
