/**
 * The hot list's reordering helpers: a move in a list of ids, dragging a row onto another's place,
 * and giving the focus back to what moved once the saved order is shown.
 */
import { useEffect, useState, type DragEvent, type RefObject } from 'react';

/** `ids` with the one at `from` moved to `to`. */
export function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}

/** Drag a row onto another's place: the row dragged, the row it is over, and each row's handlers. */
export function useDragOrder(ids: number[], move: (from: number, to: number) => void) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const end = () => {
    setDragging(null);
    setOver(null);
  };
  const handlers = (id: number, index: number) => ({
    onDragStart: (e: DragEvent) => {
      setDragging(id);
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', String(id));
    },
    onDragOver: (e: DragEvent) => {
      e.preventDefault();
      if (over !== index) setOver(index);
    },
    onDragLeave: () => setOver((o) => (o === index ? null : o)),
    onDragEnd: end,
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      const from = dragging === null ? -1 : ids.indexOf(dragging);
      end();
      if (from >= 0) move(from, index);
    },
  });
  return { dragging, over, handlers };
}

export type DragOrder = ReturnType<typeof useDragOrder>;

/** After a move by keyboard or button, the focus goes back to what moved (its button, else its row). */
export function useRefocus(list: RefObject<HTMLOListElement | null>, busy: boolean, order: string) {
  const [refocus, setRefocus] = useState<{ id: number; part: string } | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const row = list.current?.querySelector<HTMLElement>(`[data-hot-id="${refocus.id}"]`);
    const button = row?.querySelector<HTMLButtonElement>(`[data-part="${refocus.part}"]`);
    (button && !button.disabled ? button : row)?.focus();
    if (!busy) setRefocus(null);
  }, [refocus, busy, order, list]);
  return setRefocus;
}
