import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import type { ReactNode } from 'react';

interface SortableListProps<T extends { _id: string }> {
  items: T[];
  /** How the list is named to assistive technology ("Rows of Home"). */
  label: string;
  /** The item's name, for its handle ("Reorder Popular") and the drag announcements. */
  itemLabel: (item: T) => string;
  renderItem: (item: T) => ReactNode;
  /** The ids in their new order, once an item is dropped somewhere else. */
  onReorder: (ids: string[]) => void;
  disabled?: boolean;
}

/**
 * A list reordered by dragging an item's handle, with the mouse, touch or the keyboard (focus the
 * handle, Space to lift, arrows to move, Space to drop, Escape to cancel); every move is announced.
 */
export function SortableList<T extends { _id: string }>({ items, label, itemLabel, renderItem, onReorder, disabled = false }: SortableListProps<T>) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => {
    const item = items.find((candidate) => candidate._id === id);
    return item ? itemLabel(item) : String(id);
  };
  const positionOf = (id: string | number) => items.findIndex((item) => item._id === id) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item._id === active.id);
    const to = items.findIndex((item) => item._id === over.id);
    onReorder(arrayMove(items, from, to).map((item) => item._id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: 'To reorder, press Space to lift the item, the arrow keys to move it, Space again to drop it, or Escape to cancel.' },
        announcements: {
          onDragStart: ({ active }) => `Lifted ${nameOf(active.id)}, position ${positionOf(active.id)} of ${items.length}.`,
          onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : undefined),
          onDragEnd: ({ active, over }) => (over ? `Dropped ${nameOf(active.id)} at position ${positionOf(over.id)} of ${items.length}.` : `Dropped ${nameOf(active.id)}.`),
          onDragCancel: ({ active }) => `Cancelled. ${nameOf(active.id)} stays where it was.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item._id)} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol aria-label={label} className="flex flex-col gap-2">
          {items.map((item) => (
            <SortableItem key={item._id} id={item._id} label={itemLabel(item)} disabled={disabled}>
              {renderItem(item)}
            </SortableItem>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, label, disabled, children }: { id: string; label: string; disabled: boolean; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-3 rounded-lg bg-zinc-900 p-2 ring-1 ring-white/10 ${isDragging ? 'relative z-10 ring-amber-400' : ''}`}
    >
      {!disabled && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Reorder ${label}`}
          className="cursor-grab rounded p-1 text-zinc-400 hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-amber-400"
        >
          <GripVertical aria-hidden="true" className="size-4" />
        </button>
      )}
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}
