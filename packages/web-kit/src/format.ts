/** Spec 1 §9 / spec 2 §9: dates are shown as dd/MM/yyyy HH:mm, in the viewer's time zone. */
export function formatDateTime(iso: string | Date | null | undefined): string {
  if (iso === null || iso === undefined) return '';
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** dd/MM/yyyy, for dates without a time (member since, birth dates). */
export function formatDate(iso: string | Date | null | undefined): string {
  return formatDateTime(iso).slice(0, 10);
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Money in reais from centavos: 2990 -> "R$ 29,90". */
export function formatBRL(cents: number): string {
  // Intl puts a no-break space after "R$"; a plain space reads and matches the same.
  return brl.format(cents / 100).replace(/\u00a0/g, ' ');
}
