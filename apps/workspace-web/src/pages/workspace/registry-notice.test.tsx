import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anonymous, renderWorkspace, signedIn } from './test-helpers';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const NOTICE =
  'Seu registro profissional (conselho, UF e número) não está no seu perfil: o documento sai com a linha do registro em branco para carimbo. Complete-o em Minha Área.';

// docs/professional-identity.md: the server prints a blank registry line for a
// signed-in professional without one; the workspace says so and links to Perfil.
describe('the document card and the registry', () => {
  it('tells a signed-in professional without a registry to complete it in Minha Área', async () => {
    renderWorkspace(signedIn({ professionalRegistry: 'CRM', registryNumber: '123456' }));
    const notice = await screen.findByTestId('registry-notice');
    expect(notice).toHaveTextContent(NOTICE);
    expect(screen.getByRole('link', { name: 'Completar em Minha Área' })).toHaveAttribute(
      'href',
      '/user?tab=profile',
    );
  });

  it('says nothing once council, UF and number are saved', async () => {
    renderWorkspace(
      signedIn({ professionalRegistry: 'CRM', registryNumber: '123456', registryUf: 'SP' }),
    );
    expect(await screen.findByRole('button', { name: 'Gerar documento' })).toBeInTheDocument();
    expect(screen.queryByTestId('registry-notice')).not.toBeInTheDocument();
  });

  it('an anonymous visitor sees no notice', async () => {
    renderWorkspace(anonymous);
    expect(await screen.findByRole('button', { name: 'Gerar documento' })).toBeInTheDocument();
    expect(screen.queryByTestId('registry-notice')).not.toBeInTheDocument();
  });
});
