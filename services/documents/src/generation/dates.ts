/** dd/MM/yyyy in Brazil's time zone (dates in Brazilian format). */
export function formatDateBr(date: Date = new Date()): string {
  return new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);
}
