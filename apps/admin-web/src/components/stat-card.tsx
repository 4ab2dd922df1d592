import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One figure with its label and an optional line under it (dashboard, analytics, support). */
export function StatCard({
  label,
  value,
  detail,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }} aria-label={label} role="group">
      <CardContent>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 700, my: 0.5 }}>
          {value}
        </Typography>
        {detail !== undefined && (
          <Typography variant="body2" color="text.secondary">
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
