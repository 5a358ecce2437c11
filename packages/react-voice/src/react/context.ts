import { createContext, useContext, useMemo, useRef, useSyncExternalStore } from 'react';
import type { VoiceController } from '../controller/voice-controller';
import type { VoiceState } from '../controller/types';

/** The controller the hooks read. @internal */
export const VoiceControllerContext = createContext<VoiceController | null>(null);

/**
 * The voice controller of the nearest `VoiceProvider`; throws outside one.
 * @public
 */
export function useVoiceController(): VoiceController {
  const controller = useContext(VoiceControllerContext);
  if (!controller) throw new Error('useVoiceController must be used inside a <VoiceProvider>.');
  return controller;
}

/**
 * Selects part of the voice state. The component re-renders only when the selected value changes
 * (`isEqual`, default `Object.is`): select a slice (`(s) => s.call`) or a field, or pass an
 * equality for derived objects.
 * @example
 * ```tsx
 * const status = useVoiceSelector((s) => s.call.status);
 * ```
 * @public
 */
export function useVoiceSelector<T>(
  selector: (state: VoiceState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const controller = useVoiceController();
  // The last selection, kept across renders so that an equal selection keeps its identity.
  const last = useRef<{
    state: VoiceState;
    selector: (state: VoiceState) => T;
    selection: T;
  } | null>(null);
  const getSnapshot = useMemo(
    () => (): T => {
      const state = controller.getState();
      const previous = last.current;
      if (previous && previous.state === state && previous.selector === selector)
        return previous.selection;
      const selection = selector(state);
      if (previous && isEqual(previous.selection, selection)) {
        last.current = { state, selector, selection: previous.selection };
        return previous.selection;
      }
      last.current = { state, selector, selection };
      return selection;
    },
    [controller, selector, isEqual],
  );
  return useSyncExternalStore(controller.subscribe, getSnapshot, getSnapshot);
}
