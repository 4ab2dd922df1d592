import HelpOutlinedIcon from '@mui/icons-material/HelpOutlined';
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Divider,
  IconButton,
  Menu,
  MenuItem,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import type { CurrentUser } from '@pv/contracts';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useViewer } from '../api/auth';
import { ShellStrings } from '../strings/shell';
import { useLogout } from './use-logout';

/** The avatar's letter: the first name's initial (or the email's when there is no name). */
export function userInitial(user: Pick<CurrentUser, 'firstName' | 'fullName' | 'email'>): string {
  const source = user.firstName.trim() || user.fullName.trim() || user.email.trim();
  return source.charAt(0).toLocaleUpperCase('pt-BR');
}

/** Administrators see the full name; everybody else first and last name. */
function displayName(user: CurrentUser): string {
  if (user.isAdmin) return user.fullName;
  return [user.firstName, user.lastName].filter(Boolean).join(' ');
}

/** The header: app name, support button, and the user menu or the 'Entrar' button. */
export function AppHeader() {
  return (
    <AppBar position="sticky" color="inherit" elevation={1}>
      <Toolbar sx={{ gap: 1 }}>
        <Typography
          component={RouterLink}
          to="/"
          aria-label={ShellStrings.homeLink}
          variant="h6"
          sx={{ flexGrow: 1, color: 'primary.dark', textDecoration: 'none', fontWeight: 700 }}
        >
          {ShellStrings.appName}
        </Typography>
        <SupportButton />
        <UserMenu />
      </Toolbar>
    </AppBar>
  );
}

/** A support button in the header and another in the footer, both to /support. */
export function SupportButton() {
  return (
    <Tooltip title={ShellStrings.supportTooltip} describeChild>
      <Button component={RouterLink} to="/support" startIcon={<HelpOutlinedIcon />} color="primary">
        {ShellStrings.support}
      </Button>
    </Tooltip>
  );
}

function UserMenu() {
  const viewer = useViewer();
  const logout = useLogout();
  const menuId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  if (viewer.kind === 'loading') return <Box sx={{ width: 40 }} />;
  if (viewer.kind === 'anonymous') {
    return (
      <Tooltip title={ShellStrings.loginTooltip} describeChild>
        <Button component={RouterLink} to="/auth" variant="contained">
          {ShellStrings.login}
        </Button>
      </Tooltip>
    );
  }

  const { user } = viewer;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={ShellStrings.userMenu}
        aria-controls={anchor ? menuId : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <Avatar sx={{ bgcolor: 'primary.main', width: 36, height: 36 }}>{userInitial(user)}</Avatar>
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography sx={{ fontWeight: 700 }}>{displayName(user)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {user.isAdmin ? (
          // /admin is a separate SPA: a full page load, not a client-side navigation.
          <MenuItem component="a" href="/admin" onClick={close}>
            {ShellStrings.admin}
          </MenuItem>
        ) : (
          <MenuItem component={RouterLink} to="/user" onClick={close}>
            {ShellStrings.userArea}
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          {ShellStrings.logout}
        </MenuItem>
      </Menu>
    </>
  );
}
