import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type Data,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconGripVertical, IconLock } from '@tabler/icons-react';
import { forwardRef, useState, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import './sortable.css';

/** Dragging by pointer or touch once it moved 6 px (so a tap stays a click), and by keyboard (space, arrows, space). */
export function useSortSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

/** One row of a sortable list: the props of its node (moved while dragged) and of its drag handle. */
export function useSortableRow(id: string, { disabled = false, data }: { disabled?: boolean; data?: Data } = {}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
    disabled,
    data,
  });
  return {
    row: {
      ref: setNodeRef,
      style: { transform: CSS.Translate.toString(transform), transition },
      'data-sorting': isDragging || undefined,
    },
    handle: { ref: setActivatorNodeRef, ...attributes, ...listeners },
  };
}

type DragHandleProps = ActionIconProps & ComponentPropsWithoutRef<'button'> & { label: string; locked?: boolean };

/** The grip a row is dragged by (a lock while reordering is not allowed); spread a row's `handle` props on it. */
export const DragHandle = forwardRef<HTMLButtonElement, DragHandleProps>(({ label, locked, ...rest }, ref) => (
  <ActionIcon ref={ref} variant="subtle" color="gray" className="sy-drag-handle" aria-label={label} {...rest}>
    {locked ? <IconLock size={18} aria-hidden /> : <IconGripVertical size={20} aria-hidden />}
  </ActionIcon>
));

interface Props {
  ids: string[];
  /** How an item is named when its moves are announced. */
  nameOf(id: string): string;
  /** What an item is, for the screen reader's instructions: 'an environment'. */
  itemNoun: string;
  onReorder(ids: string[]): Promise<unknown>;
  /** The list in the order shown: each row uses useSortableRow. */
  children(shown: string[]): ReactNode;
}

/**
 * A list reordered by dragging a row's handle (pointer or touch) or with the keyboard (focus the handle, space to
 * pick up, arrows to move, space to drop; each step announced). A drop shows the new order at once, until
 * `onReorder` settles and the list's own order takes over again.
 */
export function SortableList({ ids, nameOf, itemNoun, onReorder, children }: Props) {
  const [order, setOrder] = useState<string[]>();
  const sensors = useSortSensors();
  const shown = order && order.length === ids.length && order.every((id) => ids.includes(id)) ? order : ids;
  const name = (id: UniqueIdentifier) => nameOf(String(id));
  const position = (id: UniqueIdentifier | undefined) => `position ${shown.indexOf(String(id)) + 1} of ${shown.length}`;

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}, in ${position(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${name(active.id)} is over ${position(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} was dropped in ${position(over.id)}.` : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
  const screenReaderInstructions = {
    draggable: `To move ${itemNoun}, press space or enter to pick it up, use the up and down arrow keys to move it, and press space or enter again to drop it. Press escape to cancel.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = arrayMove(shown, shown.indexOf(String(active.id)), shown.indexOf(String(over.id)));
    setOrder(next);
    void onReorder(next).finally(() => setOrder(undefined));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={shown} strategy={verticalListSortingStrategy}>
        {children(shown)}
      </SortableContext>
    </DndContext>
  );
}
