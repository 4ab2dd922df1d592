/** The workspace's cards, in their default order. */
export const CARD_IDS = [
  'recording',
  'formatting',
  'additional-info',
  'transcription',
  'formatted-text',
  'document-generation',
] as const;
export type CardId = (typeof CARD_IDS)[number];

export type Column = 'left' | 'right' | 'bottom';

/** Large screens: recording and transcription left, formatting and the note right. */
export function columnOf(id: CardId): Column {
  if (id === 'recording' || id === 'transcription') return 'left';
  if (id === 'formatting' || id === 'formatted-text') return 'right';
  return 'bottom';
}

export const CARD_ORDER_STORAGE_KEY = 'pv.workspace.cardOrder';

/** The saved order, or the default one when nothing (valid) is saved. */
export function loadCardOrder(storage: Pick<Storage, 'getItem'> | undefined): CardId[] {
  try {
    const saved = JSON.parse(storage?.getItem(CARD_ORDER_STORAGE_KEY) ?? 'null') as unknown;
    if (
      Array.isArray(saved) &&
      saved.length === CARD_IDS.length &&
      CARD_IDS.every((id) => saved.includes(id))
    )
      return saved as CardId[];
  } catch {
    // unreadable: default order
  }
  return [...CARD_IDS];
}

export function saveCardOrder(storage: Pick<Storage, 'setItem'> | undefined, order: CardId[]) {
  try {
    storage?.setItem(CARD_ORDER_STORAGE_KEY, JSON.stringify(order));
  } catch {
    // storage full or blocked: the order lasts for this visit only
  }
}

/**
 * Moves a card within the cards `visible` in one list (a column, or the whole page on small
 * screens) and returns the new global order: the other cards keep their places.
 */
export function moveCard(move: {
  order: CardId[];
  visible: CardId[];
  from: number;
  to: number;
}): CardId[] {
  const { order, visible, from, to } = move;
  const moved = [...visible];
  const [card] = moved.splice(from, 1);
  if (!card) return order;
  moved.splice(to, 0, card);
  const slots = new Set(visible);
  let next = 0;
  return order.map((id) => (slots.has(id) ? (moved[next++] as CardId) : id));
}
