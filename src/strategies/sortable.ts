/** Reordering strategy lists with @dnd-kit (the classic Activation tab and the new view's Strategies tab). */
import { KeyboardSensor, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';

/** A strategy's id in a sortable list: its id, or its place while it has none. */
export function sortableStrategyId(strategy: { id?: string }, index: number): string {
  return strategy.id ?? `index-${index}`;
}

/** Dragging by pointer or touch once it moved 6 px (so a tap stays a click), and by keyboard (space, arrows, space). */
export function useStrategySensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}
