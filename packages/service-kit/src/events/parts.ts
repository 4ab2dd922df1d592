/**
 * Events published in parts: an envelope larger than the broker's message limit goes out as
 * several messages with these headers, and is put back together before its handler sees it.
 * Separate because it is the one protocol the relay (writer) and the consumers (reader) share.
 */

/** Headers of an event published in parts (an envelope larger than the broker's message limit). */
export const PART_HEADER = 'Pv-Part';
export const PARTS_HEADER = 'Pv-Parts';
export const EVENT_ID_HEADER = 'Pv-Event-Id';

export type Delivery = {
  data: Uint8Array;
  headers?: { get(k: string): string } | undefined;
  ack(): void;
  nak(ms?: number): void;
};

/**
 * Puts back together an event the relay published in parts. Parts stay unacknowledged until the
 * whole event is handled, so a consumer that stops half-way receives them all again.
 */
export class PartAssembler {
  private readonly pending = new Map<
    string,
    { parts: (Uint8Array | undefined)[]; msgs: Delivery[] }
  >();

  add(msg: Delivery): { data: Uint8Array; msgs: Delivery[] } | undefined {
    const id = msg.headers?.get(EVENT_ID_HEADER);
    if (!id) return { data: msg.data, msgs: [msg] };
    const index = Number(msg.headers?.get(PART_HEADER));
    const count = Number(msg.headers?.get(PARTS_HEADER));
    let entry = this.pending.get(id);
    if (!entry) {
      entry = { parts: new Array(count).fill(undefined), msgs: [] };
      this.pending.set(id, entry);
    }
    entry.parts[index] = msg.data;
    entry.msgs.push(msg);
    if (entry.parts.some((p) => p === undefined)) return undefined;
    this.pending.delete(id);
    return { data: Buffer.concat(entry.parts as Uint8Array[]), msgs: entry.msgs };
  }

  /** After an interruption: the unacknowledged parts will be delivered again. */
  clear(): void {
    this.pending.clear();
  }
}
