/**
 * A list whose order the user changes by dragging an item onto another, or with the keyboard: each item has
 * "Move up" and "Move down" buttons, focus stays on the moved item's button, and a live region says where it went.
 * Dragging uses the browser's own drag and drop, so it needs no library.
 */
import { Button } from '@wordpress/components';
import { useEffect, useRef, useState } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';
import { chevronDown, chevronUp, dragHandle } from '@wordpress/icons';
import { Icon } from '@wordpress/components';

interface Props<T> {
  items: T[];
  getKey(item: T): string;
  getLabel(item: T): string;
  /** Called with the whole list in its new order. */
  onReorder(items: T[]): void;
  /** Names the list for assistive technology, e.g. "Order of the checkout checkboxes". */
  label: string;
  /** Extra content shown in each row, after the label. */
  renderExtra?(item: T): React.ReactNode;
}

/** The list with the item at `from` moved to `to`. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item!);
  return moved;
}

export function ReorderList<T>({ items: given, getKey, getLabel, onReorder, label, renderExtra }: Props<T>) {
  // The new order shows at once; the owner's save and reload then bring the same order back as `given`.
  const [items, setItems] = useState(given);
  useEffect(() => setItems(given), [given]);
  const [announcement, setAnnouncement] = useState('');
  const dragged = useRef<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const move = (from: number, to: number, focusDirection: 'up' | 'down' | null) => {
    if (to < 0 || to >= items.length || from === to) return;
    const next = moveItem(items, from, to);
    setItems(next);
    onReorder(next);
    setAnnouncement(sprintf(__('%1$s moved to position %2$d of %3$d.'), getLabel(items[from]!), to + 1, items.length));
    if (focusDirection) {
      // After React has drawn the new order, keep focus on the same item's button so the user can press again.
      requestAnimationFrame(() => {
        const row = listRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(getKey(items[from]!))}"]`);
        const button =
          row?.querySelector<HTMLButtonElement>(`[data-move="${focusDirection}"]:not([aria-disabled="true"])`) ??
          row?.querySelector<HTMLButtonElement>('[data-move]:not([aria-disabled="true"])');
        button?.focus();
      });
    }
  };
  return (
    <>
      <ol className="vitrine-reorder" aria-label={label} ref={listRef}>
        {items.map((item, index) => (
          <li
            key={getKey(item)}
            data-key={getKey(item)}
            className="vitrine-reorder__item"
            draggable
            onDragStart={(event) => {
              dragged.current = index;
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', getKey(item));
            }}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged.current !== null) move(dragged.current, index, null);
              dragged.current = null;
            }}
          >
            <Icon icon={dragHandle} className="vitrine-reorder__handle" />
            <span className="vitrine-reorder__label">{getLabel(item)}</span>
            {renderExtra?.(item)}
            <Button
              size="small"
              icon={chevronUp}
              label={sprintf(__('Move %s up'), getLabel(item))}
              data-move="up"
              disabled={index === 0}
              accessibleWhenDisabled
              onClick={() => move(index, index - 1, 'up')}
            />
            <Button
              size="small"
              icon={chevronDown}
              label={sprintf(__('Move %s down'), getLabel(item))}
              data-move="down"
              disabled={index === items.length - 1}
              accessibleWhenDisabled
              onClick={() => move(index, index + 1, 'down')}
            />
          </li>
        ))}
      </ol>
      <div className="screen-reader-text" aria-live="polite">
        {announcement}
      </div>
    </>
  );
}
