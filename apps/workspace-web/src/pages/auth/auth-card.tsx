import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The centred card every sign-in page sits in. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, md: 6 } }}>
      <Paper sx={{ width: '100%', maxWidth: 460, p: { xs: 3, sm: 4 } }} elevation={2}>
        <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
