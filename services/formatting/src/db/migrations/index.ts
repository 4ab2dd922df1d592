import type { Migration } from 'kysely';
import * as content from './2026_11_22_1000_content.js';

export const formattingMigrations: Record<string, Migration> = {
  '2026_11_22_1000_content': content,
};
