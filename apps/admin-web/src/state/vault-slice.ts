import { createSlice } from '@reduxjs/toolkit';

/**
 * Whether the vault is unlocked in this tab of the browser. It starts locked, opens
 * when the admin key is accepted and locks again on any 401 from the vault or a reload. Kept in
 * the store so moving between console tabs does not lock it.
 */
export const vaultSlice = createSlice({
  name: 'vault',
  initialState: { unlocked: false },
  reducers: {
    unlocked(state) {
      state.unlocked = true;
    },
    locked(state) {
      state.unlocked = false;
    },
  },
});

export const { unlocked: vaultUnlocked, locked: vaultLocked } = vaultSlice.actions;
