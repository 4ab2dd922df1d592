// The lock lives with the stack tools, which the fault suite shares (it uses the same ports).
export {
  acquireLock,
  type FileLock,
  isProcessAlive,
  type LockOptions,
  LockTimeoutError,
  STACK_PORTS_LOCK_FILE,
  tryAcquireLock,
} from '@pv/stack/lock';
