import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { T } from '../../messages';

/** Any console path the router does not know (inside the /admin basename). */
export default function NotFoundPage() {
  return (
    <Container sx={{ py: 8 }}>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        {T.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {T.notFoundText}
      </Typography>
      <Button component={RouterLink} to="/" variant="contained">
        {T.backToConsole}
      </Button>
    </Container>
  );
}
