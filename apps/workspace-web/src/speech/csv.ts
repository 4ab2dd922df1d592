import { WorkspaceStrings as S } from '../strings/workspace';

/** The CSV export assumes 2-minute segments. */
export const CSV_SEGMENT_SECONDS = 120;

const mmss = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

const quote = (value: string) => `"${value.replace(/"/g, '""')}"`;

/**
 * The transcript as CSV rows of 2-minute segments. The browser engine gives no word timings, so
 * the words are spread evenly over the recording's duration (at least one segment).
 */
export function transcriptToCsv(text: string, durationSeconds: number): string {
  const words = text.split(/\s+/).filter(Boolean);
  const segments = Math.max(1, Math.ceil(durationSeconds / CSV_SEGMENT_SECONDS));
  const perSegment = Math.ceil(words.length / segments);
  const rows = [S.csvHeader.join(',')];
  for (let i = 0; i < segments; i += 1) {
    const slice = words.slice(i * perSegment, (i + 1) * perSegment);
    if (slice.length === 0) break;
    const start = i * CSV_SEGMENT_SECONDS;
    rows.push(
      [String(i + 1), mmss(start), mmss(start + CSV_SEGMENT_SECONDS), quote(slice.join(' '))].join(
        ',',
      ),
    );
  }
  // The BOM makes spreadsheet programs read the accents as UTF-8.
  return `\uFEFF${rows.join('\r\n')}\r\n`;
}

export function formatElapsed(totalSeconds: number): string {
  return mmss(Math.max(0, Math.floor(totalSeconds)));
}
