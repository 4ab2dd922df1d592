import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { NotFoundStrings as S } from '../../strings/shell';

/** Any unknown path. */
export default function NotFoundPage() {
  return (
    <Container maxWidth="sm" sx={{ py: 10, textAlign: 'center' }}>
      <Typography
        variant="h2"
        component="p"
        sx={{ fontWeight: 800, color: 'primary.dark' }}
        aria-hidden
      >
        {S.code}
      </Typography>
      <Typography component="h1" variant="h4" sx={{ fontWeight: 700, my: 2 }}>
        {S.title}
      </Typography>
      <Typography sx={{ mb: 4 }}>{S.text}</Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {S.backHome}
      </Button>
    </Container>
  );
}
