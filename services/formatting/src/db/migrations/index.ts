import type { Migration } from 'kysely/migration';
import * as content from './2026_11_22_1000_content.js';
import * as aiTemplateEvents from './2026_11_26_1200_ai_template_events.js';

export const formattingMigrations: Record<string, Migration> = {
  '2026_11_22_1000_content': content,
  '2026_11_26_1200_ai_template_events': aiTemplateEvents,
};
