import { createHmac } from 'node:crypto';
import { foldForComparison } from '@pv/pt-text';

/**
 * Keyed pseudonyms: HMAC-SHA256 under VAULT_HMAC_SECRET, hex. Without the secret a hash cannot be
 * reversed by trying every CPF, name or IP; each kind has its own domain so equal values of
 * different kinds never share a hash.
 */
export class KeyedHasher {
  constructor(private readonly secret: string) {}

  private hash(domain: string, value: string): string {
    return createHmac('sha256', this.secret).update(`${domain}\u0000${value}`).digest('hex');
  }

  /** The patient, by the name the note gives (folded: accents, case and spacing ignored). */
  patient(name: string | null | undefined): string | null {
    const normalised = name ? foldForComparison(name) : '';
    return normalised === '' ? null : this.hash('patient', normalised);
  }

  /** The professional, by user id; null for an anonymous visitor. */
  professional(userId: string | null | undefined): string | null {
    return userId ? this.hash('professional', userId) : null;
  }

  ip(address: string | null | undefined): string | null {
    const trimmed = address?.trim() ?? '';
    return trimmed === '' ? null : this.hash('ip', trimmed.replace(/^::ffff:/, ''));
  }

  /** Finds the record of an id-less workspace call: the note's text, whitespace-normalised. */
  content(formattedText: string): string {
    return this.hash('content', formattedText.replace(/\s+/g, ' ').trim());
  }
}
