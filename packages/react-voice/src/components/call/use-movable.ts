import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, RefObject } from 'react';

/**
 * A position offset in px, from where an element is placed (the call panel's `initialOffset`).
 * @public
 */
export interface Offset {
  /** Horizontal offset in px (negative: to the left). */
  readonly x: number;
  /** Vertical offset in px (negative: upwards). */
  readonly y: number;
}

/** Keyboard steps of the move handle (px): arrows, Shift+arrows. */
export const MOVE_STEP = 10;
export const MOVE_STEP_LARGE = 50;

/** Clamps a move so that the element stays inside the viewport. */
function clampMove(el: HTMLElement | null, from: Offset, to: Offset): Offset {
  if (!el) return to;
  const rect = el.getBoundingClientRect();
  const view = el.ownerDocument.documentElement;
  const width = view.clientWidth;
  const height = view.clientHeight;
  // The rect is at `from`; where may it go?
  const minX = from.x - rect.left;
  const maxX = from.x + (width - rect.right);
  const minY = from.y - rect.top;
  const maxY = from.y + (height - rect.bottom);
  // Whole pixels that stay inside (the anchor may sit at a fraction of a pixel).
  const within = (value: number, a: number, b: number): number =>
    Math.min(Math.max(Math.round(value), Math.ceil(Math.min(a, b))), Math.floor(Math.max(a, b)));
  return { x: within(to.x, minX, maxX), y: within(to.y, minY, maxY) };
}

/**
 * Moves an element by a translate offset: drag its handle with a pointer, or focus the handle and
 * use the arrow keys (Shift for larger steps). It never leaves the viewport.
 */
export function useMovable(target: RefObject<HTMLElement | null>, initial: Offset) {
  const [offset, setOffset] = useState<Offset>(initial);
  // Keep it on screen: when it first shows (a narrow window) and when the window is resized.
  // It is placed from its anchor (the host's chip), whose size changes with the agent's status,
  // and it grows itself (connected controls, the keypad): fit again when either changes size.
  useLayoutEffect(() => {
    const el = target.current;
    if (!el) return;
    const fit = (): void =>
      setOffset((current) => {
        const next = clampMove(target.current, current, current);
        return next.x === current.x && next.y === current.y ? current : next;
      });
    fit();
    const view = el.ownerDocument.defaultView;
    view?.addEventListener('resize', fit);
    const observer = view?.ResizeObserver ? new view.ResizeObserver(fit) : null;
    observer?.observe(el);
    if (el.parentElement) observer?.observe(el.parentElement);
    return () => {
      view?.removeEventListener('resize', fit);
      observer?.disconnect();
    };
  }, [target]);
  const drag = useRef<{ pointerId: number; startX: number; startY: number; from: Offset } | null>(
    null,
  );

  const onPointerDown = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture(e.pointerId);
      drag.current = { pointerId: e.pointerId, startX: e.clientX, startY: e.clientY, from: offset };
    },
    [offset],
  );
  const onPointerMove = useCallback(
    (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d || d.pointerId !== e.pointerId) return;
      const to = { x: d.from.x + e.clientX - d.startX, y: d.from.y + e.clientY - d.startY };
      setOffset((current) => clampMove(target.current, current, to));
    },
    [target],
  );
  const onPointerUp = useCallback((e: PointerEvent<HTMLElement>) => {
    if (drag.current?.pointerId === e.pointerId) drag.current = null;
  }, []);
  const onKeyDown = useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      const step = e.shiftKey ? MOVE_STEP_LARGE : MOVE_STEP;
      const delta: Readonly<Record<string, Offset>> = {
        ArrowLeft: { x: -step, y: 0 },
        ArrowRight: { x: step, y: 0 },
        ArrowUp: { x: 0, y: -step },
        ArrowDown: { x: 0, y: step },
      };
      const d = delta[e.key];
      if (!d) return;
      e.preventDefault();
      setOffset((current) =>
        clampMove(target.current, current, { x: current.x + d.x, y: current.y + d.y }),
      );
    },
    [target],
  );

  return {
    offset,
    handleProps: {
      onPointerDown,
      onPointerMove,
      onPointerUp,
      onPointerCancel: onPointerUp,
      onKeyDown,
    },
  };
}
