import { Box, Container, Typography } from '@mui/material';
import { ShellStrings } from '../strings/shell';
import { SupportButton } from './app-header';

export function AppFooter() {
  return (
    <Box
      component="footer"
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', py: 2 }}
    >
      <Container
        maxWidth="lg"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {`© ${new Date().getFullYear()} ${ShellStrings.appName}. ${ShellStrings.footerNote}`}
        </Typography>
        <SupportButton />
      </Container>
    </Box>
  );
}
